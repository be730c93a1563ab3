import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { policyFixtures } from '../support/policy-fixtures.ts'

// Beyond 4.13 (docs/policies.md): POST /v1/policy/batch and PUT /v1/policy/{uuid}/conditions,
// both all or nothing, for the console's bulk editing in plain HTML forms.

let server: TestServer
let api: ReturnType<typeof apiClient>
let admin: string
const f = policyFixtures(
  () => server,
  () => api,
  () => admin,
)

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  admin = await api.adminToken()
})
afterAll(async () => {
  await server?.close()
})

const get = async (uuid: string) => (await f.call('GET', `/v1/policy/${uuid}`)).json
const batch = (policies: string[], changes: Record<string, unknown>) =>
  f.call('POST', '/v1/policy/batch', { policies, changes })

describe('POST /v1/policy/batch', () => {
  it('changes state, operator and both flags of several policies at once', async () => {
    const policies = [await f.createPolicy(), await f.createPolicy(), await f.createPolicy()]
    await f.clearReevaluations()
    const response = await batch(
      policies.map((p) => p.uuid),
      {
        violationState: 'FAIL',
        operator: 'ALL',
        includeChildren: true,
        onlyLatestProjectVersion: true,
      },
    )
    expect(response.status).toBe(200)
    expect(response.json).toEqual({ updated: 3 })
    for (const policy of policies) {
      expect(await get(policy.uuid)).toMatchObject({
        name: policy.name,
        violationState: 'FAIL',
        operator: 'ALL',
        includeChildren: true,
        onlyLatestProjectVersion: true,
      })
    }
    expect(await f.reevaluations()).toBeGreaterThan(0)
    const one = await batch([policies[0]!.uuid], { violationState: 'WARN' })
    expect(one.json).toEqual({ updated: 1 })
    expect(await get(policies[0]!.uuid)).toMatchObject({ violationState: 'WARN', operator: 'ALL' })
    expect(await get(policies[1]!.uuid)).toMatchObject({ violationState: 'FAIL' })
  })

  it('adds and removes projects and tags', async () => {
    const [p, q] = [await f.createPolicy(), await f.createPolicy()]
    const [a, b] = [await f.createProject(), await f.createProject()]
    const tag = await f.createTag()
    const added = await batch([p.uuid, q.uuid], {
      addProjects: [a.uuid, b.uuid],
      addTags: [tag.toUpperCase()],
    })
    expect(added.json).toEqual({ updated: 2 })
    for (const policy of [p, q]) {
      const json = await get(policy.uuid)
      expect(json.projects.map((x: any) => x.uuid).sort()).toEqual([a.uuid, b.uuid].sort())
      expect(json.tags).toEqual([{ name: tag }])
    }
    await batch([p.uuid], { removeProjects: [a.uuid], removeTags: [tag] })
    const json = await get(p.uuid)
    expect(json.projects.map((x: any) => x.uuid)).toEqual([b.uuid])
    expect(json.tags).toEqual([])
    expect((await get(q.uuid)).tags).toEqual([{ name: tag }])
  })

  it('deletes the listed policies', async () => {
    const [p, q, r] = [await f.createPolicy(), await f.createPolicy(), await f.createPolicy()]
    const response = await batch([p.uuid, q.uuid], { delete: true })
    expect(response.json).toEqual({ updated: 2 })
    expect((await f.call('GET', `/v1/policy/${p.uuid}`)).status).toBe(404)
    expect((await f.call('GET', `/v1/policy/${q.uuid}`)).status).toBe(404)
    expect((await f.call('GET', `/v1/policy/${r.uuid}`)).status).toBe(200)
  })

  it('refuses the whole batch when a policy, project or tag is unknown', async () => {
    const policy = await f.createPolicy()
    const project = await f.createProject()
    const [missingPolicy, missingProject, missingTag] = [randomUUID(), randomUUID(), f.unique('no')]
    const response = await batch([policy.uuid, missingPolicy], {
      violationState: 'FAIL',
      addProjects: [project.uuid, missingProject],
      addTags: [missingTag],
    })
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toContain('application/problem+json')
    expect(response.json).toEqual({
      status: 400,
      title: 'Policy operation failed',
      detail: 'No policy was changed',
      errors: {
        [missingPolicy]: 'Policy not found',
        [missingProject]: 'Project not found',
        [missingTag]: 'Tag not found',
      },
    })
    expect(await get(policy.uuid)).toMatchObject({ violationState: 'INFO', projects: [] })
  })

  it('validates the body: 1 to 100 policies, at least one change, known values', async () => {
    const policy = await f.createPolicy()
    const tooMany = Array.from({ length: 101 }, () => randomUUID())
    const cases: Array<[string[], Record<string, unknown>]> = [
      [[], { violationState: 'FAIL' }],
      [tooMany, { violationState: 'FAIL' }],
      [[policy.uuid], {}],
      [[policy.uuid], { violationState: 'SEVERE' }],
      [[policy.uuid], { delete: false }],
      [['not-a-uuid'], { operator: 'ALL' }],
      [[policy.uuid], { addTags: [] }],
    ]
    for (const [policies, changes] of cases) {
      const response = await batch(policies, changes)
      expect(response.status, JSON.stringify(changes)).toBe(400)
      expect(Array.isArray(response.json), JSON.stringify(changes)).toBe(true)
    }
  })

  it('needs POLICY_MANAGEMENT', async () => {
    const policy = await f.createPolicy()
    const viewer = await f.apiKeyWith(['VIEW_PORTFOLIO'])
    const body = { policies: [policy.uuid], changes: { operator: 'ALL' } }
    expect((await f.call('POST', '/v1/policy/batch', body, { apiKey: viewer })).status).toBe(403)
    expect((await f.call('POST', '/v1/policy/batch', body, {})).status).toBe(401)
  })
})

describe('PUT /v1/policy/{uuid}/conditions', () => {
  it('updates, adds and deletes in one request; deleted conditions take their violations', async () => {
    const policy = await f.createPolicy()
    const kept = await f.addCondition(policy.uuid, 'SEVERITY', 'IS', 'HIGH')
    const changed = await f.addCondition(policy.uuid, 'PACKAGE_URL', 'MATCHES', 'pkg:npm/a')
    const dropped = await f.addCondition(policy.uuid, 'CPE', 'MATCHES', 'cpe:*')
    const project = await f.createProject()
    const keptViolation = await f.insertViolation(kept.uuid, project.uuid)
    const droppedViolation = await f.insertViolation(dropped.uuid, project.uuid)
    await f.clearReevaluations()
    const response = await f.call('PUT', `/v1/policy/${policy.uuid}/conditions`, [
      { uuid: kept.uuid, subject: 'SEVERITY', operator: 'IS', value: 'HIGH' },
      { uuid: '', subject: 'AGE', operator: 'NUMERIC_GREATER_THAN', value: ' P1Y ' },
      { uuid: changed.uuid, subject: 'PACKAGE_URL', operator: 'NO_MATCH', value: 'pkg:npm/b' },
    ])
    expect(response.status).toBe(200)
    const conditions = response.json.policyConditions
    expect(conditions).toEqual([
      { uuid: kept.uuid, subject: 'SEVERITY', operator: 'IS', value: 'HIGH' },
      { uuid: changed.uuid, subject: 'PACKAGE_URL', operator: 'NO_MATCH', value: 'pkg:npm/b' },
      { uuid: expect.any(String), subject: 'AGE', operator: 'NUMERIC_GREATER_THAN', value: 'P1Y' },
    ])
    expect((await get(policy.uuid)).policyConditions).toEqual(conditions)
    const violations = await f.sql('SELECT id FROM policy_violation WHERE id = ANY($1::bigint[])', [
      [keptViolation, droppedViolation],
    ])
    expect(violations.map((row) => Number(row.id))).toEqual([keptViolation])
    expect(await f.reevaluations()).toBeGreaterThan(0)
  })

  it('clears every condition with an empty list', async () => {
    const policy = await f.createPolicy()
    await f.addCondition(policy.uuid, 'SEVERITY', 'IS', 'HIGH')
    const response = await f.call('PUT', `/v1/policy/${policy.uuid}/conditions`, [])
    expect(response.json.policyConditions).toEqual([])
  })

  it('refuses values that cannot work, naming each row and its problem; nothing is saved', async () => {
    const policy = await f.createPolicy()
    const before = await f.addCondition(policy.uuid, 'SEVERITY', 'IS', 'HIGH')
    const response = await f.call('PUT', `/v1/policy/${policy.uuid}/conditions`, [
      { subject: 'SEVERITY', operator: 'IS', value: 'SEVERE' },
      { subject: 'AGE', operator: 'NUMERIC_EQUAL', value: 'P30D' },
      { subject: 'AGE', operator: 'NUMERIC_EQUAL', value: 'thirty days' },
      { subject: 'LICENSE', operator: 'MATCHES', value: 'unresolved' },
      { subject: 'EPSS', operator: 'NUMERIC_GREATER_THAN', value: '2' },
      { subject: 'CWE', operator: 'CONTAINS_ANY', value: '  ' },
    ])
    expect(response.status).toBe(400)
    expect(response.json).toEqual({
      status: 400,
      title: 'Invalid policy conditions',
      detail: '5 condition(s) cannot work; nothing was saved',
      errors: { 0: 'severity', 2: 'period', 3: 'operator', 4: 'decimal', 5: 'blank' },
    })
    expect((await get(policy.uuid)).policyConditions).toEqual([before])
  })

  it('answers 404 for an unknown policy or a condition of another policy, 400 past 100 rows', async () => {
    const row = { subject: 'SEVERITY', operator: 'IS', value: 'HIGH' }
    const missing = await f.call('PUT', `/v1/policy/${randomUUID()}/conditions`, [row])
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The policy could not be found.')
    const [policy, other] = [await f.createPolicy(), await f.createPolicy()]
    const foreign = await f.addCondition(other.uuid, 'SEVERITY', 'IS', 'LOW')
    const stolen = await f.call('PUT', `/v1/policy/${policy.uuid}/conditions`, [
      { ...row, uuid: foreign.uuid },
    ])
    expect(stolen.status).toBe(404)
    expect(stolen.text).toBe('The UUID of the policy condition could not be found.')
    expect((await get(other.uuid)).policyConditions).toEqual([foreign])
    const many = Array.from({ length: 101 }, () => row)
    expect((await f.call('PUT', `/v1/policy/${policy.uuid}/conditions`, many)).status).toBe(400)
    const twice = [
      { ...row, uuid: foreign.uuid },
      { ...row, uuid: foreign.uuid },
    ]
    expect((await f.call('PUT', `/v1/policy/${policy.uuid}/conditions`, twice)).status).toBe(400)
  })

  it('needs POLICY_MANAGEMENT', async () => {
    const policy = await f.createPolicy()
    const viewer = await f.apiKeyWith(['VIEW_PORTFOLIO'])
    const path = `/v1/policy/${policy.uuid}/conditions`
    expect((await f.call('PUT', path, [], { apiKey: viewer })).status).toBe(403)
  })
})
