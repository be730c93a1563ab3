import { describe, expect, it } from 'vitest'
import { feedNames, parseFeedMeta } from './nvd-feeds.ts'

describe('NVD feed .meta', () => {
  it('reads sha256 (lower-cased) and the uncompressed size', () => {
    const meta = parseFeedMeta(
      'lastModifiedDate:2025-08-25T03:00:56-04:00\r\nsize:173675564\r\nzipSize:15601830\r\ngzSize:15601694\r\nsha256:C7C69BD35B2665368BD8E0FBC53830C37635409F3ED7B36BCFACF9EB02072152\r\n',
    )
    expect(meta).toEqual({
      sha256: 'c7c69bd35b2665368bd8e0fbc53830c37635409f3ed7b36bcfacf9eb02072152',
      size: 173675564,
    })
  })

  it('is undefined without a usable hash or size', () => {
    expect(parseFeedMeta('<html>Not found</html>')).toBeUndefined()
    expect(parseFeedMeta('size:12\nsha256:abc\n')).toBeUndefined()
  })
})

describe('feedNames', () => {
  it('lists every year from 2002 to the current one, then the modified feed', () => {
    const names = feedNames(new Date('2025-03-01T00:00:00Z'))
    expect(names[0]).toBe('2002')
    expect(names.at(-2)).toBe('2025')
    expect(names.at(-1)).toBe('modified')
    expect(names).toHaveLength(2025 - 2002 + 2)
  })
})
