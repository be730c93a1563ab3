import { describe, expect, it } from 'vitest'
import { allowedEdits, editDistance, wantsFuzzy } from './fuzzy.ts'
import { analysisTarget } from './matching.ts'

describe('fuzzy product matching (Lucene ~0.88 without Lucene)', () => {
  it('allows min(⌊0.12 × length⌋, 2) edits', () => {
    expect(allowedEdits(8)).toBe(0)
    expect(allowedEdits(9)).toBe(1)
    expect(allowedEdits(17)).toBe(2)
    expect(allowedEdits(40)).toBe(2)
  })

  it('counts insertions, deletions, substitutions and adjacent transpositions', () => {
    expect(editDistance('imagemagick', 'imagemagik')).toBe(1)
    expect(editDistance('openssl', 'opnessl')).toBe(1)
    expect(editDistance('kitten', 'sitting')).toBe(3)
    expect(editDistance('abc', 'abc')).toBe(0)
  })
})

describe('wantsFuzzy (4.13 §2.3 settings)', () => {
  const component = (purl: string | null, internal = false) => ({
    id: 1,
    uuid: 'u',
    projectId: 1,
    name: 'zlib',
    group: null,
    version: '1.0',
    purl,
    cpe: purl ? null : 'cpe:2.3:a:zlib:zlib:1.0:*:*:*:*:*:*:*',
    internal,
    classifier: 'LIBRARY',
  })
  const on = new Map([['internal.fuzzy.enabled', 'true']])
  const check = (c: ReturnType<typeof component>, settings: Map<string, string>) =>
    wantsFuzzy(c, analysisTarget(c), settings)

  it('is off by default', () => {
    expect(check(component(null), new Map())).toBe(false)
  })

  it('skips purl components except Debian ones, and internal ones, unless told otherwise', () => {
    expect(check(component(null), on)).toBe(true)
    expect(check(component('pkg:npm/zlib@1.0'), on)).toBe(false)
    expect(check(component('pkg:deb/debian/zlib@1.0'), on)).toBe(true)
    expect(check(component(null, true), on)).toBe(false)
    const lenient = new Map([
      ...on,
      ['internal.fuzzy.exclude.purl', 'false'],
      ['internal.fuzzy.exclude.internal', 'false'],
    ])
    expect(check(component('pkg:npm/zlib@1.0'), lenient)).toBe(true)
    expect(check(component(null, true), lenient)).toBe(true)
  })
})
