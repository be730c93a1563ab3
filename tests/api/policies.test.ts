import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { policyFixtures } from '../support/policy-fixtures.ts'

// Contract: dt-api-portfolio.md §1.4 (paging, sorting), §2.7, §3.12, §3.13, §4.12, §4.13;
// dt-behaviour.md §3.1, §3.4 (deleting conditions and policies deletes their violations).

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
beforeEach(async () => {
  await f.clearReevaluations()
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

describe('PUT /v1/policy', () => {
  it('creates a global policy with ANY, INFO and no conditions; the name is trimmed', async () => {
    const name = f.unique('Create')
    const response = await f.call('PUT', '/v1/policy', { name: `  ${name} `, unknown: 1 })
    expect(response.status).toBe(201)
    expect(response.json).toEqual({
      uuid: expect.stringMatching(UUID),
      name,
      operator: 'ANY',
      violationState: 'INFO',
      policyConditions: [],
      projects: [],
      tags: [],
      includeChildren: false,
      onlyLatestProjectVersion: false,
      global: true,
    })
    expect(await f.reevaluations()).toBe(0)
  })

  it('takes operator, violation state and latest-only when given', async () => {
    const policy = await f.createPolicy(undefined, {
      operator: 'ALL',
      violationState: 'FAIL',
      onlyLatestProjectVersion: true,
    })
    expect(policy).toMatchObject({
      operator: 'ALL',
      violationState: 'FAIL',
      onlyLatestProjectVersion: true,
    })
  })

  it('answers 409 for a name in use and 400 for a blank, long or unprintable name', async () => {
    const policy = await f.createPolicy()
    const taken = await f.call('PUT', '/v1/policy', { name: policy.name })
    expect(taken.status).toBe(409)
    expect(taken.text).toBe('A policy with the specified name already exists.')
    for (const name of ['   ', 'x'.repeat(256), 'bell\u0007']) {
      const refused = await f.call('PUT', '/v1/policy', { name })
      expect(refused.status, name).toBe(400)
      expect(refused.json[0].path).toBe('body.name')
    }
    const blank = await f.call('PUT', '/v1/policy', { name: ' ' })
    expect(blank.json[0].message).toBe('must not be blank')
    const operator = await f.call('PUT', '/v1/policy', { name: f.unique('p'), operator: 'SOME' })
    expect(operator.status).toBe(400)
  })
})

describe('GET /v1/policy', () => {
  it('pages, searches case-insensitively and orders by name unless told otherwise', async () => {
    const stem = f.unique('List')
    for (const suffix of ['b', 'C', 'a']) await f.createPolicy(`${stem}-${suffix}`)
    const search = stem.toUpperCase()
    const all = await f.call('GET', `/v1/policy?searchText=${search}`)
    expect(all.status).toBe(200)
    expect(all.headers.get('x-total-count')).toBe('3')
    expect(all.json.map((p: any) => p.name)).toEqual([`${stem}-C`, `${stem}-a`, `${stem}-b`])
    const page = await f.call('GET', `/v1/policy?searchText=${stem}&pageNumber=2&pageSize=2`)
    expect(page.json.map((p: any) => p.name)).toEqual([`${stem}-b`])
    expect(page.headers.get('x-total-count')).toBe('3')
    const desc = await f.call('GET', `/v1/policy?searchText=${stem}&sortName=name&sortOrder=desc`)
    expect(desc.json.map((p: any) => p.name)).toEqual([`${stem}-b`, `${stem}-a`, `${stem}-C`])
  })

  it('refuses to sort by the computed global flag or an unknown field', async () => {
    const global = await f.call('GET', '/v1/policy?sortName=global&sortOrder=asc')
    expect(global.status).toBe(400)
    expect(global.headers.get('content-type')).toContain('application/problem+json')
    expect(global.json).toEqual({
      status: 400,
      title: 'Field not sortable',
      detail:
        'Can not sort by Policy#global: The field is computed and can not be queried or sorted by',
    })
    const unknown = await f.call('GET', '/v1/policy?sortName=colour&sortOrder=asc')
    expect(unknown.json.detail).toBe('Can not sort by Policy#colour: The field does not exist')
  })

  it('lists conditions by creation, projects by name and version, tags by name', async () => {
    const policy = await f.createPolicy()
    const first = await f.addCondition(policy.uuid, 'SEVERITY', 'IS', 'HIGH')
    const second = await f.addCondition(policy.uuid, 'PACKAGE_URL', 'MATCHES', 'pkg:npm/*')
    const name = f.unique('proj')
    const b = await f.createProject(name, '2.0')
    const a = await f.createProject(name, '1.0')
    for (const project of [b, a]) {
      await f.call('POST', `/v1/policy/${policy.uuid}/project/${project.uuid}`)
    }
    const tags = [
      await f.createTag('zeta-' + f.unique('t')),
      await f.createTag('alpha-' + f.unique('t')),
    ]
    for (const tag of tags) await f.call('POST', `/v1/policy/${policy.uuid}/tag/${tag}`)
    const response = await f.call('GET', `/v1/policy/${policy.uuid}`)
    expect(response.status).toBe(200)
    expect(response.json.policyConditions.map((c: any) => c.uuid)).toEqual([
      first.uuid,
      second.uuid,
    ])
    expect(response.json.projects).toEqual([
      { uuid: a.uuid, name, version: '1.0', active: true },
      { uuid: b.uuid, name, version: '2.0', active: true },
    ])
    expect(response.json.tags).toEqual([...tags].sort().map((tag) => ({ name: tag })))
    expect(response.json.global).toBe(false)
    const listed = await f.call('GET', `/v1/policy?searchText=${policy.name}`)
    expect(listed.json[0]).toEqual(response.json)
  })
})

describe('GET, POST and DELETE /v1/policy/{uuid}', () => {
  it('answers 404 texts for unknown policies and 400 for malformed UUIDs', async () => {
    const missing = await f.call('GET', `/v1/policy/${randomUUID()}`)
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The policy could not be found.')
    const upper = await f.call('GET', `/v1/policy/${randomUUID().toUpperCase()}`)
    expect(upper.status).toBe(400)
    const deleted = await f.call('DELETE', `/v1/policy/${randomUUID()}`)
    expect(deleted.status).toBe(404)
    expect(deleted.text).toBe('The UUID of the policy could not be found.')
    const updated = await f.call('POST', '/v1/policy', { uuid: randomUUID(), name: 'x' })
    expect(updated.status).toBe(404)
    expect(updated.text).toBe('The policy could not be found.')
    const noUuid = await f.call('POST', '/v1/policy', { name: 'x' })
    expect(noUuid.status).toBe(404)
  })

  it('replaces every field on update, keeps operator and state when absent, queues evaluation', async () => {
    const policy = await f.createPolicy()
    const name = f.unique('Renamed')
    const response = await f.call('POST', '/v1/policy', {
      uuid: policy.uuid,
      name,
      operator: 'ALL',
      violationState: 'WARN',
      includeChildren: true,
      onlyLatestProjectVersion: true,
    })
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({
      uuid: policy.uuid,
      name,
      operator: 'ALL',
      violationState: 'WARN',
      includeChildren: true,
      onlyLatestProjectVersion: true,
    })
    const partial = await f.call('POST', '/v1/policy', { uuid: policy.uuid, name })
    expect(partial.json).toMatchObject({
      operator: 'ALL',
      violationState: 'WARN',
      includeChildren: false,
      onlyLatestProjectVersion: false,
    })
    expect((await f.call('GET', `/v1/policy/${policy.uuid}`)).json).toEqual(partial.json)
    expect(await f.reevaluations()).toBeGreaterThan(0)
  })

  it('refuses to rename onto another policy with 409', async () => {
    const one = await f.createPolicy()
    const other = await f.createPolicy()
    const response = await f.call('POST', '/v1/policy', { uuid: one.uuid, name: other.name })
    expect(response.status).toBe(409)
    expect(response.text).toBe('A policy with the specified name already exists.')
  })

  it('deletes a policy with its conditions and their violations', async () => {
    const policy = await f.createPolicy()
    const condition = await f.addCondition(policy.uuid, 'SEVERITY', 'IS', 'LOW')
    const project = await f.createProject()
    const violation = await f.insertViolation(condition.uuid, project.uuid)
    const response = await f.call('DELETE', `/v1/policy/${policy.uuid}`)
    expect(response.status).toBe(204)
    expect(response.text).toBe('')
    expect((await f.call('GET', `/v1/policy/${policy.uuid}`)).status).toBe(404)
    expect(await f.sql('SELECT 1 FROM policy_violation WHERE id = $1', [violation])).toEqual([])
  })
})

describe('projects and tags a policy is limited to', () => {
  it('adds and removes a project, 304 when nothing changes, 404 texts', async () => {
    const policy = await f.createPolicy()
    const project = await f.createProject()
    const path = `/v1/policy/${policy.uuid}/project/${project.uuid}`
    const added = await f.call('POST', path)
    expect(added.status).toBe(200)
    expect(added.json.projects.map((p: any) => p.uuid)).toEqual([project.uuid])
    expect(added.json.global).toBe(false)
    expect(await f.reevaluations()).toBeGreaterThan(0)
    await f.clearReevaluations()
    const again = await f.call('POST', path)
    expect(again.status).toBe(304)
    expect(again.text).toBe('')
    expect(await f.reevaluations()).toBe(0)
    const unknownProject = await f.call('POST', `/v1/policy/${policy.uuid}/project/${randomUUID()}`)
    expect(unknownProject.status).toBe(404)
    expect(unknownProject.text).toBe('The project could not be found.')
    const unknownPolicy = await f.call('POST', `/v1/policy/${randomUUID()}/project/${project.uuid}`)
    expect(unknownPolicy.text).toBe('The policy could not be found.')
    const removed = await f.call('DELETE', path)
    expect(removed.status).toBe(200)
    expect(removed.json).toMatchObject({ projects: [], global: true })
    expect(await f.reevaluations()).toBeGreaterThan(0)
    expect((await f.call('DELETE', path)).status).toBe(304)
  })

  it('adds and removes a tag through the deprecated path, by its lower-cased name', async () => {
    const policy = await f.createPolicy()
    const tag = await f.createTag()
    const added = await f.call('POST', `/v1/policy/${policy.uuid}/tag/${tag.toUpperCase()}`)
    expect(added.status).toBe(200)
    expect(added.json.tags).toEqual([{ name: tag }])
    expect((await f.call('POST', `/v1/policy/${policy.uuid}/tag/${tag}`)).status).toBe(304)
    const unknown = await f.call('POST', `/v1/policy/${policy.uuid}/tag/${f.unique('none')}`)
    expect(unknown.status).toBe(404)
    expect(unknown.text).toBe('The tag could not be found.')
    const removed = await f.call('DELETE', `/v1/policy/${policy.uuid}/tag/${tag}`)
    expect(removed.json.tags).toEqual([])
    expect((await f.call('DELETE', `/v1/policy/${policy.uuid}/tag/${tag}`)).status).toBe(304)
  })
})

describe('policy conditions', () => {
  it('creates a condition with a trimmed value and answers it without its policy', async () => {
    const policy = await f.createPolicy()
    const response = await f.call('PUT', `/v1/policy/${policy.uuid}/condition`, {
      subject: 'PACKAGE_URL',
      operator: 'MATCHES',
      value: '  pkg:maven/foo/bar ',
    })
    expect(response.status).toBe(201)
    expect(response.json).toEqual({
      uuid: expect.stringMatching(UUID),
      subject: 'PACKAGE_URL',
      operator: 'MATCHES',
      value: 'pkg:maven/foo/bar',
    })
    expect(await f.reevaluations()).toBeGreaterThan(0)
  })

  it('answers 404 for an unknown policy and 400 for a blank or long value', async () => {
    const missing = await f.call('PUT', `/v1/policy/${randomUUID()}/condition`, {
      subject: 'SEVERITY',
      operator: 'IS',
      value: 'HIGH',
    })
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The UUID of the policy could not be found.')
    const policy = await f.createPolicy()
    for (const value of ['  ', 'x'.repeat(256)]) {
      const refused = await f.call('PUT', `/v1/policy/${policy.uuid}/condition`, {
        subject: 'SEVERITY',
        operator: 'IS',
        value,
      })
      expect(refused.status).toBe(400)
      expect(refused.json[0].path).toBe('body.value')
    }
    const subject = await f.call('PUT', `/v1/policy/${policy.uuid}/condition`, {
      subject: 'COLOUR',
      operator: 'IS',
      value: 'red',
    })
    expect(subject.status).toBe(400)
  })

  it('updates subject, operator and value; 404 for an unknown condition', async () => {
    const policy = await f.createPolicy()
    const condition = await f.addCondition(policy.uuid, 'PACKAGE_URL', 'MATCHES', 'pkg:npm/x')
    const response = await f.call('POST', '/v1/policy/condition', {
      uuid: condition.uuid,
      subject: 'SEVERITY',
      operator: 'IS',
      value: 'HIGH',
    })
    expect(response.status).toBe(200)
    expect(response.json).toEqual({
      uuid: condition.uuid,
      subject: 'SEVERITY',
      operator: 'IS',
      value: 'HIGH',
    })
    const policyNow = await f.call('GET', `/v1/policy/${policy.uuid}`)
    expect(policyNow.json.policyConditions).toEqual([response.json])
    const missing = await f.call('POST', '/v1/policy/condition', {
      uuid: randomUUID(),
      subject: 'SEVERITY',
      operator: 'IS',
      value: 'HIGH',
    })
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The UUID of the policy condition could not be found.')
  })

  it('deletes a condition with its violations; 404 for an unknown one', async () => {
    const policy = await f.createPolicy()
    const condition = await f.addCondition(policy.uuid, 'SEVERITY', 'IS', 'HIGH')
    const kept = await f.addCondition(policy.uuid, 'SEVERITY', 'IS', 'LOW')
    const project = await f.createProject()
    const gone = await f.insertViolation(condition.uuid, project.uuid)
    const stays = await f.insertViolation(kept.uuid, project.uuid)
    const response = await f.call('DELETE', `/v1/policy/condition/${condition.uuid}`)
    expect(response.status).toBe(204)
    const left = await f.sql('SELECT id FROM policy_violation WHERE id = ANY($1::bigint[])', [
      [gone, stays],
    ])
    expect(left.map((row) => Number(row.id))).toEqual([stays])
    const again = await f.call('DELETE', `/v1/policy/condition/${condition.uuid}`)
    expect(again.status).toBe(404)
    expect(again.text).toBe('The UUID of the policy condition could not be found.')
  })
})

describe('permissions', () => {
  it('needs POLICY_MANAGEMENT for every policy operation, credentials first', async () => {
    const policy = await f.createPolicy()
    const viewer = await f.apiKeyWith(['VIEW_PORTFOLIO', 'VIEW_POLICY_VIOLATION'])
    const project = await f.createProject()
    const condition = { subject: 'SEVERITY', operator: 'IS', value: 'HIGH' }
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/v1/policy'],
      ['GET', `/v1/policy/${policy.uuid}`],
      ['PUT', '/v1/policy', { name: f.unique('x') }],
      ['POST', '/v1/policy', { uuid: policy.uuid, name: policy.name }],
      ['DELETE', `/v1/policy/${policy.uuid}`],
      ['POST', `/v1/policy/${policy.uuid}/project/${project.uuid}`],
      ['DELETE', `/v1/policy/${policy.uuid}/project/${project.uuid}`],
      ['POST', `/v1/policy/${policy.uuid}/tag/x`],
      ['DELETE', `/v1/policy/${policy.uuid}/tag/x`],
      ['PUT', `/v1/policy/${policy.uuid}/condition`, condition],
      ['POST', '/v1/policy/condition', { uuid: randomUUID(), ...condition }],
      ['DELETE', `/v1/policy/condition/${randomUUID()}`],
    ]
    for (const [method, path, json] of calls) {
      const denied = await f.call(method, path, json, { apiKey: viewer })
      expect(denied.status, `${method} ${path}`).toBe(403)
      const anonymous = await f.call(method, path, json, {})
      expect(anonymous.status, `${method} ${path}`).toBe(401)
    }
    const manager = await f.apiKeyWith(['POLICY_MANAGEMENT'])
    expect((await f.call('GET', '/v1/policy', undefined, { apiKey: manager })).status).toBe(200)
    expect((await f.call('GET', `/v1/policy/${policy.uuid}`)).status).toBe(200)
  })
})
