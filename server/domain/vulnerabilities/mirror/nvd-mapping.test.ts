import { describe, expect, it } from 'vitest'
import {
  cveOfItem,
  cvssOf,
  cwesOf,
  descriptionOf,
  mapNvdCve,
  parseNvdDate,
  referencesOf,
  vulnerableSoftwareOf,
  type NvdConfig,
  type NvdCve,
} from './nvd-mapping.ts'

// Hand-made CVE items in the NVD CVE API 2.0 shape (the feeds use the same one).

const v31 = (
  type: string,
  vector: string,
  baseScore: number,
  exploitability = 3.9,
  impact = 5.9,
) => ({
  source: type === 'Primary' ? 'nvd@nist.gov' : 'cna@example.org',
  type,
  cvssData: { version: '3.1', vectorString: vector, baseScore, baseSeverity: 'X' },
  exploitabilityScore: exploitability,
  impactScore: impact,
})

const match = (criteria: string, extra: Record<string, unknown> = {}) => ({
  vulnerable: true,
  criteria,
  matchCriteriaId: '00000000-0000-0000-0000-000000000000',
  ...extra,
})

const cve = (fields: Partial<NvdCve> = {}): NvdCve => ({
  id: 'CVE-2024-0001',
  published: '2024-02-15T14:15:46.503',
  lastModified: '2024-10-10T01:00:01.433',
  vulnStatus: 'Analyzed',
  descriptions: [
    { lang: 'en', value: 'A format string flaw.' },
    { lang: 'es', value: 'Una cadena de formato.' },
  ],
  ...fields,
})

describe('cveOfItem', () => {
  it('takes the cve of a vulnerabilities element', () => {
    expect(cveOfItem({ cve: { id: 'CVE-2022-1954' } }).id).toBe('CVE-2022-1954')
  })

  it('refuses elements that are not CVE items', () => {
    expect(() => cveOfItem({ id: 'GHSA-xxxx-yyyy-zzzz' })).toThrow(/not an NVD CVE item/)
    expect(() => cveOfItem({ cve: { id: 'not-a-cve' } })).toThrow(/not an NVD CVE item/)
    expect(() => cveOfItem(42)).toThrow(/not an NVD CVE item/)
  })
})

describe('dates', () => {
  it('reads NVD timestamps without a zone as UTC', () => {
    expect(parseNvdDate('2024-02-15T14:15:46.503')!.toISOString()).toBe('2024-02-15T14:15:46.503Z')
    expect(parseNvdDate('2024-02-15T14:15:46.503+02:00')!.toISOString()).toBe(
      '2024-02-15T12:15:46.503Z',
    )
    expect(parseNvdDate('yesterday')).toBeNull()
    expect(parseNvdDate(undefined)).toBeNull()
  })

  it('maps published and lastModified to published and updated', () => {
    const record = mapNvdCve(cve())
    expect(record.published!.toISOString()).toBe('2024-02-15T14:15:46.503Z')
    expect(record.updated!.toISOString()).toBe('2024-10-10T01:00:01.433Z')
  })
})

describe('description', () => {
  it('joins the English descriptions with a blank line and ignores other languages', () => {
    const text = descriptionOf(
      cve({
        descriptions: [
          { lang: 'en', value: 'First.' },
          { lang: 'es', value: 'Primero.' },
          { lang: 'en', value: 'Second.' },
        ],
      }),
    )
    expect(text).toBe('First.\n\nSecond.')
  })

  it('is null without an English description', () => {
    expect(descriptionOf(cve({ descriptions: [{ lang: 'fr', value: 'Seulement.' }] }))).toBeNull()
  })
})

describe('references', () => {
  it('become sorted, distinct Markdown links, one per line', () => {
    const text = referencesOf(
      cve({
        references: [
          { url: 'https://z.example/advisory' },
          { url: 'https://a.example/patch' },
          { url: 'https://z.example/advisory' },
        ],
      }),
    )
    expect(text).toBe(
      '* [https://a.example/patch](https://a.example/patch)\n* [https://z.example/advisory](https://z.example/advisory)',
    )
  })

  it('are null when there are none', () => {
    expect(referencesOf(cve({ references: [] }))).toBeNull()
  })
})

describe('CWEs', () => {
  it('are the distinct CWE-n ids of English weakness descriptions', () => {
    const ids = cwesOf(
      cve({
        weaknesses: [
          {
            source: 'nvd@nist.gov',
            type: 'Primary',
            description: [{ lang: 'en', value: 'CWE-134' }],
          },
          {
            source: 'cna@example.org',
            type: 'Secondary',
            description: [
              { lang: 'en', value: 'CWE-787' },
              { lang: 'en', value: 'CWE-134' },
              { lang: 'es', value: 'CWE-20' },
            ],
          },
        ],
      }),
    )
    expect(ids).toEqual([134, 787])
  })

  it("drop NVD's placeholders for no information", () => {
    const ids = cwesOf(
      cve({
        weaknesses: [
          {
            type: 'Primary',
            description: [
              { lang: 'en', value: 'NVD-CWE-Other' },
              { lang: 'en', value: 'NVD-CWE-noinfo' },
            ],
          },
        ],
      }),
    )
    expect(ids).toEqual([])
  })
})

describe('CVSS', () => {
  it('takes the Primary metric before a Secondary listed first, with its stated scores', () => {
    const cvss = cvssOf({
      cvssMetricV31: [
        v31('Secondary', 'CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:N/I:N/A:L', 4.3, 2.8, 1.4),
        v31('Primary', 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:L', 5.3, 3.9, 1.4),
      ],
    })
    expect(cvss.cvssV3Vector).toBe('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:L')
    expect(cvss.cvssV3BaseScore).toBe(5.3)
    expect(cvss.cvssV3ExploitabilitySubScore).toBe(3.9)
    expect(cvss.cvssV3ImpactSubScore).toBe(1.4)
  })

  it('prefers v3.1 over v3.0', () => {
    const cvss = cvssOf({
      cvssMetricV30: [
        {
          type: 'Primary',
          cvssData: {
            vectorString: 'CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
            baseScore: 9.8,
          },
        },
      ],
      cvssMetricV31: [v31('Secondary', 'CVSS:3.1/AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:N/A:N', 5.5)],
    })
    expect(cvss.cvssV3Vector).toBe('CVSS:3.1/AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:N/A:N')
    expect(cvss.cvssV3BaseScore).toBe(5.5)
  })

  it('falls back to v3.0 when there is no v3.1', () => {
    const cvss = cvssOf({
      cvssMetricV30: [
        {
          type: 'Primary',
          cvssData: {
            vectorString: 'CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
            baseScore: 9.8,
          },
          exploitabilityScore: 3.9,
          impactScore: 5.9,
        },
      ],
    })
    expect(cvss.cvssV3Vector).toBe('CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H')
    expect(cvss.cvssV3BaseScore).toBe(9.8)
  })

  it('stores the v2 vector in parentheses as 4.13 does', () => {
    const cvss = cvssOf({
      cvssMetricV2: [
        {
          type: 'Primary',
          cvssData: { vectorString: 'AV:N/AC:M/Au:N/C:C/I:C/A:C', baseScore: 9.3 },
          exploitabilityScore: 8.6,
          impactScore: 10.0,
        },
      ],
    })
    expect(cvss).toMatchObject({
      cvssV2Vector: '(AV:N/AC:M/Au:N/C:C/I:C/A:C)',
      cvssV2BaseScore: 9.3,
      cvssV2ExploitabilitySubScore: 8.6,
      cvssV2ImpactSubScore: 10,
      cvssV3Vector: null,
      cvssV3BaseScore: null,
    })
  })

  it('keeps CVSS v4 beside them when NVD has one', () => {
    const cvss = cvssOf({
      cvssMetricV40: [
        {
          type: 'Secondary',
          cvssData: {
            vectorString: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N',
            baseScore: 9.3,
          },
        },
      ],
    })
    expect(cvss.cvssV4Vector).toBe(
      'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N',
    )
    expect(cvss.cvssV4Score).toBe(9.3)
  })
})

describe('severity', () => {
  it('comes from the CVSS v3 score before v2', () => {
    const record = mapNvdCve(
      cve({
        metrics: {
          cvssMetricV31: [v31('Primary', 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 9.8)],
          cvssMetricV2: [
            {
              type: 'Primary',
              cvssData: { vectorString: 'AV:N/AC:L/Au:N/C:P/I:P/A:P', baseScore: 7.5 },
            },
          ],
        },
      }),
    )
    expect(record.severity).toBe('CRITICAL')
  })

  it('comes from v2 when there is no v3', () => {
    const record = mapNvdCve(
      cve({
        metrics: {
          cvssMetricV2: [
            {
              type: 'Primary',
              cvssData: { vectorString: 'AV:L/AC:L/Au:N/C:P/I:N/A:N', baseScore: 2.1 },
            },
          ],
        },
      }),
    )
    expect(record.severity).toBe('LOW')
  })

  it('is UNASSIGNED without metrics (v4 alone does not count, as in 4.13)', () => {
    expect(mapNvdCve(cve()).severity).toBe('UNASSIGNED')
    const v4only = mapNvdCve(
      cve({
        metrics: {
          cvssMetricV40: [
            {
              type: 'Primary',
              cvssData: {
                vectorString: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N',
                baseScore: 9.3,
              },
            },
          ],
        },
      }),
    )
    expect(v4only.severity).toBe('UNASSIGNED')
  })
})

describe('configurations → vulnerable software', () => {
  it('turns each cpeMatch into a CPE row with its attributes and version range', () => {
    const software = vulnerableSoftwareOf([
      {
        nodes: [
          {
            operator: 'OR',
            negate: false,
            cpeMatch: [
              match('cpe:2.3:a:gitlab:gitlab:*:*:*:*:community:*:*:*', {
                versionStartIncluding: '1.0.2',
                versionEndExcluding: '14.10.5',
              }),
              match('cpe:2.3:a:gitlab:gitlab:15.1.0:*:*:*:enterprise:*:*:*'),
            ],
          },
        ],
      },
    ])
    expect(software).toEqual([
      {
        cpe22: 'cpe:/a:gitlab:gitlab:::~~community~~~',
        cpe23: 'cpe:2.3:a:gitlab:gitlab:*:*:*:*:community:*:*:*',
        part: 'a',
        vendor: 'gitlab',
        product: 'gitlab',
        version: '*',
        update: '*',
        edition: '*',
        language: '*',
        swEdition: 'community',
        targetSw: '*',
        targetHw: '*',
        other: '*',
        versionStartIncluding: '1.0.2',
        versionStartExcluding: null,
        versionEndIncluding: null,
        versionEndExcluding: '14.10.5',
        vulnerable: true,
      },
      expect.objectContaining({
        cpe23: 'cpe:2.3:a:gitlab:gitlab:15.1.0:*:*:*:enterprise:*:*:*',
        version: '15.1.0',
        swEdition: 'enterprise',
        versionStartIncluding: null,
        versionEndExcluding: null,
      }),
    ])
  })

  it('skips matches NVD marks as not vulnerable (the platform of an AND configuration)', () => {
    const config: NvdConfig = {
      operator: 'AND',
      nodes: [
        {
          operator: 'OR',
          negate: false,
          cpeMatch: [
            match('cpe:2.3:a:adobe:flash_player:*:*:*:*:*:*:*:*', {
              versionEndIncluding: '11.2.202.438',
            }),
          ],
        },
        {
          operator: 'OR',
          negate: false,
          cpeMatch: [
            match('cpe:2.3:o:linux:linux_kernel:-:*:*:*:*:*:*:*', { vulnerable: false }),
            match('cpe:2.3:o:microsoft:windows:-:*:*:*:*:*:*:*', { vulnerable: false }),
          ],
        },
      ],
    }
    expect(vulnerableSoftwareOf([config]).map((entry) => entry.cpe23)).toEqual([
      'cpe:2.3:a:adobe:flash_player:*:*:*:*:*:*:*:*',
    ])
  })

  it('skips negated configurations and negated nodes', () => {
    const software = vulnerableSoftwareOf([
      {
        negate: true,
        nodes: [
          { operator: 'OR', cpeMatch: [match('cpe:2.3:a:x:negated_config:1:*:*:*:*:*:*:*')] },
        ],
      },
      {
        nodes: [
          {
            operator: 'OR',
            negate: true,
            cpeMatch: [match('cpe:2.3:a:x:negated_node:1:*:*:*:*:*:*:*')],
          },
          { operator: 'OR', negate: false, cpeMatch: [match('cpe:2.3:a:x:kept:1:*:*:*:*:*:*:*')] },
        ],
      },
    ])
    expect(software.map((entry) => entry.product)).toEqual(['kept'])
  })

  it('keeps only the applications of an AND node that lists applications and operating systems', () => {
    const software = vulnerableSoftwareOf([
      {
        nodes: [
          {
            operator: 'AND',
            cpeMatch: [
              match('cpe:2.3:a:fortinet:fortiproxy:*:*:*:*:*:*:*:*', {
                versionEndIncluding: '7.0.14',
              }),
              match('cpe:2.3:o:fortinet:fortios:*:*:*:*:*:*:*:*', {
                versionEndIncluding: '7.0.13',
              }),
            ],
          },
        ],
      },
    ])
    expect(software.map((entry) => entry.product)).toEqual(['fortiproxy'])
  })

  it('keeps only the applications of an AND configuration over vulnerable application and OS nodes', () => {
    const software = vulnerableSoftwareOf([
      {
        operator: 'AND',
        nodes: [
          { operator: 'OR', cpeMatch: [match('cpe:2.3:a:vendor:app:1.0:*:*:*:*:*:*:*')] },
          { operator: 'OR', cpeMatch: [match('cpe:2.3:o:vendor:os:2.0:*:*:*:*:*:*:*')] },
        ],
      },
    ])
    expect(software.map((entry) => entry.part)).toEqual(['a'])
  })

  it('keeps both kinds in an OR node, and firmware with its hardware in an AND without applications', () => {
    const software = vulnerableSoftwareOf([
      {
        nodes: [
          {
            operator: 'OR',
            cpeMatch: [
              match('cpe:2.3:a:fortinet:fortiproxy:7.0.0:*:*:*:*:*:*:*'),
              match('cpe:2.3:o:fortinet:fortios:7.0.0:*:*:*:*:*:*:*'),
            ],
          },
          {
            operator: 'AND',
            cpeMatch: [
              match('cpe:2.3:o:intel:e810_firmware:*:*:*:*:*:*:*:*'),
              match('cpe:2.3:h:intel:e810:-:*:*:*:*:*:*:*'),
            ],
          },
        ],
      },
    ])
    expect(software.map((entry) => entry.product)).toEqual([
      'fortiproxy',
      'fortios',
      'e810_firmware',
      'e810',
    ])
  })

  it('removes duplicates by content across configurations, and skips CPEs that do not parse', () => {
    const fedora35 = 'cpe:2.3:o:fedoraproject:fedora:35:*:*:*:*:*:*:*'
    const software = vulnerableSoftwareOf([
      {
        nodes: [
          {
            operator: 'OR',
            cpeMatch: [match('cpe:2.3:o:fedoraproject:fedora:34:*:*:*:*:*:*:*'), match(fedora35)],
          },
        ],
      },
      { nodes: [{ operator: 'OR', cpeMatch: [match(fedora35), match('cpe:/o:not:a_cpe23')] }] },
    ])
    expect(software.map((entry) => entry.version)).toEqual(['34', '35'])
  })

  it('keeps the same CPE twice when the ranges differ', () => {
    const software = vulnerableSoftwareOf([
      {
        nodes: [
          {
            operator: 'OR',
            cpeMatch: [
              match('cpe:2.3:a:fortinet:fortiproxy:*:*:*:*:*:*:*:*', {
                versionStartIncluding: '7.0.0',
                versionEndIncluding: '7.0.14',
              }),
              match('cpe:2.3:a:fortinet:fortiproxy:*:*:*:*:*:*:*:*', {
                versionStartIncluding: '7.2.0',
                versionEndIncluding: '7.2.8',
              }),
            ],
          },
        ],
      },
    ])
    expect(software.map((entry) => entry.versionEndIncluding)).toEqual(['7.0.14', '7.2.8'])
  })

  it('is an empty list without configurations', () => {
    expect(vulnerableSoftwareOf(undefined)).toEqual([])
  })
})

describe('mapNvdCve', () => {
  it('maps a whole item to an NVD record that states every NVD-owned field', () => {
    const record = mapNvdCve(
      cve({
        references: [{ url: 'https://fortiguard.example/psirt/FG-IR-24-029' }],
        weaknesses: [{ type: 'Primary', description: [{ lang: 'en', value: 'CWE-134' }] }],
        metrics: {
          cvssMetricV31: [v31('Primary', 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 9.8)],
        },
        configurations: [
          {
            nodes: [
              {
                operator: 'OR',
                cpeMatch: [match('cpe:2.3:o:fortinet:fortipam:1.2.0:*:*:*:*:*:*:*')],
              },
            ],
          },
        ],
      }),
    )
    expect(record).toMatchObject({
      source: 'NVD',
      vulnId: 'CVE-2024-0001',
      title: null,
      description: 'A format string flaw.',
      references:
        '* [https://fortiguard.example/psirt/FG-IR-24-029](https://fortiguard.example/psirt/FG-IR-24-029)',
      cwes: [134],
      cvssV3BaseScore: 9.8,
      cvssV2Vector: null,
      severity: 'CRITICAL',
      owaspRRVector: null,
    })
    expect(record.vulnerableSoftware).toHaveLength(1)
    expect(record.aliases).toBeUndefined()
  })
})
