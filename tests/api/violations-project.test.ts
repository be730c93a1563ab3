import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { violationFixtures } from '../support/violation-fixtures.ts'
import { vulnerabilityFixtures } from '../support/vulnerability-fixtures.ts'

// Contract: dt-api-portfolio.md §1.3 (single-object ACL), §1.4, §3.14, §4.14 (GET
// /violation/project/{uuid} and /violation/component/{uuid}: suppressed, searchText, default
// orders, 404 and 403 texts).

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
const portfolio = vulnerabilityFixtures(
  () => server,
  () => api,
  () => adminJwt,
)
const policies = violationFixtures(() => server)

const named = new Map<string, string>()
const nameOf = (uuid: string) => [...named].find(([, value]) => value === uuid)?.[0] ?? uuid
let app: string
let other: string
let alpha: string
let beta: string
const MISSING = '00000000-0000-4000-8000-000000000000'

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
  app = await portfolio.createProject('app', '1.0')
  other = await portfolio.createProject('other', '1.0')
  alpha = await portfolio.createComponent(app, 'alpha', '1.0')
  beta = await portfolio.createComponent(app, 'beta', '2.0')
  const gamma = await portfolio.createComponent(other, 'gamma', '1.0')
  const weak = await policies.policy('Weak hashes', { violationState: 'WARN' })
  const copyleft = await policies.policy('Copyleft', { violationState: 'FAIL' })
  const hash = await policies.condition(weak, 'COMPONENT_HASH', 'IS', '{"algorithm":"MD5"}')
  const purl = await policies.condition(weak, 'PACKAGE_URL', 'MATCHES', 'pkg:npm/*')
  const gpl = await policies.condition(copyleft, 'LICENSE', 'IS', 'unresolved')
  const rows: Array<[string, string, string, string]> = [
    ['a-hash', alpha, hash, '2024-05-01T00:00:00Z'],
    ['a-gpl', alpha, gpl, '2024-05-02T00:00:00Z'],
    ['b-hash', beta, hash, '2024-05-02T00:00:00Z'],
    ['b-purl', beta, purl, '2024-04-01T00:00:00Z'],
    ['g-gpl', gamma, gpl, '2024-06-01T00:00:00Z'],
  ]
  for (const [name, component, condition, at] of rows)
    named.set(name, await policies.violation(component, condition, at))
  const suppressed = await api.request('PUT', '/v1/violation/analysis', {
    token: adminJwt,
    json: { component: beta, policyViolation: named.get('b-purl'), isSuppressed: true },
  })
  expect(suppressed.status).toBe(200)
})

afterAll(async () => {
  await server?.close()
})

async function get(path: string, auth: { token?: string; apiKey?: string } = { token: adminJwt }) {
  const response = await api.request('GET', path, auth)
  expect(response.status, response.text).toBe(200)
  return {
    rows: response.json as any[],
    names: (response.json as any[]).map((row) => nameOf(row.uuid)),
    total: Number(response.headers.get('x-total-count')),
  }
}

describe('GET /violation/project/{uuid}', () => {
  it("lists the project's unsuppressed violations, newest first, then by component", async () => {
    const { rows, names, total } = await get(`/v1/violation/project/${app}`)
    expect(names).toEqual(['a-gpl', 'b-hash', 'a-hash'])
    expect(total).toBe(3)
    expect(rows[1]).toMatchObject({
      type: 'OPERATIONAL',
      project: { uuid: app, name: 'app', version: '1.0' },
      component: { uuid: beta, name: 'beta', version: '2.0' },
      policyCondition: {
        subject: 'COMPONENT_HASH',
        operator: 'IS',
        value: '{"algorithm":"MD5"}',
        policy: { name: 'Weak hashes', violationState: 'WARN' },
      },
    })
  })

  it('adds suppressed violations with their analysis on request', async () => {
    const { rows, names } = await get(`/v1/violation/project/${app}?suppressed=true`)
    expect(names).toEqual(['a-gpl', 'b-hash', 'a-hash', 'b-purl'])
    expect(rows[3].analysis).toEqual({
      analysisState: 'NOT_SET',
      analysisComments: [],
      isSuppressed: true,
    })
  })

  it('searches policy and component names', async () => {
    expect((await get(`/v1/violation/project/${app}?searchText=COPY`)).names).toEqual(['a-gpl'])
    expect((await get(`/v1/violation/project/${app}?searchText=beta`)).names).toEqual(['b-hash'])
    expect((await get(`/v1/violation/project/${app}?searchText=zzz`)).total).toBe(0)
  })

  it('sorts and pages like every list', async () => {
    const byPolicy = await get(
      `/v1/violation/project/${app}?sortName=policyCondition.policy.name&sortOrder=desc`,
    )
    expect(byPolicy.names).toEqual(['a-hash', 'b-hash', 'a-gpl'])
    const page = await get(`/v1/violation/project/${app}?pageSize=2&pageNumber=2`)
    expect(page.names).toEqual(['a-hash'])
    expect(page.total).toBe(3)
  })

  it('takes the portfolio filters too (beyond 4.13), so the tab can count per state', async () => {
    const warnings = await get(
      `/v1/violation/project/${app}?violationState=WARN&pageSize=1&pageNumber=1`,
    )
    expect(warnings.total).toBe(2)
    expect(warnings.names).toEqual(['b-hash'])
    expect((await get(`/v1/violation/project/${app}?riskType=LICENSE`)).names).toEqual(['a-gpl'])
    const suppressed = await get(
      `/v1/violation/project/${app}?suppressed=true&analysisState=NOT_SET&riskType=OPERATIONAL`,
    )
    expect(suppressed.names).toEqual(['b-hash', 'a-hash', 'b-purl'])
    const bad = await api.request('GET', `/v1/violation/project/${app}?violationState=BAD`, {
      token: adminJwt,
    })
    expect([bad.status, bad.json.title]).toEqual([400, 'Illegal argument provided'])
    expect((await get(`/v1/violation/component/${beta}?violationState=FAIL`)).total).toBe(0)
  })

  it('answers 404 for an unknown project and 400 for a malformed UUID', async () => {
    const missing = await api.request('GET', `/v1/violation/project/${MISSING}`, {
      token: adminJwt,
    })
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The project could not be found.')
    const upper = await api.request('GET', `/v1/violation/project/${app.toUpperCase()}`, {
      token: adminJwt,
    })
    expect(upper.status).toBe(400)
  })
})

describe('GET /violation/component/{uuid}', () => {
  it("lists the component's violations, newest first", async () => {
    expect((await get(`/v1/violation/component/${beta}`)).names).toEqual(['b-hash'])
    const all = await get(`/v1/violation/component/${beta}?suppressed=true`)
    expect(all.names).toEqual(['b-hash', 'b-purl'])
    expect(all.total).toBe(2)
  })

  it('answers 404 for an unknown component', async () => {
    const missing = await api.request('GET', `/v1/violation/component/${MISSING}`, {
      token: adminJwt,
    })
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The component could not be found.')
  })
})

describe('project and component violations under access control', () => {
  it('needs VIEW_POLICY_VIOLATION, and access to the project when the ACL is on', async () => {
    const viewer = await portfolio.teamKey('Viewers', ['VIEW_PORTFOLIO'])
    const auditors = await portfolio.teamKey('Auditors', ['VIEW_POLICY_VIOLATION'])
    for (const path of [`/v1/violation/project/${app}`, `/v1/violation/component/${alpha}`])
      expect((await api.request('GET', path, { apiKey: viewer.key })).status).toBe(403)
    await portfolio.setAcl(true)
    try {
      await portfolio.grant(app, auditors.teamUuid)
      expect((await get(`/v1/violation/project/${app}`, { apiKey: auditors.key })).total).toBe(3)
      const project = await api.request('GET', `/v1/violation/project/${other}`, {
        apiKey: auditors.key,
      })
      expect(project.status).toBe(403)
      expect(project.text).toBe('Access to the specified project is forbidden')
      const gamma = (await get(`/v1/violation/project/${other}`)).rows[0].component.uuid
      const component = await api.request('GET', `/v1/violation/component/${gamma}`, {
        apiKey: auditors.key,
      })
      expect(component.status).toBe(403)
      expect(component.text).toBe('Access to the specified component is forbidden')
    } finally {
      await portfolio.setAcl(false)
    }
  })
})
