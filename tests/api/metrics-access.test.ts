import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VULNERABILITY_METRICS_JOB } from '../../server/domain/metrics/model.ts'
import { scheduleMetrics } from '../../server/domain/metrics/triggers.ts'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { vulnerabilityFixtures } from '../support/vulnerability-fixtures.ts'

// Contract: dt-api-portfolio.md §4.18 (permissions, 404 and ACL-403 texts, the date format
// error, `current` with an empty body, the component/project since quirks, vulnerability
// metrics), §1.3 (ACL); beyond 4.13 (brief): portfolio metrics over the projects in view
// (ACL, excludeInactive, onlyLatest) and configurable risk weights (DT#2475) that rescore every
// row; dt-behaviour.md §8.3 (cadences).

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
const fixtures = vulnerabilityFixtures(
  () => server,
  () => api,
  () => adminJwt,
)
const MISSING = '00000000-0000-4000-8000-000000000000'

type Auth = { token?: string; apiKey?: string }
const get = (path: string, auth: Auth = { token: adminJwt }) => api.request('GET', path, auth)
async function json(path: string, auth?: Auth) {
  const response = await get(path, auth)
  expect(response.status, `${path}: ${response.text}`).toBe(200)
  return response.json
}
const settle = () => server.lookout.worker!.drain()

async function refreshPortfolio() {
  expect((await get('/v1/metrics/portfolio/refresh')).status).toBe(200)
  await settle()
}

let app: string
let old: string
let other: string
let unmeasured: string
let appComponent: string

/** One component with the given severities, through the assignment endpoint. */
async function vulnerable(project: string, name: string, ...vulnIds: string[]) {
  const component = await fixtures.createComponent(project, name)
  await settle()
  for (const vulnId of vulnIds) await fixtures.assign('NVD', vulnId, component)
  return component
}

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
  await fixtures.mirror([
    {
      source: 'NVD',
      vulnId: 'CVE-2023-0001',
      severity: 'CRITICAL',
      created: new Date('2023-03-10T00:00:00Z'),
    },
    { source: 'NVD', vulnId: 'CVE-2023-0002', severity: 'HIGH', published: new Date('2023-03-02') },
    { source: 'NVD', vulnId: 'CVE-2024-0003', severity: 'LOW', created: new Date('2024-07-01') },
  ])
  // app 2.0 (latest), app 1.0 (inactive), other 1.0: one critical, one high, one low each.
  app = await fixtures.createProject('app', '2.0')
  old = await fixtures.createProject('app', '1.0', false)
  other = await fixtures.createProject('other', '1.0')
  // Inactive: no portfolio run measures it (4.13 measures active projects only).
  unmeasured = await fixtures.createProject('unmeasured', '1.0', false)
  await api.request('PATCH', `/v1/project/${app}`, { token: adminJwt, json: { isLatest: true } })
  appComponent = await vulnerable(app, 'critical-lib', 'CVE-2023-0001')
  await vulnerable(old, 'high-lib', 'CVE-2023-0002')
  await vulnerable(other, 'low-lib', 'CVE-2024-0003')
  await refreshPortfolio()
})

afterAll(async () => {
  await server?.close()
})

describe('errors', () => {
  it('answers 200 with an empty body for a current row that does not exist yet', async () => {
    const response = await get(`/v1/metrics/project/${unmeasured}/current`)
    expect([response.status, response.text]).toEqual([200, ''])
  })

  it('refuses an unreadable day, except for a project (4.13: no rows)', async () => {
    for (const path of [
      '/v1/metrics/portfolio/since/2024-01-01',
      '/v1/metrics/portfolio/since/20240230',
      `/v1/metrics/component/${appComponent}/since/yesterday`,
    ]) {
      const response = await get(path)
      expect([response.status, response.text], path).toEqual([
        400,
        'The specified date format is incorrect.',
      ])
    }
    expect(await json(`/v1/metrics/project/${app}/since/yesterday`)).toEqual([])
  })

  it('answers 404 for unknown projects, components and a day count that is no number', async () => {
    const project = await get(`/v1/metrics/project/${MISSING}/days/30`)
    expect([project.status, project.text]).toEqual([404, 'The project could not be found.'])
    const component = await get(`/v1/metrics/component/${MISSING}/refresh`)
    expect([component.status, component.text]).toEqual([404, 'The component could not be found.'])
    expect((await get('/v1/metrics/portfolio/ninety/days')).status).toBe(404)
    expect((await get(`/v1/metrics/project/${app}/days/1.5`)).status).toBe(404)
    const malformed = await get('/v1/metrics/project/NOT-A-UUID/current')
    expect(malformed.status).toBe(400)
  })

  it('needs VIEW_PORTFOLIO to read and PORTFOLIO_MANAGEMENT to refresh', async () => {
    const reader = await fixtures.teamKey('Metrics readers', ['VIEW_PORTFOLIO'])
    const nobody = await fixtures.teamKey('Nobody', [])
    expect((await get('/v1/metrics/portfolio/current', { apiKey: nobody.key })).status).toBe(403)
    expect((await get('/v1/metrics/vulnerability', { apiKey: nobody.key })).status).toBe(403)
    expect((await get('/v1/metrics/portfolio/current', { apiKey: reader.key })).status).toBe(200)
    for (const path of [
      '/v1/metrics/portfolio/refresh',
      `/v1/metrics/project/${app}/refresh`,
      `/v1/metrics/component/${appComponent}/refresh`,
    ]) {
      const refused = await get(path, { apiKey: reader.key })
      expect([refused.status, refused.text], path).toEqual([403, ''])
    }
    expect((await get('/v1/metrics/portfolio/current', {})).status).toBe(401)
  })
})

describe('portfolio access control', () => {
  let teamKey: { teamUuid: string; key: string }

  beforeAll(async () => {
    teamKey = await fixtures.teamKey('App team', ['VIEW_PORTFOLIO'])
    await fixtures.grant(app, teamKey.teamUuid)
    await fixtures.setAcl(true)
  })
  afterAll(() => fixtures.setAcl(false))

  it('forbids the metrics of a project or component of another team', async () => {
    const project = await get(`/v1/metrics/project/${other}/days/30`, { apiKey: teamKey.key })
    expect([project.status, project.text]).toEqual([
      403,
      'Access to the specified project is forbidden',
    ])
    const granted = await get(`/v1/metrics/project/${app}/current`, { apiKey: teamKey.key })
    expect(granted.json).toMatchObject({ critical: 1 })
    const component = await fixtures.createComponent(other, 'hidden')
    const refused = await get(`/v1/metrics/component/${component}/current`, {
      apiKey: teamKey.key,
    })
    expect([refused.status, refused.text]).toEqual([
      403,
      'Access to the specified component is forbidden',
    ])
  })

  it('counts only the projects in view (beyond 4.13), now and in the history', async () => {
    const everything = await json('/v1/metrics/portfolio/current')
    expect(everything).toMatchObject({ projects: 2, critical: 1, low: 1, vulnerabilities: 2 })
    const mine = await json('/v1/metrics/portfolio/current', { apiKey: teamKey.key })
    expect(mine).toMatchObject({
      projects: 1,
      vulnerableProjects: 1,
      components: 1,
      critical: 1,
      low: 0,
      vulnerabilities: 1,
      inheritedRiskScore: 10,
    })
    const history = await json('/v1/metrics/portfolio/30/days', { apiKey: teamKey.key })
    expect(history.at(-1)).toEqual(mine)
    expect(history.every((row: { low: number }) => row.low === 0)).toBe(true)
  })
})

describe('portfolio views beyond 4.13', () => {
  it('4.13 counts active projects that are not collections', async () => {
    expect(await json('/v1/metrics/portfolio/current')).toMatchObject({
      projects: 2,
      vulnerableProjects: 2,
      high: 0,
    })
  })

  it('onlyLatest counts the latest versions; excludeInactive computes from the projects in view', async () => {
    expect(await json('/v1/metrics/portfolio/current?onlyLatest=true')).toMatchObject({
      projects: 1,
      critical: 1,
      low: 0,
    })
    const active = await json('/v1/metrics/portfolio/current?excludeInactive=true')
    expect(active).toMatchObject({ projects: 2, vulnerableProjects: 2, critical: 1, low: 1 })
    const rows = await json('/v1/metrics/portfolio/90/days?onlyLatest=true')
    expect(rows.at(-1)).toMatchObject({ projects: 1, critical: 1 })
  })
})

describe('risk weights (beyond 4.13)', () => {
  const setWeight = (name: string, value: string) =>
    api.request('POST', '/v1/configProperty', {
      token: adminJwt,
      json: { groupName: 'risk-score', propertyName: name, propertyValue: value },
    })

  it('refuse a negative weight', async () => {
    const response = await setWeight('weight.critical', '-1')
    expect([response.status, response.text]).toEqual([
      400,
      'A risk score weight (weight.critical) cannot be negative.',
    ])
  })

  it('rescore every row, inactive projects too, when one changes', async () => {
    const response = await setWeight('weight.critical', '100')
    expect(response.status).toBe(200)
    await settle()
    expect(await json(`/v1/metrics/project/${app}/current`)).toMatchObject({
      critical: 1,
      inheritedRiskScore: 100,
    })
    expect((await json(`/v1/project/${app}`)).lastInheritedRiskScore).toBe(100)
    expect(await json(`/v1/metrics/component/${appComponent}/current`)).toMatchObject({
      inheritedRiskScore: 100,
    })
    const high = await setWeight('weight.high', '7')
    expect(high.status).toBe(200)
    await settle()
    expect(await json(`/v1/metrics/project/${old}/current`)).toMatchObject({
      high: 1,
      inheritedRiskScore: 7,
    })
    expect(await json('/v1/metrics/portfolio/current')).toMatchObject({ inheritedRiskScore: 101 })
    await setWeight('weight.critical', '10')
    await setWeight('weight.high', '5')
    await settle()
  })
})

describe('vulnerability metrics and schedules', () => {
  it('count the catalogue by month of creation (else publication) and by year', async () => {
    await server.lookout.ctx!.enqueue(server.lookout.ctx!.db, VULNERABILITY_METRICS_JOB, {})
    await settle()
    const rows = await json('/v1/metrics/vulnerability')
    const counts = rows.map(({ year, month, count }: Record<string, number>) => [
      year,
      month,
      count,
    ])
    expect(counts).toEqual([
      [2023, 3, 2],
      [2023, undefined, 2],
      [2024, 7, 1],
      [2024, undefined, 1],
    ])
    expect(rows[0].measuredAt).toBeGreaterThan(Date.now() - 60_000)
  })

  it('queue the portfolio and catalogue runs 10 s after start-up, once', async () => {
    const ctx = server.lookout.ctx!
    const sql = `SELECT kind, run_at FROM job WHERE kind IN ('metrics.portfolio',
      'metrics.vulnerability') AND status = 'queued' ORDER BY kind`
    await ctx.db.query(`DELETE FROM job WHERE kind LIKE 'metrics.%' AND status = 'queued'`)
    await scheduleMetrics(ctx.db, ctx.enqueue, { atStartup: true })
    await scheduleMetrics(ctx.db, ctx.enqueue, { atStartup: true })
    const jobs = await ctx.db.query<{ kind: string; run_at: Date }>(sql)
    expect(jobs.map((job) => job.kind)).toEqual(['metrics.portfolio', 'metrics.vulnerability'])
    for (const job of jobs) {
      const delay = new Date(job.run_at).getTime() - Date.now()
      expect(delay).toBeGreaterThan(5_000)
      expect(delay).toBeLessThanOrEqual(10_000)
    }
    await ctx.db.query(`DELETE FROM job WHERE kind LIKE 'metrics.%' AND status = 'queued'`)
  })
})
