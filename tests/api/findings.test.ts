import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { vulnerabilityFixtures } from '../support/vulnerability-fixtures.ts'

// Contract: dt-api-portfolio.md §4.10 (GET /finding/project/{uuid}, its FPF export and SARIF),
// §5.1 (both row variants), §5.2 (FPF); dt-behaviour §2.1 (suppression), §5.1; the brief's
// additive options of the project list (pageNumber, pageSize, sortName, sortOrder, searchText).

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
const fixtures = vulnerabilityFixtures(
  () => server,
  () => api,
  () => adminJwt,
)

const LOG4SHELL = 'CVE-2021-44228'
const GHSA = 'GHSA-jfh8-c2jp-5v3q'
let app: string
let log4j: string
let lodash: string
let log4shellUuid: string

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
  await fixtures.mirror([
    {
      source: 'NVD',
      vulnId: LOG4SHELL,
      title: 'Log4Shell',
      description: 'Apache Log4j2 JNDI features do not protect against attacker-controlled LDAP',
      recommendation: 'Upgrade to 2.17.1',
      published: new Date('2021-12-10T10:15:09Z'),
      cwes: [502, 20],
      cvssV3Vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H',
      cvssV3BaseScore: 10,
      cvssV2BaseScore: 9.3,
      severity: 'CRITICAL',
    },
    {
      source: 'NVD',
      vulnId: 'CVE-2020-8203',
      published: new Date('2020-07-15T17:15:00Z'),
      cvssV3BaseScore: 7.4,
      severity: 'HIGH',
    },
  ])
  await fixtures.mirror([
    {
      source: 'GITHUB',
      vulnId: GHSA,
      title: 'Remote code injection in Log4j',
      published: new Date('2021-12-10T00:40:56Z'),
      cvssV3BaseScore: 9.8,
      aliases: [{ ghsaId: GHSA, cveId: LOG4SHELL }],
    },
  ])
  await fixtures.sql(
    `INSERT INTO epss_score (cve_id, score, percentile) VALUES ($1, 0.97565, 0.99995)`,
    [LOG4SHELL],
  )
  await fixtures.sql(
    `INSERT INTO known_exploited_vulnerability (cve_id, date_added) VALUES ($1, '2021-12-10')`,
    [LOG4SHELL],
  )
  app = await fixtures.createProject('findings-app', '1.0')
  log4j = await fixtures.createComponent(app, 'log4j-core', '2.14.1')
  lodash = await fixtures.createComponent(app, 'lodash', '4.17.15')
  await fixtures.assign('NVD', LOG4SHELL, log4j)
  await fixtures.assign('GITHUB', GHSA, log4j)
  await fixtures.assign('NVD', 'CVE-2020-8203', lodash)
  await fixtures.sql(`UPDATE component SET "group" = 'org.apache', cpe = $2 WHERE uuid = $1`, [
    log4j,
    'cpe:2.3:a:apache:log4j:2.14.1:*:*:*:*:*:*:*',
  ])
  await fixtures.sql(
    `UPDATE finding SET analyzer_identity = 'INTERNAL_ANALYZER', attributed_on = $2,
       alternate_identifier = 'LOG4J-1', reference_url = 'https://example.org/log4shell'
     WHERE component_id = (SELECT id FROM component WHERE uuid = $1)
       AND vulnerability_id = (SELECT id FROM vulnerability WHERE vuln_id = $3)`,
    [log4j, '2022-01-02T03:04:05.678Z', LOG4SHELL],
  )
  log4shellUuid = await fixtures.vulnerabilityUuid('NVD', LOG4SHELL)
})

afterAll(async () => {
  await server?.close()
})

async function projectFindings(query = '', headers: Record<string, string> = {}) {
  const response = await api.request('GET', `/v1/finding/project/${app}${query}`, {
    token: adminJwt,
    headers,
  })
  expect(response.status, response.text).toBe(200)
  return response
}

const ids = (rows: any[]) => rows.map((row) => row.vulnerability.vulnId)

describe('GET /v1/finding/project/{uuid} (§4.10, §5.1 project variant)', () => {
  it('answers every finding with the project variant keys, field by field', async () => {
    const response = await projectFindings()
    expect(response.headers.get('x-total-count')).toBe('3')
    const row = response.json.find((r: any) => r.vulnerability.vulnId === LOG4SHELL)
    expect(row).toEqual({
      component: {
        uuid: log4j,
        name: 'log4j-core',
        group: 'org.apache',
        version: '2.14.1',
        purl: 'pkg:npm/log4j-core@2.14.1',
        cpe: 'cpe:2.3:a:apache:log4j:2.14.1:*:*:*:*:*:*:*',
        project: app,
      },
      vulnerability: {
        uuid: log4shellUuid,
        source: 'NVD',
        vulnId: LOG4SHELL,
        title: 'Log4Shell',
        description: 'Apache Log4j2 JNDI features do not protect against attacker-controlled LDAP',
        recommendation: 'Upgrade to 2.17.1',
        cvssV2BaseScore: 9.3,
        cvssV3BaseScore: 10,
        severity: 'CRITICAL',
        severityRank: 0,
        epssScore: 0.97565,
        epssPercentile: 0.99995,
        cweId: 502,
        cweName: 'Deserialization of Untrusted Data',
        cwes: [
          { cweId: 502, name: 'Deserialization of Untrusted Data' },
          { cweId: 20, name: 'Improper Input Validation' },
        ],
        aliases: [{ cveId: LOG4SHELL, ghsaId: GHSA }],
        kev: true,
      },
      analysis: { isSuppressed: false },
      attribution: {
        analyzerIdentity: 'INTERNAL_ANALYZER',
        attributedOn: Date.parse('2022-01-02T03:04:05.678Z'),
        alternateIdentifier: 'LOG4J-1',
        referenceUrl: 'https://example.org/log4shell',
      },
      matrix: `${app}:${log4j}:${log4shellUuid}`,
    })
  })

  it('derives the severity when none is stored and leaves absent values out', async () => {
    const { json } = await projectFindings()
    const ghsa = json.find((r: any) => r.vulnerability.vulnId === GHSA)
    // 9.8 → CRITICAL; KEV lists the CVE this advisory aliases.
    expect(ghsa.vulnerability).toMatchObject({ severity: 'CRITICAL', severityRank: 0, kev: true })
    for (const key of ['description', 'recommendation', 'cwes', 'cweId', 'published', 'epssScore'])
      expect(ghsa.vulnerability).not.toHaveProperty(key)
    expect(ghsa.attribution).toEqual({ analyzerIdentity: 'NONE', attributedOn: expect.any(Number) })
  })

  it('hides suppressed findings unless suppressed=true, and filters by source', async () => {
    await fixtures.suppress(lodash, 'NVD', 'CVE-2020-8203')
    expect(ids((await projectFindings()).json)).not.toContain('CVE-2020-8203')
    const all = await projectFindings('?suppressed=true')
    const suppressed = all.json.find((r: any) => r.vulnerability.vulnId === 'CVE-2020-8203')
    expect(suppressed.analysis).toEqual({ state: 'FALSE_POSITIVE', isSuppressed: true })
    expect(ids((await projectFindings('?source=GITHUB')).json)).toEqual([GHSA])
    const unknown = await api.request('GET', `/v1/finding/project/${app}?source=NOPE`, {
      token: adminJwt,
    })
    expect(unknown.status).toBe(404)
    await fixtures.decide(lodash, 'NVD', 'CVE-2020-8203', { isSuppressed: false })
  })

  it('pages, sorts and searches in SQL when asked (beyond 4.13)', async () => {
    const sorted = await projectFindings('?sortName=vulnerability.vulnId&sortOrder=desc')
    expect(ids(sorted.json)).toEqual([GHSA, LOG4SHELL, 'CVE-2020-8203'])
    const page = await projectFindings(
      '?sortName=vulnerability.vulnId&sortOrder=asc&pageNumber=2&pageSize=2',
    )
    expect(ids(page.json)).toEqual([GHSA])
    expect(page.headers.get('x-total-count')).toBe('3')
    // An alias id finds the CVE row too; component names and groups are searched.
    expect(ids((await projectFindings('?searchText=jfh8')).json).sort()).toEqual(
      [LOG4SHELL, GHSA].sort(),
    )
    expect(ids((await projectFindings('?searchText=LODASH')).json)).toEqual(['CVE-2020-8203'])
    expect(ids((await projectFindings('?searchText=org.apache')).json)).toHaveLength(2)
    const byGroup = await projectFindings('?sortName=component.group&sortOrder=asc')
    expect(ids(byGroup.json)[0]).toBe('CVE-2020-8203')
    const bad = await api.request('GET', `/v1/finding/project/${app}?sortName=nope`, {
      token: adminJwt,
    })
    expect(bad.status).toBe(400)
    expect(bad.json.title).toBe('Field not sortable')
  })

  it('answers SARIF 2.1.0 for Accept: application/sarif+json', async () => {
    const response = await projectFindings('', { Accept: 'application/sarif+json' })
    expect(response.headers.get('content-type')).toContain('application/sarif+json')
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="findings-${app}.sarif"`,
    )
    const run = response.json.runs[0]
    expect(response.json.version).toBe('2.1.0')
    expect(run.tool.driver).toMatchObject({
      name: 'OWASP Dependency-Track',
      fullName: 'OWASP Dependency-Track - 4.13.0',
      version: '4.13.0',
      informationUri: 'https://dependencytrack.org/',
    })
    expect(run.tool.driver.rules.find((r: any) => r.id === LOG4SHELL)).toEqual({
      id: LOG4SHELL,
      name: 'DeserializationOfUntrustedData',
      shortDescription: { text: LOG4SHELL },
      fullDescription: {
        text: 'Apache Log4j2 JNDI features do not protect against attacker-controlled LDAP',
      },
    })
    const result = run.results.find((r: any) => r.ruleId === LOG4SHELL)
    expect(result).toMatchObject({
      level: 'error',
      locations: [{ logicalLocations: [{ fullyQualifiedName: 'pkg:npm/log4j-core@2.14.1' }] }],
      properties: {
        name: 'log4j-core',
        group: 'org.apache',
        version: '2.14.1',
        source: 'NVD',
        cweId: '502',
        cvssV3BaseScore: '10',
        epssScore: '0.97565',
        severityRank: '0',
        recommendation: 'Upgrade to 2.17.1',
      },
    })
    expect(run.results).toHaveLength(3)
    const lodashResult = run.results.find((r: any) => r.ruleId === 'CVE-2020-8203')
    expect(lodashResult.level).toBe('error')
  })

  it('exports FPF 1.2 without suppressed findings', async () => {
    await fixtures.sql(
      `UPDATE config_property SET property_value = 'https://lookout.example'
       WHERE group_name = 'general' AND property_name = 'base.url'`,
    )
    await fixtures.suppress(lodash, 'NVD', 'CVE-2020-8203')
    const response = await api.request('GET', `/v1/finding/project/${app}/export`, {
      token: adminJwt,
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toBe(`inline; filename=findings-${app}.fpf`)
    expect(response.json).toMatchObject({
      version: '1.2',
      meta: { application: 'Dependency-Track', version: '4.13.0' },
      project: { uuid: app, name: 'findings-app', version: '1.0' },
    })
    expect(Date.parse(response.json.meta.timestamp)).not.toBeNaN()
    expect(ids(response.json.findings).sort()).toEqual([LOG4SHELL, GHSA].sort())
    expect(response.json.findings[0]).toHaveProperty('matrix')
    await fixtures.decide(lodash, 'NVD', 'CVE-2020-8203', { isSuppressed: false })
  })

  it('answers 404 for an unknown project and 400 for a malformed uuid', async () => {
    const missing = await api.request(
      'GET',
      '/v1/finding/project/00000000-0000-4000-8000-000000000000',
      { token: adminJwt },
    )
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The project could not be found.')
    const exportMissing = await api.request(
      'GET',
      '/v1/finding/project/00000000-0000-4000-8000-000000000000/export',
      { token: adminJwt },
    )
    expect(exportMissing.status).toBe(404)
    const malformed = await api.request('GET', '/v1/finding/project/NOT-A-UUID', {
      token: adminJwt,
    })
    expect(malformed.status).toBe(400)
  })

  it('needs VIEW_VULNERABILITY and honours the project ACL', async () => {
    const portfolioOnly = await fixtures.teamKey('Portfolio only', ['VIEW_PORTFOLIO'])
    const denied = await api.request('GET', `/v1/finding/project/${app}`, {
      apiKey: portfolioOnly.key,
    })
    expect(denied.status).toBe(403)
    const viewer = await fixtures.teamKey('Finding viewers', ['VIEW_VULNERABILITY'])
    await fixtures.setAcl(true)
    try {
      const forbidden = await api.request('GET', `/v1/finding/project/${app}`, {
        apiKey: viewer.key,
      })
      expect(forbidden.status).toBe(403)
      expect(forbidden.text).toBe('Access to the specified project is forbidden')
      await fixtures.grant(app, viewer.teamUuid)
      const allowed = await api.request('GET', `/v1/finding/project/${app}`, {
        apiKey: viewer.key,
      })
      expect(allowed.status).toBe(200)
    } finally {
      await fixtures.setAcl(false)
    }
  })
})
