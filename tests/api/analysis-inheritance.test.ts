import { afterAll, beforeAll, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { analysisClient, bomOf, purlRange } from '../support/analysis-fixtures.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { vulnerabilityFixtures } from '../support/vulnerability-fixtures.ts'

// Beyond 4.13 (DT#1495, DT#2183): a decision made for every version of a project is inherited
// by a new version when its BOM is uploaded and analysed (decision 013), through the real
// upload → analysis chain.

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
const fixtures = vulnerabilityFixtures(
  () => server,
  () => api,
  () => adminJwt,
)
const analysis = analysisClient(
  () => api,
  () => adminJwt,
)
const bom = bomOf([{ name: 'lodash', version: '4.17.15', purl: 'pkg:npm/lodash@4.17.15' }])

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
  await fixtures.mirror([
    {
      source: 'GITHUB',
      vulnId: 'GHSA-p6mc-m468-83gw',
      severity: 'HIGH',
      vulnerableSoftware: [
        purlRange({ type: 'npm', name: 'lodash' }, { versionEndExcluding: '4.17.19' }),
      ],
    },
  ])
})

afterAll(async () => {
  await server?.close()
})

async function uploadedVersion(version: string) {
  const project = await fixtures.createProject('inherit-app', version)
  await analysis.waitForToken(await analysis.upload(project, bom))
  const findings = await api.request('GET', `/v1/finding/project/${project}?suppressed=true`, {
    token: adminJwt,
  })
  expect(findings.json).toHaveLength(1)
  return { project, finding: findings.json[0] as Record<string, any> }
}

it('a new version inherits the decision made for every version of the project', async () => {
  const first = await uploadedVersion('1.0')
  const decided = await fixtures.decide(
    first.finding.component.uuid,
    'GITHUB',
    'GHSA-p6mc-m468-83gw',
    {
      analysisState: 'NOT_AFFECTED',
      analysisJustification: 'CODE_NOT_REACHABLE',
      isSuppressed: true,
      comment: 'Only _.get is used',
      scope: 'PROJECT',
    },
  )
  expect(decided.status, decided.text).toBe(200)

  const second = await uploadedVersion('2.0')
  expect(second.finding.analysis).toEqual({ state: 'NOT_AFFECTED', isSuppressed: true })
  const [, component, vulnerability] = (second.finding.matrix as string).split(':')
  const trail = await api.request(
    'GET',
    `/v1/analysis?project=${second.project}&component=${component}&vulnerability=${vulnerability}`,
    { token: adminJwt },
  )
  expect(trail.json.analysisJustification).toBe('CODE_NOT_REACHABLE')
  const comments = trail.json.analysisComments.map((c: { comment: string }) => c.comment)
  expect(comments.at(-1)).toMatch(/^Inherited from the decision/)

  const hiddenBySuppression = await api.request('GET', `/v1/finding/project/${second.project}`, {
    token: adminJwt,
  })
  expect(hiddenBySuppression.json).toEqual([])
})
