import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { violationFixtures } from '../support/violation-fixtures.ts'
import { vulnerabilityFixtures } from '../support/vulnerability-fixtures.ts'

// Contract: dt-api-portfolio.md §1.3 (list ACL), §1.4 (paging, Alpine sorting), §2.17, §3.14,
// §4.14 (GET /violation: every filter, the default order, 400 problems for unknown enum names and
// policy UUIDs); the brief's CSV variant (Accept: text/csv).

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
const portfolio = vulnerabilityFixtures(
  () => server,
  () => api,
  () => adminJwt,
)
const policies = violationFixtures(() => server)

/** Violation UUIDs by a short name, to compare lists by what they hold. */
const named = new Map<string, string>()
const nameOf = (uuid: string) => [...named].find(([, value]) => value === uuid)?.[0] ?? uuid
let licensePolicy: string
let securityPolicy: string
let shop1: string

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
  shop1 = await portfolio.createProject('shop', '1.0')
  const shop2 = await portfolio.createProject('shop', '2.0')
  const legacy = await portfolio.createProject('legacy', '0.9', false)
  const web1 = await portfolio.createComponent(shop1, 'web-lib', '1.0')
  const util1 = await portfolio.createComponent(shop1, 'util', '2.0')
  const web2 = await portfolio.createComponent(shop2, 'web-lib', '1.1')
  const old = await portfolio.createComponent(legacy, 'old-lib', '0.9')
  await policies.license('MIT', 'MIT License', { osi: true })
  await policies.license('Apache-2.0', 'Apache License 2.0', { osi: true })
  await policies.componentLicense(web1, 'MIT', 'MIT')
  await policies.componentLicense(util1, null, 'Custom EULA')
  await policies.componentLicense(web2, 'Apache-2.0')
  licensePolicy = await policies.policy('License allow-list', { violationState: 'FAIL' })
  securityPolicy = await policies.policy('No critical', { violationState: 'WARN' })
  const coordinatesPolicy = await policies.policy('Banned coordinates')
  await policies.limitToProject(coordinatesPolicy, shop2)
  const allowed = await policies.condition(licensePolicy, 'LICENSE_GROUP', 'IS_NOT', shop1)
  const critical = await policies.condition(securityPolicy, 'SEVERITY', 'IS', 'CRITICAL')
  const banned = await policies.condition(
    coordinatesPolicy,
    'COORDINATES',
    'MATCHES',
    '{"group":null,"name":"web-*","version":null}',
  )
  const rows: Array<[string, string, string, string]> = [
    ['v1', web1, allowed, '2024-01-01T10:00:00Z'],
    ['v2', util1, critical, '2024-01-02T23:59:59Z'],
    ['v3', web2, banned, '2024-02-01T00:00:00Z'],
    ['v4', old, allowed, '2024-03-01T00:00:00Z'],
    ['v5', util1, banned, '2024-01-03T00:00:00Z'],
    ['v6', web2, allowed, '2024-02-02T00:00:00Z'],
  ]
  for (const [name, component, condition, at] of rows)
    named.set(name, await policies.violation(component, condition, at))
  await decide('v5', { analysisState: 'REJECTED', isSuppressed: true })
  await decide('v6', { analysisState: 'APPROVED', comment: 'Cleared by legal' })
})

afterAll(async () => {
  await server?.close()
})

async function decide(name: string, decision: Record<string, unknown>) {
  const [row] = await policies.sql(
    `SELECT c.uuid FROM policy_violation pv JOIN component c ON c.id = pv.component_id
     WHERE pv.uuid = $1`,
    [named.get(name)],
  )
  const response = await api.request('PUT', '/v1/violation/analysis', {
    token: adminJwt,
    json: { component: row!.uuid, policyViolation: named.get(name), ...decision },
  })
  expect(response.status, response.text).toBe(200)
}

type Auth = { token?: string; apiKey?: string }

async function list(query = '', auth: Auth = { token: adminJwt }) {
  const response = await api.request('GET', `/v1/violation${query}`, auth)
  expect(response.status, response.text).toBe(200)
  const rows = response.json as any[]
  return {
    rows,
    names: rows.map((row) => nameOf(row.uuid)),
    total: Number(response.headers.get('x-total-count')),
  }
}

describe('GET /violation', () => {
  it('lists unsuppressed violations of active projects, newest first, with everything nested', async () => {
    const { rows, names, total } = await list()
    expect(names).toEqual(['v6', 'v3', 'v2', 'v1'])
    expect(total).toBe(4)
    const v1 = rows.find((row) => row.uuid === named.get('v1'))
    expect(v1).toMatchObject({
      type: 'LICENSE',
      timestamp: Date.parse('2024-01-01T10:00:00Z'),
      project: { uuid: shop1, name: 'shop', version: '1.0' },
      component: {
        name: 'web-lib',
        version: '1.0',
        purl: 'pkg:npm/web-lib@1.0',
        license: 'MIT',
        resolvedLicense: { licenseId: 'MIT', name: 'MIT License', isOsiApproved: true },
      },
      policyCondition: {
        subject: 'LICENSE_GROUP',
        operator: 'IS_NOT',
        value: shop1,
        policy: {
          uuid: licensePolicy,
          name: 'License allow-list',
          operator: 'ANY',
          violationState: 'FAIL',
          includeChildren: false,
          onlyLatestProjectVersion: false,
          global: true,
        },
      },
    })
    expect(v1).not.toHaveProperty('analysis')
    expect(v1).not.toHaveProperty('text')
    expect(v1.component).not.toHaveProperty('project')
    const v3 = rows.find((row) => row.uuid === named.get('v3'))
    expect(v3.policyCondition.policy.global).toBe(false)
    expect(rows.find((row) => row.uuid === named.get('v2')).component).not.toHaveProperty(
      'resolvedLicense',
    )
  })

  it('attaches the analysis with its trail', async () => {
    const { rows } = await list()
    const v6 = rows.find((row) => row.uuid === named.get('v6'))
    expect(v6.analysis).toMatchObject({ analysisState: 'APPROVED', isSuppressed: false })
    expect(v6.analysis.analysisComments.map((c: any) => c.comment)).toEqual([
      'NOT_SET → APPROVED',
      'Cleared by legal',
    ])
  })

  it('adds suppressed violations and inactive projects on request', async () => {
    expect((await list('?suppressed=true')).names).toEqual(['v6', 'v3', 'v5', 'v2', 'v1'])
    expect((await list('?showInactive=TRUE')).names).toEqual(['v4', 'v6', 'v3', 'v2', 'v1'])
  })

  it('filters by violation state, risk type and policy', async () => {
    expect((await list('?violationState=FAIL')).names).toEqual(['v6', 'v1'])
    expect((await list('?violationState=WARN,INFO')).names).toEqual(['v3', 'v2'])
    expect((await list('?riskType=SECURITY')).names).toEqual(['v2'])
    expect((await list('?riskType=LICENSE,OPERATIONAL')).names).toEqual(['v6', 'v3', 'v1'])
    expect((await list(`?policy=${securityPolicy.toUpperCase()}`)).names).toEqual(['v2'])
    expect((await list(`?policy=${securityPolicy},${licensePolicy}`)).total).toBe(3)
  })

  it('filters by analysis state, NOT_SET also matching violations without one', async () => {
    expect((await list('?analysisState=NOT_SET')).names).toEqual(['v3', 'v2', 'v1'])
    expect((await list('?analysisState=APPROVED')).names).toEqual(['v6'])
    expect((await list('?analysisState=REJECTED')).names).toEqual([])
    expect((await list('?analysisState=REJECTED&suppressed=true')).names).toEqual(['v5'])
  })

  it('filters by occurrence day, both bounds inclusive', async () => {
    const day = '?occurredOnDateFrom=2024-01-02&occurredOnDateTo=2024-01-02'
    expect((await list(day)).names).toEqual(['v2'])
    expect((await list('?occurredOnDateFrom=2024-02-01')).names).toEqual(['v6', 'v3'])
    expect((await list('?occurredOnDateTo=2024-01-01')).names).toEqual(['v1'])
  })

  it('searches the chosen fields, any of them, case-insensitively', async () => {
    const search = async (fields: string, input: string) =>
      (await list(`?textSearchField=${fields}&textSearchInput=${encodeURIComponent(input)}`)).names
    expect(await search('policy_name', 'ALLOW')).toEqual(['v6', 'v1'])
    expect(await search('COMPONENT', 'util')).toEqual(['v2'])
    expect(await search('license', 'mit')).toEqual(['v1'])
    expect(await search('license', 'eula')).toEqual(['v2'])
    expect(await search('license', 'apache')).toEqual(['v6', 'v3'])
    expect(await search('project_name', '2.0')).toEqual(['v6', 'v3'])
    expect(await search('policy_name,component', 'critical')).toEqual(['v2'])
    expect(await search('component,project_name', 'web')).toEqual(['v6', 'v3', 'v1'])
    expect(await search('component', '%')).toEqual([])
    expect((await list('?textSearchField=component')).total).toBe(4)
  })

  it('answers unknown enum names and malformed policy UUIDs as 4.13 does', async () => {
    const cases: Array<[string, string]> = [
      [
        'violationState=fail',
        'No enum constant org.dependencytrack.model.Policy.ViolationState.fail',
      ],
      [
        'riskType=LICENCE',
        'No enum constant org.dependencytrack.model.PolicyViolation.Type.LICENCE',
      ],
      [
        'analysisState=OPEN',
        'No enum constant org.dependencytrack.model.ViolationAnalysisState.OPEN',
      ],
      ['policy=not-a-uuid', 'Invalid UUID string: not-a-uuid'],
    ]
    for (const [query, detail] of cases) {
      const response = await api.request('GET', `/v1/violation?${query}`, { token: adminJwt })
      expect(response.status, query).toBe(400)
      expect(response.headers.get('content-type')).toContain('application/problem+json')
      expect(response.json).toEqual({ status: 400, title: 'Illegal argument provided', detail })
    }
  })

  it('refuses an unknown search field and an impossible day with a validation error', async () => {
    for (const query of ['textSearchField=vulnerability', 'occurredOnDateFrom=2024-02-30']) {
      const response = await api.request('GET', `/v1/violation?${query}`, { token: adminJwt })
      expect(response.status, query).toBe(400)
      expect(response.json[0].path).toBe(`querystring.${query.split('=')[0]}`)
    }
  })
})

describe('GET /violation sorting and paging', () => {
  const sorted = async (name: string, order = 'asc') =>
    (await list(`?sortName=${name}&sortOrder=${order}`)).names

  it('sorts by the columns the audit screen offers', async () => {
    expect(await sorted('timestamp')).toEqual(['v1', 'v2', 'v3', 'v6'])
    expect(await sorted('policyCondition.policy.name')).toEqual(['v3', 'v1', 'v6', 'v2'])
    expect(await sorted('policyCondition.policy.violationState', 'desc')).toEqual([
      'v1',
      'v6',
      'v2',
      'v3',
    ])
    expect(await sorted('type', 'desc')).toEqual(['v2', 'v3', 'v1', 'v6'])
    expect(await sorted('component.name')).toEqual(['v2', 'v1', 'v3', 'v6'])
    expect(await sorted('project.name', 'desc')).toEqual(['v1', 'v2', 'v3', 'v6'])
    expect(await sorted('component.license')).toEqual(['v3', 'v6', 'v2', 'v1'])
    expect(await sorted('analysis.analysisState')).toEqual(['v6', 'v1', 'v2', 'v3'])
  })

  it('answers an unknown field with a 400 problem, and ignores a sort without direction', async () => {
    const response = await api.request('GET', '/v1/violation?sortName=severity&sortOrder=asc', {
      token: adminJwt,
    })
    expect(response.status).toBe(400)
    expect(response.json).toEqual({
      status: 400,
      title: 'Field not sortable',
      detail: 'Can not sort by PolicyViolation#severity: The field does not exist',
    })
    expect((await list('?sortName=timestamp')).names).toEqual(['v1', 'v2', 'v3', 'v6'])
  })

  it('pages with the total in X-Total-Count', async () => {
    const second = await list('?pageSize=3&pageNumber=2')
    expect(second.names).toEqual(['v1'])
    expect(second.total).toBe(4)
    const offset = await list('?offset=1&limit=2')
    expect(offset.names).toEqual(['v3', 'v2'])
    expect(offset.total).toBe(4)
  })
})

describe('GET /violation as CSV', () => {
  it('answers the whole filtered, sorted result, unpaged', async () => {
    const response = await api.request('GET', '/v1/violation?pageSize=1&pageNumber=1', {
      token: adminJwt,
      headers: { Accept: 'text/csv' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/csv')
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="policy-violations.csv"',
    )
    const lines = response.text.trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      'Project,Project version,Component group,Component,Component version,Package URL,' +
        'License,Policy,Violation state,Risk type,Condition subject,Condition operator,' +
        'Condition value,Occurred on,Analysis,Suppressed',
    )
    expect(lines).toHaveLength(5)
    expect(lines[1]).toBe(
      `shop,2.0,,web-lib,1.1,pkg:npm/web-lib@1.1,Apache-2.0,License allow-list,FAIL,LICENSE,` +
        `LICENSE_GROUP,IS_NOT,${shop1},2024-02-02T00:00:00.000Z,APPROVED,false`,
    )
    expect(lines[3]).toContain(',util,2.0,pkg:npm/util@2.0,Custom EULA,No critical,WARN,SECURITY,')
  })
})

describe('GET /violation access', () => {
  it('needs VIEW_POLICY_VIOLATION', async () => {
    const viewer = await portfolio.teamKey('Portfolio viewers', ['VIEW_PORTFOLIO'])
    expect((await api.request('GET', '/v1/violation', { apiKey: viewer.key })).status).toBe(403)
    expect((await api.request('GET', '/v1/violation')).status).toBe(401)
  })

  it('lists only the projects a team may see when portfolio access control is on', async () => {
    const auditors = await portfolio.teamKey('Violation auditors', ['VIEW_POLICY_VIOLATION'])
    const managers = await portfolio.teamKey('Access managers', [
      'VIEW_POLICY_VIOLATION',
      'ACCESS_MANAGEMENT',
    ])
    await portfolio.setAcl(true)
    try {
      expect((await list('', { apiKey: auditors.key })).total).toBe(0)
      await portfolio.grant(shop1, auditors.teamUuid)
      const granted = await list('', { apiKey: auditors.key })
      expect(granted.names).toEqual(['v2', 'v1'])
      expect(granted.total).toBe(2)
      expect((await list('', { apiKey: managers.key })).total).toBe(4)
    } finally {
      await portfolio.setAcl(false)
    }
  })
})
