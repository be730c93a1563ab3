import { describe, expect, it } from 'vitest'
import { compileMatcher, matcherPattern } from './matcher.ts'

// Contract: dt-behaviour.md §3.3, the Matcher used by MATCHES / NO_MATCH.
const matches = (value: string | null, pattern: string | undefined) =>
  compileMatcher(pattern)!(value)

describe('policy matcher', () => {
  it('rewrites the pattern as 4.13 does: * widens, ..* collapses, open sides get .*', () => {
    expect(matcherPattern('lodash')).toBe('.*lodash.*')
    expect(matcherPattern('pkg:npm/*')).toBe('.*pkg:npm/.*')
    expect(matcherPattern('^pkg:npm/lodash@4.*')).toBe('^pkg:npm/lodash@4.*')
    expect(matcherPattern('lodash.*')).toBe('.*lodash.*')
    expect(matcherPattern('^a.*b')).toBe('^a.*b.*')
    expect(matcherPattern('.*tail$')).toBe('.*tail$')
  })

  it('matches an unanchored pattern anywhere in the value', () => {
    expect(matches('pkg:npm/lodash@4.17.21', 'lodash')).toBe(true)
    expect(matches('pkg:npm/lodash@4.17.21', 'underscore')).toBe(false)
  })

  it('anchors at the start with ^ and at the end with $', () => {
    expect(matches('pkg:npm/lodash@4.17.21', '^pkg:npm/')).toBe(true)
    expect(matches('xpkg:npm/lodash', '^pkg:npm/')).toBe(false)
    expect(matches('pkg:npm/lodash@4.17.21', '4.17.21$')).toBe(true)
    expect(matches('pkg:npm/lodash@4.17.21?x=1', '4.17.21$')).toBe(false)
    expect(matches('acme', '^acme$')).toBe(true)
    expect(matches('acme-core', '^acme$')).toBe(false)
  })

  it('reads the value as a regular expression over the whole value', () => {
    expect(matches('pkg:maven/org.apache/log4j-core@2.14.1', 'log4j-(core|api)@2\\.1[0-4]')).toBe(
      true,
    )
    expect(matches('pkg:maven/org.apache/log4j-core@2.15.0', 'log4j-core@2\\.1[0-4]')).toBe(false)
    // A dot is any character, as in Java.
    expect(matches('lodashXjs', 'lodash.js')).toBe(true)
  })

  it('keeps the meaning of a top-level alternation (each side anchored by the rewriting)', () => {
    // `.*a|b.*` is "ends with a" or "starts with b", not "contains a or b".
    expect(matches('xxa', 'a|b')).toBe(true)
    expect(matches('bxx', 'a|b')).toBe(true)
    expect(matches('xbx', '.*a|b.*')).toBe(false)
  })

  it('treats a value with line breaks like Java: a dot does not cross them', () => {
    expect(matches('first\nsecond', 'second')).toBe(false)
    expect(matches('second', 'second')).toBe(true)
  })

  it("turns Java's inline flags into flags of the pattern", () => {
    expect(matches('pkg:npm/LoDash@1', '(?i)lodash')).toBe(true)
    expect(matches('pkg:npm/LoDash@1', 'lodash')).toBe(false)
  })

  it('matches both nulls, and never exactly one null', () => {
    expect(matches(null, undefined)).toBe(true)
    expect(matches('acme', undefined)).toBe(false)
    expect(matches(null, 'acme')).toBe(false)
    expect(matches(undefined as never, 'acme')).toBe(false)
  })

  it('refuses a pattern JavaScript cannot compile', () => {
    expect(compileMatcher('lodash(')).toBeNull()
    expect(compileMatcher('a++b')).toBeNull()
    expect(compileMatcher('(?x)a b')).toBeNull()
  })
})
