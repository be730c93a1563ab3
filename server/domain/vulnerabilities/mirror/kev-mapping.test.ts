import { describe, expect, it } from 'vitest'
import type { KnownExploitedRow } from '../../../data/known-exploited.ts'
import { isOlderCatalogue, kevChanges, KevFormatError, parseKevCatalogue } from './kev-mapping.ts'

// CISA's KEV catalogue format (catalogVersion, dateReleased, count, vulnerabilities[]).

const entry = (cveID: string, overrides: Record<string, unknown> = {}) => ({
  cveID,
  vendorProject: 'Example',
  product: 'Widget',
  vulnerabilityName: 'Example Widget Command Injection Vulnerability',
  dateAdded: '2025-01-10',
  shortDescription: 'Widget contains a command injection vulnerability.',
  requiredAction: 'Apply mitigations per vendor instructions.',
  dueDate: '2025-01-31',
  knownRansomwareCampaignUse: 'Known',
  notes: 'https://example.com/advisory ; https://nvd.nist.gov/vuln/detail/' + cveID,
  cwes: ['CWE-78'],
  ...overrides,
})

const catalogue = (vulnerabilities: unknown[], catalogVersion = '2025.01.24') => ({
  title: 'CISA Catalog of Known Exploited Vulnerabilities',
  catalogVersion,
  dateReleased: '2025-01-24T17:00:00.000Z',
  count: vulnerabilities.length,
  vulnerabilities,
})

describe('parseKevCatalogue', () => {
  it('reads the version and every entry into a row', () => {
    const parsed = parseKevCatalogue(catalogue([entry('CVE-2024-12345')]))
    expect(parsed).toMatchObject({
      catalogVersion: '2025.01.24',
      dateReleased: '2025-01-24T17:00:00.000Z',
      count: 1,
      skipped: [],
    })
    expect(parsed.entries).toEqual([
      {
        cve_id: 'CVE-2024-12345',
        vendor_project: 'Example',
        product: 'Widget',
        vulnerability_name: 'Example Widget Command Injection Vulnerability',
        date_added: '2025-01-10',
        short_description: 'Widget contains a command injection vulnerability.',
        required_action: 'Apply mitigations per vendor instructions.',
        due_date: '2025-01-31',
        known_ransomware_campaign_use: 'Known',
        notes: 'https://example.com/advisory ; https://nvd.nist.gov/vuln/detail/CVE-2024-12345',
        cwes: ['CWE-78'],
      },
    ])
  })

  it('keeps entries of older catalogues without cwes, notes or a due date', () => {
    const old = entry('CVE-2021-44228', { cwes: undefined, notes: '', dueDate: '' })
    const [row] = parseKevCatalogue(catalogue([old])).entries
    expect(row).toMatchObject({ cwes: null, notes: null, due_date: null })
  })

  it('skips entries without a valid CVE id or date added, and says which', () => {
    const parsed = parseKevCatalogue(
      catalogue([
        entry('CVE-2024-0001'),
        entry('not-a-cve'),
        entry('CVE-2024-0002', { dateAdded: '2024-13-45' }),
        null,
      ]),
    )
    expect(parsed.entries.map((row) => row.cve_id)).toEqual(['CVE-2024-0001'])
    expect(parsed.skipped.map((skip) => [skip.index, skip.cveID])).toEqual([
      [1, 'not-a-cve'],
      [2, 'CVE-2024-0002'],
      [3, undefined],
    ])
    expect(parsed.skipped[1]!.problem).toContain('dateAdded')
  })

  it('keeps the last of two entries for one CVE and only well-formed CWE ids', () => {
    const parsed = parseKevCatalogue(
      catalogue([
        entry('CVE-2024-0001', { product: 'Old' }),
        entry('CVE-2024-0001', { product: 'New', cwes: ['CWE-20', 'NVD-CWE-noinfo', 'CWE-20'] }),
      ]),
    )
    expect(parsed.entries).toHaveLength(1)
    expect(parsed.entries[0]).toMatchObject({ product: 'New', cwes: ['CWE-20'] })
  })

  it.each([
    ['an array', []],
    ['no version', { vulnerabilities: [] }],
    ['no vulnerabilities', { catalogVersion: '2025.01.01' }],
    ['an OSV record', { id: 'GHSA-xxxx-xxxx-xxxx', affected: [] }],
  ])('refuses %s with a clear error', (_, document) => {
    expect(() => parseKevCatalogue(document)).toThrow(KevFormatError)
    expect(() => parseKevCatalogue(document)).toThrow(/CISA KEV catalogue/)
  })
})

describe('kevChanges', () => {
  const row = (cve: string, overrides: Partial<KnownExploitedRow> = {}) =>
    parseKevCatalogue(catalogue([entry(cve)])).entries.map((value) => ({
      ...value,
      ...overrides,
    }))[0]!

  it('finds added, changed and removed entries and ignores the unchanged', () => {
    const stored = [row('CVE-2024-0001'), row('CVE-2024-0002'), row('CVE-2024-0003')]
    const incoming = [
      row('CVE-2024-0001'),
      row('CVE-2024-0002', { due_date: '2025-02-28' }),
      row('CVE-2024-0004'),
    ]
    const changes = kevChanges(stored, incoming)
    expect(changes.added.map((r) => r.cve_id)).toEqual(['CVE-2024-0004'])
    expect(changes.changed.map((r) => r.cve_id)).toEqual(['CVE-2024-0002'])
    expect(changes.removed).toEqual(['CVE-2024-0003'])
  })

  it('notices a changed CWE list', () => {
    const changes = kevChanges([row('CVE-2024-0001')], [row('CVE-2024-0001', { cwes: ['CWE-22'] })])
    expect(changes.changed).toHaveLength(1)
  })
})

describe('isOlderCatalogue', () => {
  it('compares CISA’s date versions', () => {
    expect(isOlderCatalogue('2025.01.24', '2025.05.22')).toBe(true)
    expect(isOlderCatalogue('2025.08.25', '2025.05.22')).toBe(false)
    expect(isOlderCatalogue('2025.05.22', '2025.05.22')).toBe(false)
    expect(isOlderCatalogue('v1', '2025.05.22')).toBe(false)
  })
})
