import { describe, expect, it } from 'vitest'
import { formatDate } from './date.ts'

const instant = Date.UTC(2017, 0, 15, 14, 5, 9)

describe('formatDate', () => {
  it('writes day, short month and year in the reader’s language', () => {
    expect(formatDate(instant, 'en', { timeZone: 'UTC' })).toBe('15 Jan 2017')
    expect(formatDate(instant, 'de', { timeZone: 'UTC' })).toBe('15. Jan. 2017')
    expect(formatDate(instant, 'fr', { timeZone: 'UTC' })).toBe('15 janv. 2017')
    expect(formatDate(instant, 'ja', { timeZone: 'UTC' })).toBe('2017年1月15日')
  })

  it('adds a zero-padded 24-hour time when asked', () => {
    const text = formatDate(Date.UTC(2017, 0, 15, 4, 5, 9), 'en', {
      withTime: true,
      timeZone: 'UTC',
    })
    expect(text).toContain('15 Jan 2017')
    expect(text).toContain('04:05:09')
  })

  it('returns an empty string for missing or invalid dates', () => {
    expect(formatDate(undefined, 'en')).toBe('')
    expect(formatDate(Number.NaN, 'en')).toBe('')
  })
})
