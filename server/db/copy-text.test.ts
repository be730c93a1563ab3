import { describe, expect, it } from 'vitest'
import { copyField, copyText } from './copy-text.ts'

describe('COPY text format', () => {
  it('writes null as \\N and booleans as t/f', () => {
    expect(copyField(null)).toBe('\\N')
    expect(copyField(undefined)).toBe('\\N')
    expect(copyField(true)).toBe('t')
    expect(copyField(false)).toBe('f')
  })

  it('escapes backslash, tab, newline and carriage return so a field never splits a row', () => {
    expect(copyField('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re')
    expect(copyField('C:\\path\\N')).toBe('C:\\\\path\\\\N')
  })

  it('writes JSON values as their JSON text, escaped', () => {
    expect(copyField([{ url: 'https://x', comment: 'line\nbreak' }], true)).toBe(
      '[{"url":"https://x","comment":"line\\\\nbreak"}]',
    )
  })

  it('joins rows with tabs and newlines, with leading fields first', () => {
    const text = copyText(
      [
        { name: 'name', asJson: false },
        { name: 'tags', asJson: true },
      ],
      [{ name: 'a', tags: ['x'] }, { name: 'b' }],
      [7],
    )
    expect(text).toBe('7\ta\t["x"]\n7\tb\t\\N\n')
  })
})
