import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { violationFixtures } from '../support/violation-fixtures.ts'
import { vulnerabilityFixtures } from '../support/vulnerability-fixtures.ts'

// Contract: dt-behaviour.md §6.4 (includePolicyViolations, with includeComponents: violations
// copied with their timestamps and their ViolationAnalysis and comments). Deliberate difference:
// each copy gets a UUID of its own (4.13 reuses the source's; a UUID names one violation here).

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
const portfolio = vulnerabilityFixtures(
  () => server,
  () => api,
  () => adminJwt,
)
const policies = violationFixtures(() => server)
let source: string

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
  source = await portfolio.createProject('clone-violations', '1.0')
  const lodash = await portfolio.createComponent(source, 'lodash', '4.17.15')
  const chalk = await portfolio.createComponent(source, 'chalk', '5.0.0')
  const policy = await policies.policy('No npm', { violationState: 'WARN' })
  const purl = await policies.condition(policy, 'PACKAGE_URL', 'MATCHES', 'pkg:npm/*')
  const audited = await policies.violation(lodash, purl, '2024-01-01T00:00:00Z')
  await policies.violation(chalk, purl, '2024-01-02T00:00:00Z')
  const decided = await api.request('PUT', '/v1/violation/analysis', {
    token: adminJwt,
    json: {
      component: lodash,
      policyViolation: audited,
      analysisState: 'APPROVED',
      isSuppressed: true,
      comment: 'Vendored',
    },
  })
  expect(decided.status, decided.text).toBe(200)
})

afterAll(async () => {
  await server?.close()
})

async function cloneAs(version: string, options: Record<string, boolean>) {
  const response = await api.request('PUT', '/v1/project/clone', {
    token: adminJwt,
    json: { project: source, version, ...options },
  })
  expect(response.status, response.text).toBe(200)
  await portfolio.waitForToken(response.json.token)
  const lookup = await api.request(
    'GET',
    `/v1/project/lookup?name=clone-violations&version=${version}`,
    { token: adminJwt },
  )
  return lookup.json.uuid as string
}

const violationsOf = async (projectUuid: string) => {
  const response = await api.request(
    'GET',
    `/v1/violation/project/${projectUuid}?suppressed=true&sortName=component.name&sortOrder=asc`,
    { token: adminJwt },
  )
  expect(response.status).toBe(200)
  return response.json as Array<Record<string, any>>
}

describe('cloning a project with its policy violations', () => {
  it('copies every violation with its timestamp, condition and analysis trail', async () => {
    const original = await violationsOf(source)
    const clone = await cloneAs('2.0', { includeComponents: true, includePolicyViolations: true })
    const copied = await violationsOf(clone)
    expect(copied).toHaveLength(2)
    for (const [index, copy] of copied.entries()) {
      const from = original[index]!
      expect(copy.uuid).not.toBe(from.uuid)
      expect(copy.project.uuid).toBe(clone)
      expect(copy.component.name).toBe(from.component.name)
      expect(copy.component.uuid).not.toBe(from.component.uuid)
      expect(copy.type).toBe(from.type)
      expect(copy.timestamp).toBe(from.timestamp)
      expect(copy.policyCondition).toEqual(from.policyCondition)
      expect(copy.analysis).toEqual(from.analysis)
    }
    expect(copied[1]!.analysis.analysisComments.map((c: any) => c.comment)).toEqual([
      'NOT_SET → APPROVED',
      'Vendored',
    ])
    const read = await api.request(
      'GET',
      `/v1/violation/analysis?component=${copied[1]!.component.uuid}&policyViolation=${copied[1]!.uuid}`,
      { token: adminJwt },
    )
    expect(read.json).toEqual(original[1]!.analysis)
  })

  it('copies no violations without includePolicyViolations, or without the components', async () => {
    const withoutFlag = await cloneAs('3.0', { includeComponents: true })
    expect(await violationsOf(withoutFlag)).toEqual([])
    const withoutComponents = await cloneAs('4.0', { includePolicyViolations: true })
    expect(await violationsOf(withoutComponents)).toEqual([])
  })
})
