import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { vulnerabilityFixtures } from '../support/vulnerability-fixtures.ts'

// Contract: dt-api-portfolio.md §3.11, §4.11 (GET and PUT /analysis); dt-behaviour §5.1 (trail
// entries, their order and the U+2192 arrow, the reset-to-NOT_SET gotcha, commenters).

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
const fixtures = vulnerabilityFixtures(
  () => server,
  () => api,
  () => adminJwt,
)

const CVE = 'CVE-2022-0001'
let project: string
let component: string
let vulnerability: string

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
  await fixtures.mirror([{ source: 'NVD', vulnId: CVE, severity: 'HIGH' }])
  project = await fixtures.createProject('audit-app', '1')
  component = await fixtures.createComponent(project, 'left-pad', '1.0.0')
  await fixtures.assign('NVD', CVE, component)
  vulnerability = await fixtures.vulnerabilityUuid('NVD', CVE)
})

afterAll(async () => {
  await server?.close()
})

const put = (body: Record<string, unknown>, auth: { token?: string; apiKey?: string } = {}) =>
  api.request('PUT', '/v1/analysis', {
    ...(auth.apiKey ? auth : { token: adminJwt }),
    json: { project, component, vulnerability, ...body },
  })

const get = (query: Record<string, string>) =>
  api.request('GET', `/v1/analysis?${new URLSearchParams(query)}`, { token: adminJwt })

const trail = (json: any) => json.analysisComments.map((c: any) => c.comment)

describe('GET /v1/analysis (§4.11)', () => {
  it('validates the uuids with 4.13 messages', async () => {
    const response = await get({ project: 'x', component: 'y', vulnerability: 'z' })
    expect(response.status).toBe(400)
    expect(response.json.map((e: any) => e.message)).toEqual([
      'Project is not a valid UUID',
      'Component is not a valid UUID',
      'Vulnerability is not a valid UUID',
    ])
  })

  it('answers 404 texts in order: project, component, vulnerability, no analysis', async () => {
    const none = '00000000-0000-4000-8000-000000000000'
    const cases: Array<[Record<string, string>, string]> = [
      [{ project: none, component: none, vulnerability: none }, 'The project could not be found.'],
      [{ project, component: none, vulnerability: none }, 'The component could not be found.'],
      [{ project, component, vulnerability: none }, 'The vulnerability could not be found.'],
      [{ project, component, vulnerability }, 'No analysis exists.'],
    ]
    for (const [query, text] of cases) {
      const response = await get(query)
      expect(response.status).toBe(404)
      expect(response.text).toBe(text)
    }
  })
})

describe('PUT /v1/analysis (§4.11, dt-behaviour §5.1)', () => {
  it('writes the trail in 4.13 order with the arrow, commenter = username', async () => {
    const response = await put({
      analysisState: 'NOT_AFFECTED',
      analysisJustification: 'CODE_NOT_REACHABLE',
      analysisResponse: 'WILL_NOT_FIX',
      analysisDetails: 'Only used in tests',
      comment: '  looked at it  ',
      isSuppressed: true,
    })
    expect(response.status, response.text).toBe(200)
    expect(response.json).toMatchObject({
      analysisState: 'NOT_AFFECTED',
      analysisJustification: 'CODE_NOT_REACHABLE',
      analysisResponse: 'WILL_NOT_FIX',
      analysisDetails: 'Only used in tests',
      isSuppressed: true,
    })
    expect(trail(response.json)).toEqual([
      'Analysis: NOT_SET \u2192 NOT_AFFECTED',
      'Justification: NOT_SET \u2192 CODE_NOT_REACHABLE',
      'Vendor Response: NOT_SET \u2192 WILL_NOT_FIX',
      'Details: Only used in tests',
      'Suppressed',
      'looked at it',
    ])
    for (const entry of response.json.analysisComments) {
      expect(entry.commenter).toBe('admin')
      expect(typeof entry.timestamp).toBe('number')
    }
    const read = await get({ project, component, vulnerability })
    expect(read.json).toEqual(response.json)
  })

  it('resets absent state, justification and response to NOT_SET; keeps details and suppression', async () => {
    const response = await put({ comment: ' ' })
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({
      analysisState: 'NOT_SET',
      analysisJustification: 'NOT_SET',
      analysisResponse: 'NOT_SET',
      analysisDetails: 'Only used in tests',
      isSuppressed: true,
    })
    expect(trail(response.json).slice(6)).toEqual([
      'Analysis: NOT_AFFECTED \u2192 NOT_SET',
      'Justification: CODE_NOT_REACHABLE \u2192 NOT_SET',
      'Vendor Response: WILL_NOT_FIX \u2192 NOT_SET',
    ])
  })

  it('notes unsuppression and changed details; nothing when nothing changes', async () => {
    const first = await put({ isSuppressed: false, analysisDetails: 'New details' })
    expect(trail(first.json).slice(9)).toEqual(['Details: New details', 'Unsuppressed'])
    const again = await put({ isSuppressed: false, analysisDetails: 'New details' })
    expect(again.json.analysisComments).toHaveLength(11)
  })

  it("names an API key's teams, joined with a comma, as the commenter", async () => {
    const auditors = await fixtures.teamKey('Auditors', ['VULNERABILITY_ANALYSIS'])
    await api.request('PUT', '/v1/team', { token: adminJwt, json: { name: 'Security' } })
    await fixtures.sql(
      `INSERT INTO api_key_team (api_key_id, team_id)
       SELECT kt.api_key_id, t.id FROM api_key_team kt
       JOIN team a ON a.id = kt.team_id AND a.uuid = $1, team t WHERE t.name = 'Security'`,
      [auditors.teamUuid],
    )
    const response = await put(
      { analysisState: 'IN_TRIAGE', analysisDetails: 'New details', isSuppressed: false },
      { apiKey: auditors.key },
    )
    expect(response.status, response.text).toBe(200)
    expect(response.json.analysisComments.at(-1)).toMatchObject({
      comment: 'Analysis: NOT_SET \u2192 IN_TRIAGE',
      commenter: 'Auditors, Security',
    })
  })

  it('answers 404s in order and 400 for malformed bodies', async () => {
    const none = '00000000-0000-4000-8000-000000000000'
    const cases: Array<[Record<string, string>, string]> = [
      [{ project: none, component: none }, 'The project could not be found.'],
      [{ component: none }, 'The component could not be found.'],
      [{ vulnerability: none }, 'The vulnerability could not be found.'],
    ]
    for (const [body, text] of cases) {
      const response = await put(body)
      expect(response.status).toBe(404)
      expect(response.text).toBe(text)
    }
    const malformed = await put({ project: 'NOPE', analysisState: 'MAYBE' })
    expect(malformed.status).toBe(400)
    expect(malformed.json.map((e: any) => e.message)).toContain(
      'The project must be a valid 36 character UUID',
    )
    expect(malformed.json.map((e: any) => e.path)).toContain('body.analysisState')
    const control = await put({ comment: 'bell\u0007' })
    expect(control.status).toBe(400)
    expect(control.json[0].message).toBe('The comment may only contain printable characters')
  })

  it('needs VULNERABILITY_ANALYSIS to write and VIEW_VULNERABILITY to read', async () => {
    const viewer = await fixtures.teamKey('Viewers', ['VIEW_VULNERABILITY'])
    expect((await put({}, { apiKey: viewer.key })).status).toBe(403)
    const reader = await api.request(
      'GET',
      `/v1/analysis?${new URLSearchParams({ component, vulnerability })}`,
      { apiKey: viewer.key },
    )
    expect(reader.status).toBe(200)
    const nobody = await fixtures.teamKey('Nobody', [])
    const refused = await api.request(
      'GET',
      `/v1/analysis?${new URLSearchParams({ component, vulnerability })}`,
      { apiKey: nobody.key },
    )
    expect(refused.status).toBe(403)
  })
})
