import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { analysisClient, bomOf, purlRange } from '../support/analysis-fixtures.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { violationFixtures } from '../support/violation-fixtures.ts'
import { vulnerabilityFixtures } from '../support/vulnerability-fixtures.ts'

// Contract: dt-api-portfolio.md §3.21, §4.18, §5.7 (metrics JSON, history ascending by
// lastOccurrence, days and since); §3.1, §3.2 (metrics embedded in projects and components);
// dt-behaviour.md §4.1 (intervals), §4.2–§4.5 (counters; triggers: a BOM's chain, audit
// decisions on findings and violations, refresh).

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
const fixtures = vulnerabilityFixtures(
  () => server,
  () => api,
  () => adminJwt,
)
const policies = violationFixtures(() => server)
const client = analysisClient(
  () => api,
  () => adminJwt,
)

async function json(path: string) {
  const response = await api.request('GET', path, { token: adminJwt })
  expect(response.status, `${path}: ${response.text}`).toBe(200)
  return response.json
}

/** Every queued job that is due has run (the aggregate run waits a few seconds: not it). */
const settle = () => server.lookout.worker!.drain()

const BOM = bomOf([
  { name: 'lodash', version: '4.17.20', purl: 'pkg:npm/lodash@4.17.20' },
  { name: 'minimist', version: '1.2.5', purl: 'pkg:npm/minimist@1.2.5' },
  { name: 'left-pad', version: '1.3.0', purl: 'pkg:npm/left-pad@1.3.0' },
])

let project: string
const componentNamed = async (name: string) => {
  const list = await json(`/v1/component/project/${project}`)
  return list.find((component: { name: string }) => component.name === name)
}

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
  const npm = (name: string) => purlRange({ type: 'npm', name }, { versionEndExcluding: '9.9.9' })
  // lodash: one flaw under two ids (GitHub HIGH, OSV CRITICAL) and one more, MEDIUM.
  await fixtures.mirror([
    {
      source: 'GITHUB',
      vulnId: 'GHSA-lodash-0001',
      severity: 'HIGH',
      vulnerableSoftware: [npm('lodash')],
      aliases: [{ ghsaId: 'GHSA-lodash-0001', osvId: 'OSV-lodash-0001' }],
    },
    {
      source: 'GITHUB',
      vulnId: 'GHSA-lodash-0002',
      severity: 'MEDIUM',
      vulnerableSoftware: [npm('lodash')],
    },
  ])
  await fixtures.mirror([
    {
      source: 'OSV',
      vulnId: 'OSV-lodash-0001',
      severity: 'CRITICAL',
      vulnerableSoftware: [npm('lodash')],
    },
    // minimist: an informational finding counts as low.
    {
      source: 'OSV',
      vulnId: 'OSV-minimist-0001',
      severity: 'INFO',
      vulnerableSoftware: [npm('minimist')],
    },
  ])
  project = await fixtures.createProject('metrics-app', '1.0.0')
  await client.waitForToken(await client.upload(project, BOM))
})

afterAll(async () => {
  await server?.close()
})

describe('a BOM upload', () => {
  it('keeps its token processing until the project is measured', async () => {
    const current = await json(`/v1/metrics/project/${project}/current`)
    expect(current).toEqual({
      components: 3,
      vulnerableComponents: 2,
      critical: 1,
      high: 0,
      medium: 1,
      low: 1,
      unassigned: 0,
      vulnerabilities: 3,
      findingsTotal: 3,
      findingsAudited: 0,
      findingsUnaudited: 3,
      suppressed: 0,
      inheritedRiskScore: 10 + 3 + 1,
      policyViolationsFail: 0,
      policyViolationsWarn: 0,
      policyViolationsInfo: 0,
      policyViolationsTotal: 0,
      policyViolationsAudited: 0,
      policyViolationsUnaudited: 0,
      policyViolationsSecurityTotal: 0,
      policyViolationsSecurityAudited: 0,
      policyViolationsSecurityUnaudited: 0,
      policyViolationsLicenseTotal: 0,
      policyViolationsLicenseAudited: 0,
      policyViolationsLicenseUnaudited: 0,
      policyViolationsOperationalTotal: 0,
      policyViolationsOperationalAudited: 0,
      policyViolationsOperationalUnaudited: 0,
      collectionLogic: 'NONE',
      collectionLogicChanged: false,
      firstOccurrence: expect.any(Number),
      lastOccurrence: expect.any(Number),
    })
    expect(current.firstOccurrence).toBeLessThanOrEqual(current.lastOccurrence)
  })

  it('shows in the project JSON, the project list and the component list', async () => {
    const single = await json(`/v1/project/${project}`)
    expect(single.metrics).toMatchObject({ critical: 1, vulnerabilities: 3, components: 3 })
    expect(single.lastInheritedRiskScore).toBe(14)
    const list = await json('/v1/project')
    expect(list.find((p: { uuid: string }) => p.uuid === project).metrics).toMatchObject({
      critical: 1,
    })
    // 4.13 leaves metrics out when the list is one name's versions.
    const byName = await json('/v1/project?name=metrics-app')
    expect(byName[0].metrics).toBeUndefined()
    const lodash = await componentNamed('lodash')
    expect(lodash.metrics).toMatchObject({ critical: 1, medium: 1, vulnerabilities: 2 })
    expect(lodash.lastInheritedRiskScore).toBe(13)
    expect((await componentNamed('left-pad')).metrics).toMatchObject({ vulnerabilities: 0 })
    const one = await json(`/v1/component/${lodash.uuid}`)
    expect(one.metrics).toBeUndefined()
    const current = await json(`/v1/metrics/component/${lodash.uuid}/current`)
    expect(current).toMatchObject({ critical: 1, medium: 1, inheritedRiskScore: 13 })
    expect(current.components).toBeUndefined()
  })
})

describe('audit decisions', () => {
  it('move the counters: a suppressed finding leaves, its alias counts in its place', async () => {
    const lodash = await componentNamed('lodash')
    const before = await json(`/v1/metrics/project/${project}/current`)
    const decided = await fixtures.decide(lodash.uuid, 'OSV', 'OSV-lodash-0001', {
      analysisState: 'FALSE_POSITIVE',
      isSuppressed: true,
    })
    expect(decided.status).toBe(200)
    await settle()
    const after = await json(`/v1/metrics/project/${project}/current`)
    expect(after).toMatchObject({
      critical: 0,
      high: 1,
      medium: 1,
      low: 1,
      vulnerabilities: 3,
      suppressed: 1,
      inheritedRiskScore: 5 + 3 + 1,
    })
    const history = await json(`/v1/metrics/project/${project}/days/1`)
    expect(history.map((row: { critical: number }) => row.critical)).toEqual([1, 0])
    expect(history[0].lastOccurrence).toBeGreaterThanOrEqual(before.lastOccurrence)
    expect(history[0].lastOccurrence).toBeLessThanOrEqual(history[1].firstOccurrence)
    const component = await json(`/v1/metrics/component/${lodash.uuid}/days/90`)
    expect(component.map((row: { high: number }) => row.high)).toEqual([0, 1])
  })

  it('count audited findings', async () => {
    const minimist = await componentNamed('minimist')
    const decided = await fixtures.decide(minimist.uuid, 'OSV', 'OSV-minimist-0001', {
      analysisState: 'EXPLOITABLE',
    })
    expect(decided.status).toBe(200)
    await settle()
    expect(await json(`/v1/metrics/project/${project}/current`)).toMatchObject({
      findingsAudited: 1,
      findingsUnaudited: 2,
    })
  })

  it('on violations count them audited', async () => {
    const leftPad = await componentNamed('left-pad')
    const policy = await policies.policy('No left-pad', { violationState: 'WARN' })
    const condition = await policies.condition(policy, 'COORDINATES', 'MATCHES', '{"name":"x"}')
    const violation = await policies.violation(leftPad.uuid, condition)
    await api.request('GET', `/v1/metrics/component/${leftPad.uuid}/refresh`, { token: adminJwt })
    await settle()
    expect(await json(`/v1/metrics/project/${project}/current`)).toMatchObject({
      policyViolationsTotal: 1,
      policyViolationsWarn: 1,
      policyViolationsOperationalTotal: 1,
      policyViolationsUnaudited: 1,
    })
    const decided = await api.request('PUT', '/v1/violation/analysis', {
      token: adminJwt,
      json: { component: leftPad.uuid, policyViolation: violation, analysisState: 'APPROVED' },
    })
    expect(decided.status).toBe(200)
    await settle()
    expect(await json(`/v1/metrics/project/${project}/current`)).toMatchObject({
      policyViolationsAudited: 1,
      policyViolationsUnaudited: 0,
      policyViolationsOperationalAudited: 1,
    })
  })
})

describe('history', () => {
  it('answers rows whose interval reaches the day, ascending', async () => {
    const today = new Date().toISOString().slice(0, 10).replaceAll('-', '')
    const rows = await json(`/v1/metrics/project/${project}/since/${today}`)
    expect(rows.length).toBeGreaterThanOrEqual(3)
    const last = rows.map((row: { lastOccurrence: number }) => row.lastOccurrence)
    expect(last).toEqual([...last].sort((a, b) => a - b))
    expect(await json(`/v1/metrics/project/${project}/since/29991231`)).toEqual([])
    expect(await json(`/v1/metrics/project/${project}/days/-1`)).toEqual([])
    const lodash = await componentNamed('lodash')
    expect(await json(`/v1/metrics/component/${lodash.uuid}/since/${today}`)).toHaveLength(2)
  })

  it('keeps the portfolio as intervals: a refresh with nothing changed moves the newest row', async () => {
    const refresh = await api.request('GET', '/v1/metrics/portfolio/refresh', { token: adminJwt })
    expect([refresh.status, refresh.text]).toEqual([200, ''])
    await settle()
    const first = await json('/v1/metrics/portfolio/current')
    expect(first).toMatchObject({
      projects: 1,
      vulnerableProjects: 1,
      components: 3,
      vulnerableComponents: 2,
      high: 1,
      vulnerabilities: 3,
      policyViolationsTotal: 1,
    })
    expect(first.collectionLogic).toBeUndefined()
    await api.request('GET', '/v1/metrics/portfolio/refresh', { token: adminJwt })
    await settle()
    const again = await json('/v1/metrics/portfolio/90/days')
    expect(again.at(-1)).toMatchObject({ firstOccurrence: first.firstOccurrence, high: 1 })
    expect(again.at(-1).lastOccurrence).toBeGreaterThan(first.lastOccurrence)
    const today = new Date().toISOString().slice(0, 10).replaceAll('-', '')
    expect((await json(`/v1/metrics/portfolio/since/${today}`)).at(-1)).toEqual(again.at(-1))
  })
})
