import { describe, expect, it } from 'vitest'
import { purlTypeOf, versionStatus } from './latest.ts'

describe('versionStatus', () => {
  it('is unknown without both versions', () => {
    expect(versionStatus({ version: '1.0.0' })).toBeUndefined()
    expect(versionStatus({ latestVersion: '1.0.0' })).toBeUndefined()
    expect(versionStatus({ version: '', latestVersion: '1.0.0' })).toBeUndefined()
  })

  it('says outdated, unstable or latest', () => {
    const purl = 'pkg:npm/left-pad@1.1.0'
    expect(versionStatus({ version: '1.1.0', latestVersion: '1.3.0', purl })).toBe('outdated')
    expect(versionStatus({ version: '2.0.0-rc.1', latestVersion: '1.3.0', purl })).toBe('unstable')
    expect(versionStatus({ version: '1.3.0', latestVersion: '1.3.0', purl })).toBe('latest')
  })

  it("orders in the component's ecosystem", () => {
    // Maven: a service pack is newer than the release, a milestone older.
    const maven = 'pkg:maven/org.acme/lib@1.0'
    expect(versionStatus({ version: '1.0', latestVersion: '1.0-sp1', purl: maven })).toBe(
      'outdated',
    )
    expect(versionStatus({ version: '1.0', latestVersion: '1.0-m1', purl: maven })).toBe('unstable')
    // PyPI: a development release comes before the alpha; 1.0 and 1.0.0 are one version.
    const pypi = 'pkg:pypi/acme@1.0a1'
    expect(versionStatus({ version: '1.0.dev1', latestVersion: '1.0a1', purl: pypi })).toBe(
      'outdated',
    )
    expect(versionStatus({ version: '1.0.0', latestVersion: '1.0', purl: pypi })).toBe('latest')
    // NuGet labels are case-insensitive; Go modules carry a v.
    expect(
      versionStatus({ version: '1.0.0-RC1', latestVersion: '1.0.0-rc1', purl: 'pkg:nuget/A@1' }),
    ).toBe('latest')
    expect(
      versionStatus({ version: 'v1.2.3', latestVersion: 'v1.10.0', purl: 'pkg:golang/x/y@v1' }),
    ).toBe('outdated')
  })

  it("falls back to 4.13's rule for unknown types and versions outside the scheme", () => {
    // No purl: FlexVer after dropping the v.
    expect(versionStatus({ version: 'v1.9', latestVersion: '1.10' })).toBe('outdated')
    expect(versionStatus({ version: '1.5', latestVersion: '1.5-pre1' })).toBe('unstable')
    // A purl type without a scheme (conan), and an npm tag that is no version.
    expect(
      versionStatus({ version: '2:1.0', latestVersion: '1:9.0', purl: 'pkg:conan/zlib@1' }),
    ).toBe('unstable')
    expect(versionStatus({ version: 'next', latestVersion: 'next', purl: 'pkg:npm/a@next' })).toBe(
      'latest',
    )
  })
})

describe('purlTypeOf', () => {
  it('reads the type, lower case', () => {
    expect(purlTypeOf('pkg:NPM/%40scope/name@1')).toBe('npm')
    expect(purlTypeOf('pkg:/maven/g/a@1')).toBe('maven')
    expect(purlTypeOf('not a purl')).toBeUndefined()
    expect(purlTypeOf(undefined)).toBeUndefined()
  })
})
