import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { vulnerabilityFixtures } from '../support/vulnerability-fixtures.ts'

// Contract: dt-api-portfolio.md §1.3 (list ACL), §1.4, §2.17, §4.10 (GET /finding and
// GET /finding/grouped: every filter, the sort allow-list), §5.1 portfolio variant, §5.1b; the
// brief's CSV variant (Accept: text/csv).

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
const fixtures = vulnerabilityFixtures(
  () => server,
  () => api,
  () => adminJwt,
)

const A = 'CVE-2021-0001'
const B = 'CVE-2021-0002'
const C = 'GHSA-cccc-cccc-cccc'
const D = 'CVE-2021-0004'
let shop1: string
let shop2: string
let legacy: string
let web1: string
let util1: string
let web2: string
let web0: string

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
  await fixtures.mirror([
    {
      source: 'NVD',
      vulnId: A,
      title: 'Alpha overflow',
      severity: 'CRITICAL',
      cvssV3BaseScore: 9.8,
      cvssV2BaseScore: 7.5,
      published: new Date('2021-03-01T12:00:00Z'),
      cwes: [787],
    },
    {
      source: 'NVD',
      vulnId: B,
      title: 'Beta leak',
      severity: 'LOW',
      cvssV3BaseScore: 3.1,
      cvssV2BaseScore: 2,
      published: new Date('2021-03-02T00:00:00Z'),
    },
    {
      source: 'NVD',
      vulnId: D,
      title: 'Delta race',
      severity: 'MEDIUM',
      cvssV3BaseScore: 5,
      published: new Date('2021-03-02T23:59:59Z'),
    },
  ])
  await fixtures.mirror([
    {
      source: 'GITHUB',
      vulnId: C,
      title: 'Gamma injection',
      cvssV3BaseScore: 7.5,
      published: new Date('2022-01-01T00:00:00Z'),
      aliases: [{ ghsaId: C, cveId: 'CVE-2099-9999' }],
    },
  ])
  shop1 = await fixtures.createProject('shop', '1.0')
  shop2 = await fixtures.createProject('shop', '2.0')
  legacy = await fixtures.createProject('legacy', '0.9', false)
  web1 = await fixtures.createComponent(shop1, 'web-lib', '1.0')
  util1 = await fixtures.createComponent(shop1, 'util', '2.0')
  web2 = await fixtures.createComponent(shop2, 'web-lib', '1.1')
  web0 = await fixtures.createComponent(legacy, 'web-lib', '0.9')
  const findings: Array<[string, string, string, string, string]> = [
    [web1, 'NVD', A, 'NONE', '2024-01-01T00:00:00Z'],
    [web1, 'GITHUB', C, 'INTERNAL_ANALYZER', '2024-01-02T23:59:00Z'],
    [util1, 'NVD', B, 'NONE', '2024-01-03T00:00:00Z'],
    [web2, 'NVD', A, 'INTERNAL_ANALYZER', '2024-02-01T00:00:00Z'],
    [web0, 'NVD', A, 'NONE', '2024-03-01T00:00:00Z'],
    [web0, 'NVD', D, 'NONE', '2024-03-02T00:00:00Z'],
  ]
  for (const [component, source, vulnId, analyzer, attributedOn] of findings) {
    await fixtures.assign(source, vulnId, component)
    await fixtures.sql(
      `UPDATE finding SET analyzer_identity = $3, attributed_on = $4
       WHERE component_id = (SELECT id FROM component WHERE uuid = $1)
         AND vulnerability_id = (SELECT id FROM vulnerability WHERE vuln_id = $2)`,
      [component, vulnId, analyzer, attributedOn],
    )
  }
  const exploitable = await fixtures.decide(util1, 'NVD', B, {
    analysisState: 'EXPLOITABLE',
    analysisResponse: 'UPDATE',
  })
  expect(exploitable.status).toBe(200)
  await fixtures.suppress(web1, 'GITHUB', C)
})

afterAll(async () => {
  await server?.close()
})

async function findings(query = '', auth: { token?: string; apiKey?: string } = {}) {
  const response = await api.request(
    'GET',
    `/v1/finding${query}`,
    auth.apiKey ? auth : { token: adminJwt },
  )
  expect(response.status, response.text).toBe(200)
  return {
    rows: response.json as any[],
    total: Number(response.headers.get('x-total-count')),
    keys: (response.json as any[]).map(
      (r) => `${r.component.projectVersion}/${r.component.name}/${r.vulnerability.vulnId}`,
    ),
  }
}

const sorted = (keys: string[]) => [...keys].sort()

describe('GET /v1/finding (§4.10 portfolio findings)', () => {
  it('answers the portfolio variant, field by field', async () => {
    const { rows } = await findings('?showSuppressed=true')
    const c = rows.find((r) => r.vulnerability.vulnId === C)
    expect(c).toEqual({
      component: {
        uuid: web1,
        name: 'web-lib',
        version: '1.0',
        purl: 'pkg:npm/web-lib@1.0',
        project: shop1,
        projectName: 'shop',
        projectVersion: '1.0',
      },
      vulnerability: {
        uuid: expect.any(String),
        source: 'GITHUB',
        vulnId: C,
        title: 'Gamma injection',
        description: null,
        recommendation: null,
        cvssV3BaseScore: 7.5,
        severity: 'HIGH',
        severityRank: 1,
        aliases: [{ ghsaId: C, cveId: 'CVE-2099-9999' }],
        published: Date.parse('2022-01-01T00:00:00Z'),
        kev: false,
      },
      analysis: { state: 'FALSE_POSITIVE', isSuppressed: true },
      attribution: {
        analyzerIdentity: 'INTERNAL_ANALYZER',
        attributedOn: Date.parse('2024-01-02T23:59:00Z'),
      },
      matrix: `${shop1}:${web1}:${c.vulnerability.uuid}`,
    })
  })

  it('leaves out inactive projects and suppressed findings unless asked', async () => {
    expect(sorted((await findings()).keys)).toEqual(
      sorted(['1.0/web-lib/' + A, '1.0/util/' + B, '2.0/web-lib/' + A]),
    )
    expect((await findings('?showSuppressed=true')).total).toBe(4)
    expect((await findings('?showInactive=true')).total).toBe(5)
    expect((await findings('?showInactive=true&showSuppressed=true')).total).toBe(6)
  })

  it('filters on the stored severity (comma list, any case)', async () => {
    const all = '&showInactive=true&showSuppressed=true'
    expect((await findings(`?severity=critical${all}`)).total).toBe(3)
    expect(sorted((await findings(`?severity=low,medium${all}`)).keys)).toEqual(
      sorted(['1.0/util/' + B, '0.9/web-lib/' + D]),
    )
    // Gamma's HIGH is derived from its CVSS score; nothing is stored, so nothing matches.
    expect((await findings(`?severity=HIGH${all}`)).total).toBe(0)
    const bad = await api.request('GET', '/v1/finding?severity=SEVERE', { token: adminJwt })
    expect(bad.status).toBe(400)
    expect(bad.json[0].path).toBe('querystring.severity')
  })

  it('filters on analysis state and vendor response, NOT_SET matching none', async () => {
    expect((await findings('?analysisStatus=EXPLOITABLE')).keys).toEqual(['1.0/util/' + B])
    expect((await findings('?analysisStatus=NOT_SET')).total).toBe(2)
    expect((await findings('?analysisStatus=FALSE_POSITIVE&showSuppressed=true')).keys).toEqual([
      '1.0/web-lib/' + C,
    ])
    expect((await findings('?vendorResponse=UPDATE')).keys).toEqual(['1.0/util/' + B])
    expect((await findings('?vendorResponse=NOT_SET')).total).toBe(2)
  })

  it('filters on publish and attribution days, both bounds inclusive', async () => {
    const published = await findings(
      '?showInactive=true&publishDateFrom=2021-03-02&publishDateTo=2021-03-02',
    )
    expect(sorted(published.keys)).toEqual(sorted(['1.0/util/' + B, '0.9/web-lib/' + D]))
    const attributed = await findings(
      '?showSuppressed=true&attributedOnDateFrom=2024-01-02&attributedOnDateTo=2024-01-03',
    )
    expect(sorted(attributed.keys)).toEqual(sorted(['1.0/web-lib/' + C, '1.0/util/' + B]))
    const bad = await api.request('GET', '/v1/finding?publishDateFrom=2021-02-30', {
      token: adminJwt,
    })
    expect(bad.status).toBe(400)
  })

  it('searches the chosen text fields (OR), case-insensitively', async () => {
    const search = async (fields: string, input: string) =>
      sorted(
        (
          await findings(
            `?showSuppressed=true&textSearchField=${fields}&textSearchInput=${encodeURIComponent(input)}`,
          )
        ).keys,
      )
    expect(await search('vulnerability_id', '0002')).toEqual(['1.0/util/' + B])
    expect(await search('vulnerability_title', 'GAMMA')).toEqual(['1.0/web-lib/' + C])
    expect(await search('component_name', 'util')).toEqual(['1.0/util/' + B])
    expect(await search('component_version', '1.1')).toEqual(['2.0/web-lib/' + A])
    expect(await search('project_name', 'shop 2.0')).toEqual(['2.0/web-lib/' + A])
    expect(await search('component_name,vulnerability_title', 'beta')).toEqual(['1.0/util/' + B])
  })

  it('filters on CVSS v2 and v3 ranges, inclusive', async () => {
    expect((await findings('?showSuppressed=true&cvssv3From=7.5&cvssv3To=9.8')).total).toBe(3)
    expect((await findings('?cvssv3From=9.9')).total).toBe(0)
    expect((await findings('?cvssv2From=2&cvssv2To=2')).keys).toEqual(['1.0/util/' + B])
  })

  it('sorts by every allow-listed key in SQL, and refuses others', async () => {
    const keys = [
      'vulnerability.vulnId',
      'vulnerability.title',
      'vulnerability.severity',
      'attribution.analyzerIdentity',
      'vulnerability.published',
      'vulnerability.cvssV2BaseScore',
      'vulnerability.cvssV3BaseScore',
      'component.projectName',
      'component.name',
      'component.version',
      'analysis.state',
      'analysis.isSuppressed',
      'attribution.attributedOn',
    ]
    for (const key of keys)
      for (const order of ['asc', 'desc'])
        expect(
          (await findings(`?showInactive=true&sortName=${key}&sortOrder=${order}`)).total,
        ).toBe(5)
    const bySeverity = await findings(
      '?showInactive=true&showSuppressed=true&sortName=vulnerability.severity&sortOrder=desc',
    )
    expect(bySeverity.rows.map((r) => r.vulnerability.severity)).toEqual([
      'CRITICAL',
      'CRITICAL',
      'CRITICAL',
      'HIGH',
      'MEDIUM',
      'LOW',
    ])
    const byProject = await findings(
      '?showInactive=true&sortName=component.projectName&sortOrder=asc',
    )
    expect(
      byProject.rows.map((r) => r.component.projectName + ' ' + r.component.projectVersion),
    ).toEqual(['legacy 0.9', 'legacy 0.9', 'shop 1.0', 'shop 1.0', 'shop 2.0'])
    const byAttribution = await findings('?sortName=attribution.attributedOn&sortOrder=desc')
    expect(byAttribution.keys).toEqual(['2.0/web-lib/' + A, '1.0/util/' + B, '1.0/web-lib/' + A])
    const bad = await api.request('GET', '/v1/finding?sortName=component.uuid', {
      token: adminJwt,
    })
    expect(bad.status).toBe(400)
  })

  it('pages in SQL with X-Total-Count of the filtered total', async () => {
    const page = await findings(
      '?showInactive=true&sortName=attribution.attributedOn&sortOrder=asc&pageNumber=2&pageSize=2',
    )
    expect(page.total).toBe(5)
    expect(page.keys).toEqual(['2.0/web-lib/' + A, '0.9/web-lib/' + A])
    const beyond = await findings('?pageNumber=9&pageSize=2')
    expect(beyond.rows).toEqual([])
    expect(beyond.total).toBe(3)
  })

  it('shows only projects the principal can access when ACL is on', async () => {
    const team = await fixtures.teamKey('Shop two', ['VIEW_VULNERABILITY'])
    await fixtures.grant(shop2, team.teamUuid)
    await fixtures.setAcl(true)
    try {
      const visible = await findings('?showInactive=true', { apiKey: team.key })
      expect(visible.keys).toEqual(['2.0/web-lib/' + A])
      expect(visible.total).toBe(1)
      const grouped = await api.request('GET', '/v1/finding/grouped?showInactive=true', {
        apiKey: team.key,
      })
      expect(grouped.json).toEqual([
        expect.objectContaining({
          vulnerability: expect.objectContaining({ vulnId: A, affectedProjectCount: 1 }),
        }),
      ])
      expect((await findings('?showInactive=true')).total).toBe(5)
    } finally {
      await fixtures.setAcl(false)
    }
  })

  it('answers the whole filtered, sorted result as CSV for Accept: text/csv', async () => {
    const response = await api.request(
      'GET',
      '/v1/finding?showInactive=true&sortName=vulnerability.vulnId&pageSize=1&pageNumber=1',
      { token: adminJwt, headers: { Accept: 'text/csv' } },
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/csv')
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="findings.csv"')
    const lines = response.text.trimEnd().split('\r\n')
    expect(lines[0]).toMatch(/^Project,Project version,Component group,Component,/)
    expect(lines).toHaveLength(6)
    // Sorted by vulnId ascending (sortName without sortOrder), then in finding order.
    expect(lines[1]).toBe(
      'shop,1.0,,web-lib,1.0,pkg:npm/web-lib@1.0,NVD,CVE-2021-0001,,Alpha overflow,CRITICAL,' +
        '7.5,9.8,,,false,CWE-787,2021-03-01,NONE,2024-01-01T00:00:00.000Z,NOT_SET,false',
    )
    expect(lines[5]).toMatch(/^legacy,0\.9,,web-lib,0\.9,pkg:npm\/web-lib@0\.9,NVD,CVE-2021-0004,/)
  })

  it('needs VIEW_VULNERABILITY', async () => {
    const key = await fixtures.teamKey('Portfolio viewers', ['VIEW_PORTFOLIO'])
    const response = await api.request('GET', '/v1/finding', { apiKey: key.key })
    expect(response.status).toBe(403)
  })
})

describe('GET /v1/finding/grouped (§4.10, §5.1b)', () => {
  async function grouped(query = '') {
    const response = await api.request('GET', `/v1/finding/grouped${query}`, { token: adminJwt })
    expect(response.status, response.text).toBe(200)
    return {
      rows: response.json as any[],
      total: Number(response.headers.get('x-total-count')),
      keys: (response.json as any[]).map(
        (r) =>
          `${r.vulnerability.vulnId}/${r.attribution.analyzerIdentity}/${r.vulnerability.affectedProjectCount}`,
      ),
    }
  }

  it('groups by vulnerability and analyzer, counting projects; suppression does not filter', async () => {
    const result = await grouped('?sortName=vulnerability.vulnId&sortOrder=asc')
    expect(result.keys).toEqual([
      `${A}/INTERNAL_ANALYZER/1`,
      `${A}/NONE/1`,
      `${B}/NONE/1`,
      `${C}/INTERNAL_ANALYZER/1`,
    ])
    expect(result.total).toBe(4)
    const alpha = result.rows[1]
    expect(alpha).toEqual({
      vulnerability: {
        source: 'NVD',
        vulnId: A,
        title: 'Alpha overflow',
        severity: 'CRITICAL',
        cvssV2BaseScore: 7.5,
        cvssV3BaseScore: 9.8,
        published: Date.parse('2021-03-01T12:00:00Z'),
        cwes: [{ cweId: 787, name: 'Out-of-bounds Write' }],
        affectedProjectCount: 1,
      },
      attribution: { analyzerIdentity: 'NONE' },
    })
  })

  it('counts inactive projects when asked, and filters on occurrences', async () => {
    const all = await grouped(
      '?showInactive=true&sortName=vulnerability.affectedProjectCount&sortOrder=desc',
    )
    expect(all.keys[0]).toBe(`${A}/NONE/2`)
    expect(all.total).toBe(5)
    const many = await grouped('?showInactive=true&occurrencesFrom=2')
    expect(many.keys).toEqual([`${A}/NONE/2`])
    const few = await grouped('?showInactive=true&occurrencesTo=1&severity=medium')
    expect(few.keys).toEqual([`${D}/NONE/1`])
    const page = await grouped(
      '?showInactive=true&sortName=vulnerability.vulnId&pageNumber=2&pageSize=2',
    )
    expect(page.total).toBe(5)
    expect(page.rows).toHaveLength(2)
  })

  it('filters on text and CVSS like the occurrence list', async () => {
    const gamma = await grouped('?textSearchField=vulnerability_title&textSearchInput=gamma')
    expect(gamma.keys).toEqual([`${C}/INTERNAL_ANALYZER/1`])
    expect((await grouped('?cvssv3From=9')).total).toBe(2)
    expect((await grouped('?publishDateFrom=2022-01-01')).keys).toEqual([
      `${C}/INTERNAL_ANALYZER/1`,
    ])
  })

  it('answers CSV for Accept: text/csv', async () => {
    const response = await api.request('GET', '/v1/finding/grouped?showInactive=true', {
      token: adminJwt,
      headers: { Accept: 'text/csv' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="findings-grouped.csv"',
    )
    const lines = response.text.trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      'Source,Vulnerability,Title,Severity,CVSS v2,CVSS v3,Published,CWEs,Analyzer,Affected projects',
    )
    expect(lines).toContain(
      'NVD,CVE-2021-0001,Alpha overflow,CRITICAL,7.5,9.8,2021-03-01,CWE-787,NONE,2',
    )
  })
})
