import { describe, expect, it } from 'vitest'
import {
  InvalidOsvDocument,
  mapOsvDocument,
  osvAffectedSoftware,
  osvAliases,
  osvSeverity,
  osvSourceOf,
  trimSummary,
} from './osv-mapping.ts'

// dt-behaviour §2.6 OSV, one rule per test, on small records in the OSV schema's shape.

const V3_HIGH = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H' // 7.5
const V3_CRITICAL = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' // 9.8
const V2_MEDIUM = 'AV:N/AC:M/Au:N/C:P/I:N/A:N' // 4.3
const V4 = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N'

function advisory(extra: Record<string, unknown> = {}) {
  return {
    schema_version: '1.6.0',
    id: 'RUSTSEC-2024-0042',
    modified: '2024-05-02T11:12:13.456Z',
    published: '2024-04-30T00:00:00Z',
    summary: 'Stack overflow in the parser',
    details: 'Deeply nested input overflows the stack.',
    affected: [],
    ...extra,
  }
}

const affected = (extra: Record<string, unknown>) => ({
  package: { ecosystem: 'crates.io', name: 'tiny-parse', purl: 'pkg:cargo/tiny-parse' },
  ...extra,
})
const range = (type: string, ...events: Record<string, string>[]) => ({ type, events })

describe('the advisory itself', () => {
  it('skips withdrawn advisories and refuses documents that are not OSV records', () => {
    expect(mapOsvDocument(advisory({ withdrawn: '2024-06-01T00:00:00Z' }))).toBeUndefined()
    expect(() => mapOsvDocument({ summary: 'no id' })).toThrow(InvalidOsvDocument)
    expect(() => mapOsvDocument([1, 2])).toThrow(InvalidOsvDocument)
  })

  it('maps id, summary, details, dates, references and credits', () => {
    const record = mapOsvDocument(
      advisory({
        references: [
          { type: 'ADVISORY', url: 'https://example.test/a' },
          { type: 'WEB', url: 'https://example.test/b' },
        ],
        credits: [{ name: 'Ada', contact: ['mailto:ada@example.test'] }, { name: 'Grace' }],
      }),
    )!
    expect(record).toMatchObject({
      source: 'OSV',
      vulnId: 'RUSTSEC-2024-0042',
      title: 'Stack overflow in the parser',
      description: 'Deeply nested input overflows the stack.',
      published: new Date('2024-04-30T00:00:00Z'),
      updated: new Date('2024-05-02T11:12:13.456Z'),
      references:
        '* [https://example.test/a](https://example.test/a)\n* [https://example.test/b](https://example.test/b)',
      credits: 'Ada, Grace',
    })
    expect(mapOsvDocument(advisory())).toMatchObject({ references: null, credits: null })
  })

  it('cuts summaries longer than 255 characters to 253 and two dots', () => {
    const exact = 'x'.repeat(255)
    expect(trimSummary(exact)).toBe(exact)
    expect(trimSummary(`${exact}y`)).toBe(`${'x'.repeat(253)}..`)
    expect(trimSummary(undefined)).toBeNull()
  })

  it('takes the source from the id prefix', () => {
    expect(osvSourceOf('GHSA-77rv-6vfw-x4gc')).toBe('GITHUB')
    expect(osvSourceOf('CVE-2021-34552')).toBe('NVD')
    expect(osvSourceOf('PYSEC-2021-1')).toBe('OSV')
    expect(osvSourceOf('GSD-2022-1000008')).toBe('OSV')
    expect(osvSourceOf('CVEX-1')).toBe('OSV')
  })

  it('keeps only CWEs the dictionary knows, once each', () => {
    const record = mapOsvDocument(
      advisory({ database_specific: { cwe_ids: ['CWE-79', 'CWE-79', 'CWE-99999999', 'CWE-601'] } }),
    )!
    expect(record.cwes).toEqual([79, 601])
    expect(mapOsvDocument(advisory())!.cwes).toBeNull()
  })

  it('stores the CVSS vectors (v4 too) but no base scores', () => {
    const record = mapOsvDocument(
      advisory({
        severity: [
          { type: 'CVSS_V2', score: V2_MEDIUM },
          { type: 'CVSS_V3', score: V3_HIGH },
          { type: 'CVSS_V4', score: V4 },
        ],
      }),
    )!
    expect(record).toMatchObject({
      cvssV2Vector: V2_MEDIUM,
      cvssV3Vector: V3_HIGH,
      cvssV4Vector: V4,
    })
    expect(record.cvssV3BaseScore).toBeUndefined()
    expect(record.cvssV2BaseScore).toBeUndefined()
  })
})

describe('severity', () => {
  const withPackages = (...severities: Record<string, unknown>[]) =>
    advisory({ affected: severities.map((extra) => affected(extra)) })

  it('derives it from the CVSSv3 vector first, then the CVSSv2 vector', () => {
    expect(
      osvSeverity(
        advisory({
          severity: [
            { type: 'CVSS_V2', score: V2_MEDIUM },
            { type: 'CVSS_V3', score: V3_CRITICAL },
          ],
          database_specific: { severity: 'LOW' },
        }),
      ),
    ).toBe('CRITICAL')
    expect(
      osvSeverity(
        advisory({
          severity: [{ type: 'CVSS_V2', score: V2_MEDIUM }],
          database_specific: { severity: 'CRITICAL' },
        }),
      ),
    ).toBe('MEDIUM')
  })

  it('passes over a vector that cannot be scored', () => {
    expect(
      osvSeverity(
        advisory({
          severity: [
            { type: 'CVSS_V3', score: 'CVSS:3.1/AV:N' },
            { type: 'CVSS_V2', score: V2_MEDIUM },
          ],
        }),
      ),
    ).toBe('MEDIUM')
  })

  it('then the database severity, MODERATE read as MEDIUM', () => {
    expect(osvSeverity(advisory({ database_specific: { severity: 'MODERATE' } }))).toBe('MEDIUM')
    expect(osvSeverity(advisory({ database_specific: { severity: 'high' } }))).toBe('HIGH')
  })

  it('then the highest package severity (its cvss vector, else ecosystem_specific)', () => {
    expect(
      osvSeverity(
        withPackages(
          { ecosystem_specific: { severity: 'MEDIUM' } },
          { ecosystem_specific: { severity: 'LOW' } },
        ),
      ),
    ).toBe('MEDIUM')
    expect(
      osvSeverity(
        withPackages(
          { database_specific: { cvss: V3_HIGH } },
          { database_specific: { cvss: V3_CRITICAL } },
        ),
      ),
    ).toBe('CRITICAL')
    // A database severity 4.13 does not know falls through to the packages.
    expect(
      osvSeverity(
        advisory({
          database_specific: { severity: 'MEDIUM' },
          affected: [affected({ ecosystem_specific: { severity: 'HIGH' } })],
        }),
      ),
    ).toBe('HIGH')
  })

  it('else UNASSIGNED', () => {
    expect(osvSeverity(advisory())).toBe('UNASSIGNED')
    expect(osvSeverity(withPackages({}))).toBe('UNASSIGNED')
  })
})

describe('affected ranges', () => {
  const bounds = (extra: Record<string, unknown>) =>
    osvAffectedSoftware(affected(extra)).map((software) => ({
      start: software.versionStartIncluding,
      endExcluding: software.versionEndExcluding,
      endIncluding: software.versionEndIncluding,
      version: software.version,
    }))

  it('turns each introduced event and the event after it into a range', () => {
    expect(
      bounds({
        ranges: [
          range(
            'ECOSYSTEM',
            { introduced: '0' },
            { fixed: '1.0.1' },
            { introduced: '2.0.0' },
            { last_affected: '2.3.0' },
          ),
          range('SEMVER', { introduced: '3.0.0' }, { limit: '3.5.0' }),
        ],
      }),
    ).toEqual([
      { start: undefined, endExcluding: '1.0.1', endIncluding: undefined, version: undefined },
      { start: '2.0.0', endExcluding: undefined, endIncluding: '2.3.0', version: undefined },
      { start: '3.0.0', endExcluding: '3.5.0', endIncluding: undefined, version: undefined },
    ])
  })

  it('leaves a range open when the next event is another introduced', () => {
    expect(
      bounds({
        ranges: [
          range('ECOSYSTEM', { introduced: '1.0' }, { introduced: '2.0' }, { fixed: '2.1' }),
        ],
      }),
    ).toEqual([
      { start: '1.0', endExcluding: undefined, endIncluding: undefined, version: undefined },
      { start: '2.0', endExcluding: '2.1', endIncluding: undefined, version: undefined },
    ])
  })

  it("fills a missing end from GitHub's last_known_affected_version_range", () => {
    const open = (lastKnown: string) =>
      bounds({
        ranges: [range('ECOSYSTEM', { introduced: '1.0.0' })],
        database_specific: { last_known_affected_version_range: lastKnown },
      })[0]
    expect(open('<= 1.4.2')).toMatchObject({ endIncluding: '1.4.2', endExcluding: undefined })
    expect(open('< 1.5.0')).toMatchObject({ endExcluding: '1.5.0', endIncluding: undefined })
  })

  it('ignores GIT ranges and falls back to the listed versions', () => {
    expect(
      bounds({
        ranges: [range('GIT', { introduced: 'a1b2c3' }, { fixed: 'd4e5f6' })],
        versions: ['1.0.0', '1.0.1'],
      }),
    ).toEqual([
      { start: undefined, endExcluding: undefined, endIncluding: undefined, version: '1.0.0' },
      { start: undefined, endExcluding: undefined, endIncluding: undefined, version: '1.0.1' },
    ])
  })

  it('keeps a package without range or version as software without version', () => {
    expect(bounds({ versions: [] })).toEqual([
      { start: undefined, endExcluding: undefined, endIncluding: undefined, version: undefined },
    ])
  })

  it('needs a valid package purl, stored canonically', () => {
    expect(osvAffectedSoftware({ package: { ecosystem: 'npm', name: 'left-pad' } })).toEqual([])
    expect(osvAffectedSoftware({ package: { purl: 'not a purl' } })).toEqual([])
    expect(osvAffectedSoftware({ package: { purl: 'pkg:pypi/Django' } })).toEqual([
      {
        purl: 'pkg:pypi/django',
        purlType: 'pypi',
        purlNamespace: null,
        purlName: 'django',
        vulnerable: true,
      },
    ])
    expect(
      osvAffectedSoftware({ package: { purl: 'pkg:maven/org.example/lib' } })[0],
    ).toMatchObject({ purlNamespace: 'org.example', purlName: 'lib' })
  })

  it('collects every affected package of the advisory', () => {
    const record = mapOsvDocument(
      advisory({
        affected: [
          affected({ ranges: [range('SEMVER', { introduced: '0' }, { fixed: '1.0.0' })] }),
          { package: { ecosystem: 'crates.io', name: 'no-purl' }, versions: ['1.0.0'] },
          affected({ versions: ['0.9.0'] }),
        ],
      }),
    )!
    expect(record.vulnerableSoftware).toHaveLength(2)
  })
})

describe('aliases', () => {
  it('pairs CVE and GHSA aliases with an OSV id in the osvId column', () => {
    expect(
      osvAliases('RUSTSEC-2024-0042', ['CVE-2024-1', 'GHSA-aaaa-bbbb-cccc', 'PYSEC-1']),
    ).toEqual([
      { osvId: 'RUSTSEC-2024-0042', cveId: 'CVE-2024-1' },
      { osvId: 'RUSTSEC-2024-0042', ghsaId: 'GHSA-aaaa-bbbb-cccc' },
    ])
  })

  it('puts a GHSA or CVE advisory id in its own column and skips aliases of its own kind', () => {
    expect(osvAliases('GHSA-aaaa-bbbb-cccc', ['CVE-2024-1', 'GHSA-dddd-eeee-ffff'])).toEqual([
      { ghsaId: 'GHSA-aaaa-bbbb-cccc', cveId: 'CVE-2024-1' },
    ])
    expect(osvAliases('CVE-2024-1', ['GHSA-aaaa-bbbb-cccc', 'CVE-2024-2'])).toEqual([
      { cveId: 'CVE-2024-1', ghsaId: 'GHSA-aaaa-bbbb-cccc' },
    ])
    expect(osvAliases('CVE-2024-1', undefined)).toEqual([])
  })
})
