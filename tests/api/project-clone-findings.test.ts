import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { vulnerabilityFixtures } from '../support/vulnerability-fixtures.ts'

// Contract: dt-behaviour.md §6.4 (clone: findings copied with their original attributions;
// includeAuditHistory copies every analysis with its comments, timestamps kept), §3.25.

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
const fixtures = vulnerabilityFixtures(
  () => server,
  () => api,
  () => adminJwt,
)
const CVE = 'CVE-2020-8203'
let source: string
let lodash: string

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
  await fixtures.mirror([{ source: 'NVD', vulnId: CVE, cvssV3BaseScore: 7.4, severity: 'HIGH' }])
  source = await fixtures.createProject('clone-findings', '1.0')
  lodash = await fixtures.createComponent(source, 'lodash', '4.17.15')
  await fixtures.assign('NVD', CVE, lodash)
  const decided = await fixtures.decide(lodash, 'NVD', CVE, {
    analysisState: 'NOT_AFFECTED',
    analysisJustification: 'CODE_NOT_REACHABLE',
    comment: 'Only the template helper is used',
    isSuppressed: true,
  })
  expect(decided.status, decided.text).toBe(200)
})

afterAll(async () => {
  await server?.close()
})

async function cloneAs(version: string, options: Record<string, boolean>) {
  const response = await api.request('PUT', '/v1/project/clone', {
    token: adminJwt,
    json: { project: source, version, includeComponents: true, ...options },
  })
  expect(response.status, response.text).toBe(200)
  await fixtures.waitForToken(response.json.token)
  const lookup = await api.request(
    'GET',
    `/v1/project/lookup?name=clone-findings&version=${version}`,
    { token: adminJwt },
  )
  return lookup.json.uuid as string
}

const findingsOf = async (projectUuid: string) =>
  (
    await api.request('GET', `/v1/finding/project/${projectUuid}?suppressed=true`, {
      token: adminJwt,
    })
  ).json as Array<Record<string, any>>

describe('cloning a project with its components', () => {
  it('copies the findings with their original attribution, without the audit history', async () => {
    const [original] = await findingsOf(source)
    const clone = await cloneAs('2.0', {})
    const [copied] = await findingsOf(clone)
    expect(copied!.vulnerability.vulnId).toBe(CVE)
    expect(copied!.component.uuid).not.toBe(lodash)
    expect(copied!.attribution).toEqual(original!.attribution)
    expect(copied!.analysis).toEqual({ isSuppressed: false })
  })

  it('copies every analysis and its trail with includeAuditHistory', async () => {
    const clone = await cloneAs('3.0', { includeAuditHistory: true })
    const [copied] = await findingsOf(clone)
    expect(copied!.analysis).toEqual({ state: 'NOT_AFFECTED', isSuppressed: true })
    const [, componentUuid, vulnerabilityUuid] = (copied!.matrix as string).split(':')
    const read = (project: string, component: string) =>
      api.request(
        'GET',
        `/v1/analysis?project=${project}&component=${component}&vulnerability=${vulnerabilityUuid}`,
        { token: adminJwt },
      )
    const original = await read(source, lodash)
    const analysis = await read(clone, componentUuid!)
    expect(analysis.status).toBe(200)
    expect(analysis.json).toEqual(original.json)
    expect(analysis.json.analysisComments.map((c: { comment: string }) => c.comment)).toContain(
      'Only the template helper is used',
    )
  })
})
