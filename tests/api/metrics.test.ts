import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { analysisClient, bomOf, purlRange } from '../support/analysis-fixtures.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { violationFixtures } from '../support/violation-fixtures.ts'
import { vulnerabilityFixtures } from '../support/vulnerability-fixtures.ts'

// Contract: dt-api-portfolio.md §3.21, §4.18, §5.7 (metrics JSON, the 13 operations, their
// errors); §3.1, §3.2 (metrics embedded in projects and components); dt-behaviour.md §4.1
// (intervals), §4.2–§4.5 (counters, triggers: a BOM's chain, audits, refresh).

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
const fixtures = vulnerabilityFixtures(
  () => server,
  () => api,
  () => adminJwt,
)
const _policies = violationFixtures(() => server)
const client = analysisClient(
  () => api,
  () => adminJwt,
)

const get = async (path: string, auth: { token?: string; apiKey?: string } = { token: adminJwt }) =>
  api.request('GET', path, auth)

async function json(path: string) {
  const response = await get(path)
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
    expect(current).toMatchObject({
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
      collectionLogic: 'NONE',
      collectionLogicChanged: false,
    })
    expect(current.firstOccurrence).toBeLessThanOrEqual(current.lastOccurrence)
  })
})

describe('history', () => {
  it('answers a project’s rows of the last days, and the portfolio’s after a refresh', async () => {
    const rows = await json(`/v1/metrics/project/${project}/days/90`)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ components: 3, vulnerabilities: 3 })

    const refresh = await get('/v1/metrics/portfolio/refresh')
    expect([refresh.status, refresh.text]).toEqual([200, ''])
    await settle()
    const portfolio = await json('/v1/metrics/portfolio/90/days')
    expect(portfolio.at(-1)).toMatchObject({
      projects: 1,
      vulnerableProjects: 1,
      components: 3,
      vulnerableComponents: 2,
      critical: 1,
      vulnerabilities: 3,
    })
  })
})
