import { describe, expect, it } from 'vitest'
import { advisoryUrl, resolveAliases, sourceName, vulnerabilityPath } from './sources.ts'

describe('resolveAliases', () => {
  it("lists the other sources' ids once each, sorted, leaving out the vulnerability's own source", () => {
    const aliases = resolveAliases({
      source: 'NVD',
      vulnId: 'CVE-2021-44228',
      aliases: [
        { cveId: 'CVE-2021-44228', ghsaId: 'GHSA-jfh8-c2jp-5v3q' },
        { cveId: 'CVE-2021-45046', osvId: 'GHSA-jfh8-c2jp-5v3q' },
        { cveId: 'CVE-2021-44228', gsdId: 'GSD-2021-44228' },
      ],
    })
    expect(aliases).toEqual([
      {
        source: 'GITHUB',
        vulnId: 'GHSA-jfh8-c2jp-5v3q',
        path: '/vulnerabilities/GITHUB/GHSA-jfh8-c2jp-5v3q',
      },
      { source: 'GSD', vulnId: 'GSD-2021-44228', path: undefined },
    ])
  })

  it('gives nothing without alias records', () => {
    expect(resolveAliases({ source: 'INTERNAL', vulnId: 'INT-1' })).toEqual([])
  })
})

it('names sources, links their advisories and escapes ids in console paths', () => {
  expect(sourceName('GITHUB')).toEqual({ name: 'GitHub Advisories' })
  expect(sourceName('INTERNAL')).toEqual({ key: 'vulnerabilities.source.internal' })
  expect(advisoryUrl('NVD', 'CVE-2024-1')).toBe('https://nvd.nist.gov/vuln/detail/CVE-2024-1')
  expect(advisoryUrl('INTERNAL', 'INT-1')).toBeUndefined()
  expect(vulnerabilityPath('OSV', 'A/B')).toBe('/vulnerabilities/OSV/A%2FB')
})
