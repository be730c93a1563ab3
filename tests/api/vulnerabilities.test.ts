import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { vulnerabilityFixtures } from '../support/vulnerability-fixtures.ts'

// Contract: dt-api-portfolio.md §1.3 (ACL), §1.4 (paging, sorting), §3.4–§3.9, §3.26, §4.9 (the
// read operations); the brief's additive fields (cvssV4, kev) and list options (collapseAliases,
// severity, source, kev).

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
let viewerKey: string
let noPermissionKey: string
const fixtures = vulnerabilityFixtures(
  () => server,
  () => api,
  () => adminJwt,
)

const LOG4SHELL = 'CVE-2021-44228'
const LOG4SHELL_GHSA = 'GHSA-jfh8-c2jp-5v3q'
const LOG4SHELL_OSV = 'GO-2021-0001'
let activeProject: string
let inactiveProject: string
let suppressedProject: string
let activeComponent: string
let inactiveComponent: string
let suppressedComponent: string

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
  viewerKey = (await fixtures.teamKey('Viewers', ['VIEW_PORTFOLIO'])).key
  noPermissionKey = (await fixtures.teamKey('Nobody', [])).key

  await fixtures.mirror([
    {
      source: 'NVD',
      vulnId: LOG4SHELL,
      description: 'Apache Log4j2 JNDI features do not protect against attacker-controlled LDAP',
      published: new Date('2021-12-10T10:15:09Z'),
      updated: new Date('2023-04-03T20:15:08Z'),
      cwes: [502, 20, 400, 917],
      cvssV3Vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H',
      cvssV3BaseScore: 10,
      cvssV3ImpactSubScore: 6,
      cvssV3ExploitabilitySubScore: 3.9,
      severity: 'CRITICAL',
      references: '* [https://logging.apache.org](https://logging.apache.org)',
      vulnerableSoftware: [
        {
          cpe23: 'cpe:2.3:a:apache:log4j:*:*:*:*:*:*:*:*',
          cpe22: 'cpe:/a:apache:log4j',
          part: 'a',
          vendor: 'apache',
          product: 'log4j',
          version: '*',
          versionStartIncluding: '2.0.1',
          versionEndExcluding: '2.3.1',
        },
      ],
    },
    {
      source: 'NVD',
      vulnId: 'CVE-2020-0001',
      published: new Date('2020-01-08T19:15:00Z'),
      severity: 'LOW',
      cvssV2Vector: '(AV:L/AC:L/Au:N/C:P/I:N/A:N)',
      cvssV2BaseScore: 2.1,
    },
  ])
  await fixtures.mirror([
    {
      source: 'GITHUB',
      vulnId: LOG4SHELL_GHSA,
      title: 'Remote code injection in Log4j',
      published: new Date('2021-12-10T00:40:56Z'),
      updated: new Date('2024-01-01T00:00:00Z'),
      severity: 'CRITICAL',
      aliases: [{ ghsaId: LOG4SHELL_GHSA, cveId: LOG4SHELL }],
      vulnerableSoftware: [
        {
          purl: 'pkg:maven/org.apache.logging.log4j/log4j-core',
          purlType: 'maven',
          purlNamespace: 'org.apache.logging.log4j',
          purlName: 'log4j-core',
          versionStartIncluding: '2.13.0',
          versionEndExcluding: '2.15.0',
        },
      ],
    },
    {
      source: 'GITHUB',
      vulnId: 'GHSA-aaaa-bbbb-cccc',
      published: new Date('2022-06-01T00:00:00Z'),
      updated: new Date('2022-06-02T00:00:00Z'),
      severity: 'HIGH',
      cvssV4Vector: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N',
      cvssV4Score: 9.3,
      aliases: [{ ghsaId: 'GHSA-aaaa-bbbb-cccc', cveId: 'CVE-2099-0001' }],
    },
  ])
  await fixtures.mirror([
    {
      source: 'OSV',
      vulnId: LOG4SHELL_OSV,
      published: new Date('2021-12-11T00:00:00Z'),
      updated: new Date('2021-12-12T00:00:00Z'),
      severity: 'MEDIUM',
      aliases: [{ osvId: LOG4SHELL_OSV, cveId: LOG4SHELL, ghsaId: LOG4SHELL_GHSA }],
    },
  ])
  await fixtures.sql(
    `INSERT INTO epss_score (cve_id, score, percentile) VALUES ($1, 0.97565, 0.99995),
     ('CVE-2099-0001', 0.5, 0.6)`,
    [LOG4SHELL],
  )
  await fixtures.sql(
    `INSERT INTO known_exploited_vulnerability (cve_id, vulnerability_name, date_added, due_date,
       required_action, known_ransomware_campaign_use)
     VALUES ($1, 'Apache Log4j2 Remote Code Execution Vulnerability', '2021-12-10', '2021-12-24',
       'Apply updates per vendor instructions.', 'Known'),
     ('CVE-2099-0001', NULL, '2099-01-01', NULL, NULL, NULL)`,
    [LOG4SHELL],
  )

  activeProject = await fixtures.createProject('vuln-active', '1')
  inactiveProject = await fixtures.createProject('vuln-inactive', '1', false)
  suppressedProject = await fixtures.createProject('vuln-suppressed', '1')
  activeComponent = await fixtures.createComponent(activeProject, 'log4j-core', '2.14.1')
  inactiveComponent = await fixtures.createComponent(inactiveProject, 'log4j-core', '2.14.0')
  suppressedComponent = await fixtures.createComponent(suppressedProject, 'log4j-core', '2.13.0')
  for (const component of [activeComponent, inactiveComponent, suppressedComponent]) {
    await fixtures.assign('NVD', LOG4SHELL, component)
  }
  await fixtures.assign('GITHUB', LOG4SHELL_GHSA, activeComponent)
  await fixtures.assign('NVD', 'CVE-2020-0001', activeComponent)
  await fixtures.suppress(suppressedComponent, 'NVD', LOG4SHELL)
  await fixtures.suppress(activeComponent, 'NVD', 'CVE-2020-0001')
})

afterAll(async () => {
  await server?.close()
})

const list = async (
  query = '',
  auth: { token?: string; apiKey?: string } = { token: adminJwt },
) => {
  const response = await api.request('GET', `/v1/vulnerability${query}`, auth)
  expect(response.status, response.text).toBe(200)
  return {
    total: Number(response.headers.get('x-total-count')),
    ids: response.json.map((v: { vulnId: string }) => v.vulnId) as string[],
    items: response.json as any[],
  }
}
const ALL = [LOG4SHELL, 'CVE-2020-0001', LOG4SHELL_GHSA, 'GHSA-aaaa-bbbb-cccc', LOG4SHELL_OSV]

describe('GET /v1/vulnerability (§4.9 list)', () => {
  it('answers every vulnerability in id order with X-Total-Count', async () => {
    const { total, ids } = await list()
    expect(total).toBe(5)
    expect(ids).toEqual(ALL)
  })

  it('carries counts of projects with a non-suppressed finding, components and aliases', async () => {
    const { items } = await list()
    const log4shell = items.find((v) => v.vulnId === LOG4SHELL)
    expect(log4shell).toMatchObject({
      source: 'NVD',
      severity: 'CRITICAL',
      published: '2021-12-10T10:15:09Z',
      updated: '2023-04-03T20:15:08Z',
      cvssV3BaseScore: 10,
      affectedProjectCount: 2,
      affectedActiveProjectCount: 1,
      affectedInactiveProjectCount: 1,
      epssScore: 0.97565,
      epssPercentile: 0.99995,
      kev: {
        dateAdded: '2021-12-10',
        dueDate: '2021-12-24',
        requiredAction: 'Apply updates per vendor instructions.',
        knownRansomwareCampaignUse: 'Known',
        vulnerabilityName: 'Apache Log4j2 Remote Code Execution Vulnerability',
      },
    })
    expect(log4shell.cwes.map((cwe: { cweId: number }) => cwe.cweId)).toEqual([502, 20, 400, 917])
    expect(log4shell.cwe.cweId).toBe(502)
    expect(log4shell.components.map((c: { uuid: string }) => c.uuid).sort()).toEqual(
      [activeComponent, inactiveComponent, suppressedComponent].sort(),
    )
    expect(log4shell.components[0].project).toMatchObject({ uuid: expect.any(String) })
    // The OSV record's alias group merged into the GitHub one: one row names all three.
    expect(log4shell.aliases).toEqual([
      { cveId: LOG4SHELL, ghsaId: LOG4SHELL_GHSA, osvId: LOG4SHELL_OSV, uuid: expect.any(String) },
    ])
    expect(log4shell.affectedComponents).toBeUndefined()
    const low = items.find((v) => v.vulnId === 'CVE-2020-0001')
    expect(low).toMatchObject({
      affectedProjectCount: 0,
      aliases: [],
      components: [expect.anything()],
    })
    expect(low.kev).toBeUndefined()
    expect(low.epssScore).toBeUndefined()
  })

  it('shows KEV through a CVE alias and EPSS only on NVD rows', async () => {
    const { items } = await list()
    const ghsa = items.find((v) => v.vulnId === 'GHSA-aaaa-bbbb-cccc')
    expect(ghsa.kev).toEqual({ dateAdded: '2099-01-01' })
    expect(ghsa.epssScore).toBeUndefined()
    expect(ghsa).toMatchObject({
      cvssV4Score: 9.3,
      cvssV4Vector: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N',
    })
  })

  it('searches vulnId case-insensitively and pages as Alpine does', async () => {
    expect((await list('?searchText=cve-20')).ids).toEqual([LOG4SHELL, 'CVE-2020-0001'])
    expect((await list('?filter=GHSA')).ids).toEqual([LOG4SHELL_GHSA, 'GHSA-aaaa-bbbb-cccc'])
    const page = await list('?pageNumber=2&pageSize=2')
    expect(page).toMatchObject({ total: 5, ids: ALL.slice(2, 4) })
    expect((await list('?offset=4&limit=10')).ids).toEqual(ALL.slice(4))
    expect((await list('?searchText=%25')).ids).toEqual([])
  })

  it('sorts by vulnId, published and severity', async () => {
    expect((await list('?sortName=vulnId&sortOrder=desc')).ids).toEqual([...ALL].sort().reverse())
    expect((await list('?sortName=published&sortOrder=asc')).ids).toEqual([
      'CVE-2020-0001',
      LOG4SHELL_GHSA,
      LOG4SHELL,
      LOG4SHELL_OSV,
      'GHSA-aaaa-bbbb-cccc',
    ])
    const bySeverity = await list('?sortName=severity&sortOrder=desc')
    expect(bySeverity.items.map((v) => v.severity)).toEqual([
      'CRITICAL',
      'CRITICAL',
      'HIGH',
      'MEDIUM',
      'LOW',
    ])
  })

  it('refuses computed and unknown sort fields with a problem', async () => {
    for (const [field, reason] of [
      ['affectedProjectCount', 'The field is computed and can not be queried or sorted by'],
      ['nope', 'The field does not exist'],
    ]) {
      const response = await api.request(
        'GET',
        `/v1/vulnerability?sortName=${field}&sortOrder=asc`,
        { token: adminJwt },
      )
      expect(response.status).toBe(400)
      expect(response.headers.get('content-type')).toMatch(/problem\+json/)
      expect(response.json).toMatchObject({
        title: 'Field not sortable',
        detail: `Can not sort by Vulnerability#${field}: ${reason}`,
      })
    }
  })

  it('collapses alias groups to the preferred row (NVD, GitHub, OSV)', async () => {
    const collapsed = await list('?collapseAliases=true')
    expect(collapsed.total).toBe(3)
    expect(collapsed.ids).toEqual([LOG4SHELL, 'CVE-2020-0001', 'GHSA-aaaa-bbbb-cccc'])
    const row = collapsed.items[0]
    expect(row.aliases.flatMap((a: any) => [a.cveId, a.ghsaId, a.osvId])).toContain(LOG4SHELL_GHSA)
    const withoutNvd = await list('?collapseAliases=true&source=GITHUB,OSV')
    expect(withoutNvd.ids).toEqual([LOG4SHELL_GHSA, 'GHSA-aaaa-bbbb-cccc'])
    const searched = await list('?collapseAliases=true&searchText=GO-2021')
    expect(searched.ids).toEqual([LOG4SHELL_OSV])
    expect((await list('?collapseAliases=false')).total).toBe(5)
  })

  it('filters by severity, source and KEV', async () => {
    expect((await list('?severity=critical,HIGH')).ids).toEqual([
      LOG4SHELL,
      LOG4SHELL_GHSA,
      'GHSA-aaaa-bbbb-cccc',
    ])
    expect((await list('?source=osv')).ids).toEqual([LOG4SHELL_OSV])
    expect((await list('?kev=true')).ids).toEqual([
      LOG4SHELL,
      LOG4SHELL_GHSA,
      'GHSA-aaaa-bbbb-cccc',
      LOG4SHELL_OSV,
    ])
    expect((await list('?kev=true&collapseAliases=true&severity=HIGH')).ids).toEqual([
      'GHSA-aaaa-bbbb-cccc',
    ])
    for (const query of ['?severity=SEVERE', '?source=NVD,NOPE']) {
      const response = await api.request('GET', `/v1/vulnerability${query}`, { token: adminJwt })
      expect(response.status, query).toBe(400)
      expect(response.json[0]).toMatchObject({ path: expect.stringMatching(/^querystring\./) })
    }
  })

  it('needs VIEW_PORTFOLIO', async () => {
    expect(
      (await api.request('GET', '/v1/vulnerability', { apiKey: noPermissionKey })).status,
    ).toBe(403)
    expect((await api.request('GET', '/v1/vulnerability')).status).toBe(401)
    expect((await list('', { apiKey: viewerKey })).total).toBe(5)
  })
})

describe('GET /v1/vulnerability/source/{source}/vuln/{vuln}', () => {
  it('answers the vulnerability with components, aliases and affected components', async () => {
    const response = await api.request('GET', `/v1/vulnerability/source/NVD/vuln/${LOG4SHELL}`, {
      apiKey: viewerKey,
    })
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({
      vulnId: LOG4SHELL,
      source: 'NVD',
      affectedProjectCount: 0,
      references: '* [https://logging.apache.org](https://logging.apache.org)',
      affectedComponents: [
        {
          identityType: 'CPE',
          identity: 'cpe:2.3:a:apache:log4j:*:*:*:*:*:*:*:*',
          versionType: 'RANGE',
          versionStartIncluding: '2.0.1',
          versionEndExcluding: '2.3.1',
          uuid: expect.any(String),
          affectedVersionAttributions: [
            {
              source: 'NVD',
              uuid: expect.any(String),
              firstSeen: expect.any(Number),
              lastSeen: expect.any(Number),
            },
          ],
        },
      ],
    })
    expect(response.json.components).toHaveLength(3)
    expect(response.json.aliases).toHaveLength(1)
    expect(response.json.serviceComponents).toBeUndefined()
    const ghsa = await api.request(
      'GET',
      `/v1/vulnerability/source/GITHUB/vuln/${LOG4SHELL_GHSA}`,
      { token: adminJwt },
    )
    expect(ghsa.json.affectedComponents).toEqual([
      expect.objectContaining({
        identityType: 'PURL',
        identity: 'pkg:maven/org.apache.logging.log4j/log4j-core',
        versionType: 'RANGE',
        versionStartIncluding: '2.13.0',
        versionEndExcluding: '2.15.0',
      }),
    ])
  })

  it('answers 404 for an unknown source or id', async () => {
    for (const path of ['NVD/vuln/CVE-1999-9999', `GITHUB/vuln/${LOG4SHELL}`, 'NOPE/vuln/x']) {
      const response = await api.request('GET', `/v1/vulnerability/source/${path}`, {
        token: adminJwt,
      })
      expect(response.status, path).toBe(404)
      expect(response.text).toBe('The vulnerability could not be found.')
    }
  })
})

describe('GET /v1/vulnerability/{uuid}', () => {
  it('answers the plain entity to VULNERABILITY_MANAGEMENT', async () => {
    const [row] = await fixtures.sql('SELECT uuid FROM vulnerability WHERE vuln_id = $1', [
      LOG4SHELL,
    ])
    const response = await api.request('GET', `/v1/vulnerability/${row!.uuid}`, { token: adminJwt })
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({ vulnId: LOG4SHELL, affectedProjectCount: 0 })
    expect(response.json.aliases).toBeUndefined()
    expect(response.json.affectedComponents).toBeUndefined()
    expect(response.json.components).toBeUndefined()
    const viewer = await api.request('GET', `/v1/vulnerability/${row!.uuid}`, { apiKey: viewerKey })
    expect(viewer.status).toBe(403)
    const missing = await api.request(
      'GET',
      '/v1/vulnerability/00000000-0000-4000-8000-000000000000',
      { token: adminJwt },
    )
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The vulnerability could not be found.')
    const upper = await api.request('GET', `/v1/vulnerability/${row!.uuid.toUpperCase()}`, {
      token: adminJwt,
    })
    expect(upper.status).toBe(400)
    expect(upper.json[0]).toMatchObject({ message: 'Invalid UUID' })
  })
})

describe('GET /v1/vulnerability/component/{uuid}', () => {
  it('pages a component’s vulnerabilities, suppressed ones only when asked', async () => {
    const response = await api.request('GET', `/v1/vulnerability/component/${activeComponent}`, {
      apiKey: viewerKey,
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-total-count')).toBe('2')
    expect(response.json.map((v: any) => v.vulnId)).toEqual([LOG4SHELL, LOG4SHELL_GHSA])
    expect(response.json[0].aliases).toHaveLength(1)
    expect(response.json[0].components).toBeUndefined()
    const all = await api.request(
      'GET',
      `/v1/vulnerability/component/${activeComponent}?suppressed=true&sortName=vulnId&sortOrder=desc`,
      { token: adminJwt },
    )
    expect(all.json.map((v: any) => v.vulnId)).toEqual([LOG4SHELL_GHSA, LOG4SHELL, 'CVE-2020-0001'])
    const paged = await api.request(
      'GET',
      `/v1/vulnerability/component/${activeComponent}?suppressed=true&pageNumber=2&pageSize=2`,
      { token: adminJwt },
    )
    expect(paged.headers.get('x-total-count')).toBe('3')
    expect(paged.json).toHaveLength(1)
  })

  it('answers 404 and 400 for unknown and malformed components', async () => {
    const missing = await api.request(
      'GET',
      '/v1/vulnerability/component/00000000-0000-4000-8000-000000000000',
      { token: adminJwt },
    )
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The component could not be found.')
    const malformed = await api.request('GET', '/v1/vulnerability/component/nope', {
      token: adminJwt,
    })
    expect(malformed.status).toBe(400)
  })
})

describe('GET /v1/vulnerability/project/{uuid}', () => {
  it('answers one entry per component and vulnerability, not paged', async () => {
    const response = await api.request(
      'GET',
      `/v1/vulnerability/project/${activeProject}?pageSize=1&pageNumber=1`,
      { apiKey: viewerKey },
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('x-total-count')).toBe('2')
    expect(response.json.map((v: any) => v.vulnId)).toEqual([LOG4SHELL, LOG4SHELL_GHSA])
    for (const entry of response.json) {
      expect(entry.components.map((c: any) => c.uuid)).toEqual([activeComponent])
      expect(entry.aliases).toHaveLength(1)
    }
    const suppressed = await api.request(
      'GET',
      `/v1/vulnerability/project/${activeProject}?suppressed=true`,
      { token: adminJwt },
    )
    expect(suppressed.json).toHaveLength(3)
    const missing = await api.request(
      'GET',
      '/v1/vulnerability/project/00000000-0000-4000-8000-000000000000',
      { token: adminJwt },
    )
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The project could not be found.')
  })
})

describe('GET /v1/vulnerability/source/{source}/vuln/{vuln}/projects', () => {
  it('lists projects with a non-suppressed finding, optionally only active ones', async () => {
    const response = await api.request(
      'GET',
      `/v1/vulnerability/source/NVD/vuln/${LOG4SHELL}/projects`,
      { apiKey: viewerKey },
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('x-total-count')).toBe('2')
    expect(response.json).toEqual([
      {
        uuid: activeProject,
        dependencyGraphAvailable: false,
        name: 'vuln-active',
        version: '1',
        active: true,
        affectedComponentUuids: [activeComponent],
      },
      {
        uuid: inactiveProject,
        dependencyGraphAvailable: false,
        name: 'vuln-inactive',
        version: '1',
        active: false,
        affectedComponentUuids: [inactiveComponent],
      },
    ])
    const active = await api.request(
      'GET',
      `/v1/vulnerability/source/NVD/vuln/${LOG4SHELL}/projects?excludeInactive=true`,
      { token: adminJwt },
    )
    expect(active.json.map((p: any) => p.uuid)).toEqual([activeProject])
    const missing = await api.request('GET', '/v1/vulnerability/source/NVD/vuln/CVE-0/projects', {
      token: adminJwt,
    })
    expect(missing.status).toBe(404)
  })
})

describe('portfolio ACL (§1.3)', () => {
  let restrictedKey: string

  beforeAll(async () => {
    const restricted = await fixtures.teamKey('Restricted', [
      'VIEW_PORTFOLIO',
      'PORTFOLIO_MANAGEMENT',
    ])
    restrictedKey = restricted.key
    await fixtures.sql(
      `INSERT INTO project_access_team (project_id, team_id)
       SELECT p.id, t.id FROM project p, team t WHERE p.uuid = $1 AND t.uuid = $2`,
      [activeProject, restricted.teamUuid],
    )
    const enabled = await api.request('POST', '/v1/configProperty/aggregate', {
      token: adminJwt,
      json: [
        { groupName: 'access-management', propertyName: 'acl.enabled', propertyValue: 'true' },
      ],
    })
    expect(enabled.status).toBe(200)
  })

  afterAll(async () => {
    await api.request('POST', '/v1/configProperty/aggregate', {
      token: adminJwt,
      json: [
        { groupName: 'access-management', propertyName: 'acl.enabled', propertyValue: 'false' },
      ],
    })
  })

  it('filters counts, components and affected projects to accessible projects', async () => {
    const { items } = await list('?searchText=44228', { apiKey: restrictedKey })
    expect(items[0]).toMatchObject({
      affectedProjectCount: 1,
      affectedActiveProjectCount: 1,
      affectedInactiveProjectCount: 0,
    })
    expect(items[0].components.map((c: any) => c.uuid)).toEqual([activeComponent])
    const one = await api.request('GET', `/v1/vulnerability/source/NVD/vuln/${LOG4SHELL}`, {
      apiKey: restrictedKey,
    })
    expect(one.json.components.map((c: any) => c.uuid)).toEqual([activeComponent])
    const projects = await api.request(
      'GET',
      `/v1/vulnerability/source/NVD/vuln/${LOG4SHELL}/projects`,
      { apiKey: restrictedKey },
    )
    expect(projects.json.map((p: any) => p.uuid)).toEqual([activeProject])
    const admin = await list('?searchText=44228')
    expect(admin.items[0].affectedProjectCount).toBe(2)
  })

  it('answers 403 for another project’s component or project', async () => {
    const component = await api.request('GET', `/v1/vulnerability/component/${inactiveComponent}`, {
      apiKey: restrictedKey,
    })
    expect(component.status).toBe(403)
    expect(component.text).toBe('Access to the specified component is forbidden')
    const project = await api.request('GET', `/v1/vulnerability/project/${inactiveProject}`, {
      apiKey: restrictedKey,
    })
    expect(project.status).toBe(403)
    expect(project.text).toBe('Access to the specified project is forbidden')
    const assign = await api.request(
      'POST',
      `/v1/vulnerability/source/NVD/vuln/CVE-2020-0001/component/${inactiveComponent}`,
      { apiKey: restrictedKey },
    )
    expect(assign.status).toBe(403)
    expect(assign.text).toBe('Access to the specified component is forbidden')
  })
})

describe('assignment endpoints (§4.9)', () => {
  it('adds and removes manual findings by source and vulnId or by uuid', async () => {
    const project = await fixtures.createProject('assignments', '1')
    const component = await fixtures.createComponent(project, 'assigned-lib')
    const [row] = await fixtures.sql('SELECT uuid FROM vulnerability WHERE vuln_id = $1', [
      'CVE-2020-0001',
    ])
    const byUuid = `/v1/vulnerability/${row!.uuid}/component/${component}`
    expect((await api.request('POST', byUuid, { token: adminJwt })).status).toBe(200)
    expect((await api.request('POST', byUuid, { token: adminJwt })).status).toBe(200)
    const [finding] = await fixtures.sql(
      `SELECT f.analyzer_identity FROM finding f JOIN component c ON c.id = f.component_id
       WHERE c.uuid = $1`,
      [component],
    )
    expect(finding).toEqual({ analyzer_identity: 'NONE' })
    const listed = await api.request('GET', `/v1/vulnerability/component/${component}`, {
      token: adminJwt,
    })
    expect(listed.json.map((v: any) => v.vulnId)).toEqual(['CVE-2020-0001'])
    expect((await api.request('DELETE', byUuid, { token: adminJwt })).status).toBe(200)
    const bySource = `/v1/vulnerability/source/NVD/vuln/CVE-2020-0001/component/${component}`
    expect((await api.request('POST', bySource, { token: adminJwt })).status).toBe(200)
    expect((await api.request('DELETE', bySource, { token: adminJwt })).status).toBe(200)
    const after = await api.request('GET', `/v1/vulnerability/component/${component}`, {
      token: adminJwt,
    })
    expect(after.json).toEqual([])
  })

  it('answers 404 for an unknown vulnerability or component and 403 without the permission', async () => {
    const project = await fixtures.createProject('assignments-errors', '1')
    const component = await fixtures.createComponent(project, 'assigned-lib')
    const unknownVuln = await api.request(
      'POST',
      `/v1/vulnerability/source/NVD/vuln/CVE-0000-0000/component/${component}`,
      { token: adminJwt },
    )
    expect(unknownVuln.status).toBe(404)
    expect(unknownVuln.text).toBe('The vulnerability could not be found.')
    const unknownComponent = await api.request(
      'DELETE',
      '/v1/vulnerability/source/NVD/vuln/CVE-2020-0001/component/00000000-0000-4000-8000-000000000000',
      { token: adminJwt },
    )
    expect(unknownComponent.status).toBe(404)
    expect(unknownComponent.text).toBe('The component could not be found.')
    const viewer = await api.request(
      'POST',
      `/v1/vulnerability/source/NVD/vuln/CVE-2020-0001/component/${component}`,
      { apiKey: viewerKey },
    )
    expect(viewer.status).toBe(403)
    expect(viewer.text).toBe('')
  })
})
