import { describe, expect, it } from 'vitest'
import type { Finding } from '~/api/findings.server.ts'
import { EpssParamsSchema, epssPage } from './__epss-tab.server.ts'

function finding(
  vulnId: string,
  name: string,
  epssScore?: number,
  cvssV3BaseScore?: number,
): Finding {
  return {
    component: { uuid: `c-${name}`, name, version: '1.0', project: 'p' },
    vulnerability: {
      uuid: `v-${vulnId}`,
      source: 'NVD',
      vulnId,
      severity: 'HIGH',
      severityRank: 1,
      aliases: [],
      epssScore,
      cvssV3BaseScore,
    },
    analysis: { isSuppressed: false },
    attribution: { analyzerIdentity: 'INTERNAL_ANALYZER', attributedOn: 0 },
    matrix: `p:c-${name}:v-${vulnId}`,
  } as Finding
}

const rows = [
  finding('CVE-1', 'alpha', 0.1, 5),
  finding('CVE-2', 'beta', 0.9, 9.8),
  finding('CVE-3', 'gamma', undefined, 7),
  finding('CVE-4', 'alpine', 0.5),
]
const ids = (result: { rows: Finding[] }) => result.rows.map((row) => row.vulnerability.vulnId)
const params = (query: string) =>
  EpssParamsSchema.parse(Object.fromEntries(new URLSearchParams(query)))

describe('epssPage', () => {
  it('lists the most likely exploited first by default, unknown EPSS last', () => {
    expect(ids(epssPage(rows, params('')))).toEqual(['CVE-2', 'CVE-4', 'CVE-1', 'CVE-3'])
  })

  it('sorts by CVSS either way, keeping missing scores last', () => {
    expect(ids(epssPage(rows, params('sortName=cvss&sortOrder=asc')))).toEqual([
      'CVE-1',
      'CVE-3',
      'CVE-2',
      'CVE-4',
    ])
    expect(ids(epssPage(rows, params('sortName=cvss&sortOrder=desc')))).toEqual([
      'CVE-2',
      'CVE-3',
      'CVE-1',
      'CVE-4',
    ])
  })

  it('searches component names and vulnerability ids, and pages the result', () => {
    const result = epssPage(rows, params('searchText=alp&pageSize=10'))
    expect(ids(result)).toEqual(['CVE-4', 'CVE-1'])
    expect(result.total).toBe(2)
    const second = epssPage(rows, {
      ...params('sortName=vulnerability.vulnId'),
      pageSize: 2,
      page: 2,
    })
    expect(ids(second)).toEqual(['CVE-3', 'CVE-4'])
    expect(second.total).toBe(4)
  })
})
