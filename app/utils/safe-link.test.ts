import { describe, expect, it } from 'vitest'
import { safeExternalHref } from './safe-link.ts'

describe('safeExternalHref', () => {
  it('links web and mail addresses only', () => {
    expect(safeExternalHref('https://git.example/repo')).toBe('https://git.example/repo')
    expect(safeExternalHref('mailto:security@example.com')).toBe('mailto:security@example.com')
    expect(safeExternalHref('javascript:alert(1)')).toBeUndefined()
    expect(safeExternalHref('data:text/html,hi')).toBeUndefined()
    expect(safeExternalHref('not a url')).toBeUndefined()
  })
})
