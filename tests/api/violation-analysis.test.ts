import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { violationFixtures } from '../support/violation-fixtures.ts'
import { vulnerabilityFixtures } from '../support/vulnerability-fixtures.ts'

// Contract: dt-api-portfolio.md §3.15, §4.15 (GET and PUT /violation/analysis: validation texts,
// 404 texts, 200 with an empty body); dt-behaviour.md §5.2 (trail rules, absent state resets,
// commenter null for API keys, no ACL check, suppressed violations leave the default lists).

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
const portfolio = vulnerabilityFixtures(
  () => server,
  () => api,
  () => adminJwt,
)
const policies = violationFixtures(() => server)
let project: string
let component: string
let other: string
let policy: string
const MISSING = '00000000-0000-4000-8000-000000000000'

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
  project = await portfolio.createProject('audited', '1.0')
  component = await portfolio.createComponent(project, 'left-pad', '1.0.0')
  other = await portfolio.createComponent(project, 'right-pad', '1.0.0')
  policy = await policies.policy('No npm', { violationState: 'FAIL' })
})

afterAll(async () => {
  await server?.close()
})

/**
 * A fresh violation, so each test starts without an analysis. The identity of a violation is
 * (component, condition, type), so each one comes from a condition of its own.
 */
async function freshViolation(on = component) {
  const condition = await policies.condition(policy, 'PACKAGE_URL', 'MATCHES', 'pkg:npm/*')
  return policies.violation(on, condition)
}

type Auth = { token?: string; apiKey?: string }

const put = (body: Record<string, unknown>, auth: Auth = { token: adminJwt }) =>
  api.request('PUT', '/v1/violation/analysis', { ...auth, json: body })

async function decide(violation: string, decision: Record<string, unknown>, auth?: Auth) {
  const response = await put({ component, policyViolation: violation, ...decision }, auth)
  expect(response.status, response.text).toBe(200)
  return response.json
}

const read = (violation: string, auth: Auth = { token: adminJwt }) =>
  api.request(
    'GET',
    `/v1/violation/analysis?component=${component}&policyViolation=${violation}`,
    auth,
  )

const trail = (analysis: { analysisComments: Array<{ comment: string }> }) =>
  analysis.analysisComments.map((entry) => entry.comment)

describe('GET /violation/analysis', () => {
  it('answers 200 with an empty body while there is no analysis', async () => {
    const response = await read(await freshViolation())
    expect(response.status).toBe(200)
    expect(response.text).toBe('')
  })

  it('checks both UUIDs, then finds the component, then the violation', async () => {
    const violation = await freshViolation()
    const invalid = await api.request('GET', '/v1/violation/analysis?component=x', {
      token: adminJwt,
    })
    expect(invalid.status).toBe(400)
    expect(invalid.json.map((error: { message: string }) => error.message).sort()).toEqual([
      'Component is not a valid UUID',
      'Policy violation is not a valid UUID',
    ])
    const noComponent = await api.request(
      'GET',
      `/v1/violation/analysis?component=${MISSING}&policyViolation=${violation}`,
      { token: adminJwt },
    )
    expect([noComponent.status, noComponent.text]).toEqual([
      404,
      'The component could not be found.',
    ])
    const noViolation = await read(MISSING)
    expect([noViolation.status, noViolation.text]).toEqual([
      404,
      'The policy violation could not be found.',
    ])
  })
})

describe('PUT /violation/analysis', () => {
  it('creates the analysis, noting NOT_SET → NEW and the comment, by the user', async () => {
    const violation = await freshViolation()
    const analysis = await decide(violation, {
      analysisState: 'APPROVED',
      comment: '  Approved by legal  ',
    })
    expect(analysis).toMatchObject({ analysisState: 'APPROVED', isSuppressed: false })
    expect(analysis.analysisComments).toEqual([
      { timestamp: expect.any(Number), comment: 'NOT_SET → APPROVED', commenter: 'admin' },
      { timestamp: expect.any(Number), comment: 'Approved by legal', commenter: 'admin' },
    ])
    expect((await read(violation)).json).toEqual(analysis)
  })

  it('notes nothing for a new NOT_SET analysis, even when it suppresses', async () => {
    const violation = await freshViolation()
    const analysis = await decide(violation, { isSuppressed: true })
    expect(analysis).toEqual({ analysisState: 'NOT_SET', analysisComments: [], isSuppressed: true })
  })

  it('notes state and suppression changes of an existing analysis in order', async () => {
    const violation = await freshViolation()
    await decide(violation, { analysisState: 'APPROVED' })
    const changed = await decide(violation, {
      analysisState: 'REJECTED',
      isSuppressed: true,
      comment: 'Not what legal said',
    })
    expect(changed).toMatchObject({ analysisState: 'REJECTED', isSuppressed: true })
    expect(trail(changed)).toEqual([
      'NOT_SET → APPROVED',
      'APPROVED → REJECTED',
      'Suppressed',
      'Not what legal said',
    ])
    const stamps = changed.analysisComments.map((entry: { timestamp: number }) => entry.timestamp)
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b))
  })

  it('resets an absent state to NOT_SET and keeps an absent suppression flag', async () => {
    const violation = await freshViolation()
    await decide(violation, { analysisState: 'REJECTED', isSuppressed: true })
    const reset = await decide(violation, { comment: 'Reopened' })
    expect(reset).toMatchObject({ analysisState: 'NOT_SET', isSuppressed: true })
    expect(trail(reset)).toEqual(['NOT_SET → REJECTED', 'REJECTED → NOT_SET', 'Reopened'])
    const unsuppressed = await decide(violation, { isSuppressed: false })
    expect(trail(unsuppressed).at(-1)).toBe('Unsuppressed')
  })

  it('writes nothing when nothing changes and the comment is blank', async () => {
    const violation = await freshViolation()
    await decide(violation, { analysisState: 'APPROVED', isSuppressed: false })
    const again = await decide(violation, {
      analysisState: 'APPROVED',
      isSuppressed: false,
      comment: '   ',
    })
    expect(trail(again)).toEqual(['NOT_SET → APPROVED'])
  })

  it('takes two first decisions sent at once one after the other', async () => {
    const violation = await freshViolation()
    const [first, second] = await Promise.all([
      put({ component, policyViolation: violation, analysisState: 'APPROVED' }),
      put({ component, policyViolation: violation, analysisState: 'REJECTED' }),
    ])
    expect([first.status, second.status]).toEqual([200, 200])
    const entries = trail((await read(violation)).json)
    expect(entries).toHaveLength(2)
    expect(entries[0]).toMatch(/^NOT_SET → (APPROVED|REJECTED)$/)
    expect(entries[1]).toMatch(/^(APPROVED → REJECTED|REJECTED → APPROVED)$/)
  })

  it('records API-key decisions without a commenter', async () => {
    const auditors = await portfolio.teamKey('Violation auditors', [
      'VIEW_POLICY_VIOLATION',
      'POLICY_VIOLATION_ANALYSIS',
    ])
    const violation = await freshViolation()
    const analysis = await decide(
      violation,
      { analysisState: 'APPROVED' },
      { apiKey: auditors.key },
    )
    expect(analysis.analysisComments).toEqual([
      { timestamp: expect.any(Number), comment: 'NOT_SET → APPROVED' },
    ])
  })

  it('refuses malformed bodies with the 4.13 validation messages', async () => {
    const violation = await freshViolation()
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { component: 'x', policyViolation: violation },
        'The component must be a valid 36 character UUID',
      ],
      [{ component }, 'The policy violation must be a valid 36 character UUID'],
      [
        { component, policyViolation: violation, comment: 'bell \u0007' },
        'The comment may only contain printable characters',
      ],
    ]
    for (const [body, message] of cases) {
      const response = await put(body)
      expect(response.status, message).toBe(400)
      expect(response.json.map((error: { message: string }) => error.message)).toContain(message)
    }
    const state = await put({ component, policyViolation: violation, analysisState: 'OPEN' })
    expect(state.status).toBe(400)
    expect((await read(violation)).text).toBe('')
  })

  it('answers 404 for an unknown component, violation, or a violation of another component', async () => {
    const violation = await freshViolation(other)
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ component: MISSING, policyViolation: violation }, 'The component could not be found.'],
      [{ component, policyViolation: MISSING }, 'The policy violation could not be found.'],
      [{ component, policyViolation: violation }, 'The policy violation could not be found.'],
    ]
    for (const [body, text] of cases) {
      const response = await put({ ...body, analysisState: 'APPROVED' })
      expect([response.status, response.text]).toEqual([404, text])
    }
  })
})

describe('violation analysis permissions and effects', () => {
  it('needs POLICY_VIOLATION_ANALYSIS to decide and VIEW_POLICY_VIOLATION to read', async () => {
    const viewers = await portfolio.teamKey('Violation viewers', ['VIEW_POLICY_VIOLATION'])
    const others = await portfolio.teamKey('Portfolio viewers', ['VIEW_PORTFOLIO'])
    const violation = await freshViolation()
    const body = { component, policyViolation: violation, analysisState: 'APPROVED' }
    expect((await put(body, { apiKey: viewers.key })).status).toBe(403)
    expect((await read(violation, { apiKey: viewers.key })).status).toBe(200)
    expect((await read(violation, { apiKey: others.key })).status).toBe(403)
    expect((await api.request('PUT', '/v1/violation/analysis', { json: body })).status).toBe(401)
  })

  it('does not check portfolio access, as 4.13', async () => {
    const outsiders = await portfolio.teamKey('Outside auditors', [
      'VIEW_POLICY_VIOLATION',
      'POLICY_VIOLATION_ANALYSIS',
    ])
    const violation = await freshViolation()
    await portfolio.setAcl(true)
    try {
      await decide(violation, { analysisState: 'REJECTED' }, { apiKey: outsiders.key })
      expect((await read(violation, { apiKey: outsiders.key })).json.analysisState).toBe('REJECTED')
      const list = await api.request('GET', `/v1/violation/project/${project}`, {
        apiKey: outsiders.key,
      })
      expect(list.status).toBe(403)
    } finally {
      await portfolio.setAcl(false)
    }
  })

  it('takes a suppressed violation out of the default lists and shows its analysis', async () => {
    const violation = await freshViolation()
    const listed = async (query: string) => {
      const response = await api.request('GET', `/v1/violation/project/${project}${query}`, {
        token: adminJwt,
      })
      return (response.json as any[]).find((row) => row.uuid === violation)
    }
    expect(await listed('')).toBeDefined()
    await decide(violation, { analysisState: 'APPROVED', isSuppressed: true, comment: 'Fine' })
    expect(await listed('')).toBeUndefined()
    const row = await listed('?suppressed=true&pageSize=1000&pageNumber=1')
    expect(row.analysis).toMatchObject({ analysisState: 'APPROVED', isSuppressed: true })
    expect(trail(row.analysis)).toEqual(['NOT_SET → APPROVED', 'Fine'])
    const portfolioList = await api.request('GET', '/v1/violation?pageSize=1000&pageNumber=1', {
      token: adminJwt,
    })
    expect((portfolioList.json as any[]).some((entry) => entry.uuid === violation)).toBe(false)
  })
})
