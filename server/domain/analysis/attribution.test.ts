import { describe, expect, it } from 'vitest'
import { truncateReferenceUrl } from './attribution.ts'

describe('truncateReferenceUrl (4.13 §2.1)', () => {
  it('keeps a URL of up to 255 characters as it is', () => {
    const url = `https://example.com/${'a'.repeat(235)}`
    expect(url.length).toBe(255)
    expect(truncateReferenceUrl(url)).toBe(url)
    expect(truncateReferenceUrl('https://example.com/?q=1')).toBe('https://example.com/?q=1')
  })

  it('drops the query string of a longer URL first', () => {
    const url = `https://ossindex.sonatype.org/component/pkg:npm/a@1?utm=${'x'.repeat(300)}`
    expect(truncateReferenceUrl(url)).toBe('https://ossindex.sonatype.org/component/pkg:npm/a@1')
  })

  it('then cuts what is still too long to 255 characters', () => {
    const path = `https://example.com/${'p'.repeat(400)}`
    expect(truncateReferenceUrl(`${path}?a=b`)).toBe(path.slice(0, 255))
  })

  it('stores nothing for an empty URL', () => {
    expect(truncateReferenceUrl(undefined)).toBeNull()
    expect(truncateReferenceUrl('')).toBeNull()
  })
})
