import { describe, expect, it } from 'vitest'
import { compareVersions, schemeForPurlType, VERSION_SCHEMES } from './index.ts'
import { expectAscending, expectEqual } from './testing.ts'

describe('schemeForPurlType', () => {
  it('maps purl types to their scheme, anything else to generic', () => {
    expect(schemeForPurlType('npm')).toBe('npm')
    expect(schemeForPurlType('PyPI')).toBe('pypi')
    expect(schemeForPurlType('golang')).toBe('golang')
    expect(schemeForPurlType('swift')).toBe('semver')
    expect(schemeForPurlType('conan')).toBe('generic')
    expect(schemeForPurlType(undefined)).toBe('generic')
  })
})

describe('compareVersions', () => {
  it('answers -1, 0 or 1 in every scheme', () => {
    for (const scheme of VERSION_SCHEMES) {
      expect(compareVersions(scheme, '1.2.0', '1.10.0'), scheme).toBe(-1)
      expect(compareVersions(scheme, '1.10.0', '1.2.0'), scheme).toBe(1)
      expect(compareVersions(scheme, '1.10.0', '1.10.0'), scheme).toBe(0)
    }
  })

  it('gives the same answer for a string it has already parsed, valid or not', () => {
    for (let i = 0; i < 3; i++) {
      expect(compareVersions('npm', 'latest', '1.0.0')).toBeUndefined()
      expect(compareVersions('deb', '1:2.0', '3.0')).toBe(1)
    }
  })

  it('orders the same strings differently per ecosystem', () => {
    expect(compareVersions('maven', '1.0-rc1', '1.0')).toBe(-1)
    expect(compareVersions('deb', '1.0-rc1', '1.0')).toBe(1)
    expect(compareVersions('pypi', '1.0-1', '1.0')).toBe(1)
    expect(compareVersions('semver', '1.0.0-1', '1.0.0')).toBe(-1)
  })
})

describe('generic ordering (4.13 ComponentVersion, for CPE ranges)', () => {
  it('compares numeric tokens by value and ignores one trailing zero', () => {
    expectAscending('generic', ['2.4.9', '2.4.10', '2.5', '10.0'])
    expectEqual('generic', [
      ['2.4', '2.4.0'],
      ['2.4.0-0ubuntu1', '2.4.0'],
    ])
  })
})
