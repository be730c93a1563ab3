import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { policyFixtures } from '../support/policy-fixtures.ts'

// Beyond 4.13 (docs/policies.md, DT#3101): policy as code. GET /v1/policy/export writes every
// policy and license group as one document; POST /v1/policy/import checks it, reports what
// changes and (unless dryRun) applies it. Licenses come from the bundled catalogue.

type Json = Record<string, any>
interface Side {
  server: TestServer
  api: ReturnType<typeof apiClient>
  admin: string
}

const sides: Record<'source' | 'target', Side> = {} as never
const fixtures = (name: keyof typeof sides) =>
  policyFixtures(
    () => sides[name].server,
    () => sides[name].api,
    () => sides[name].admin,
  )
const source = fixtures('source')
const target = fixtures('target')

beforeAll(async () => {
  for (const name of ['source', 'target'] as const) {
    const server = await startApiServer()
    const api = apiClient(server.baseUrl)
    sides[name] = { server, api, admin: await api.adminToken() }
  }
})
afterAll(async () => {
  for (const side of Object.values(sides)) await side?.server?.close()
})

const importDoc = (f: typeof source, doc: unknown, dryRun?: boolean) =>
  f.call('POST', `/v1/policy/import${dryRun === undefined ? '' : `?dryRun=${dryRun}`}`, doc)

/**
 * The same licenses on both servers, with different uuids (as two installations have; test
 * servers start from one database template), and none of the default license groups.
 */
async function catalogue(f: typeof source) {
  await f.sql('DELETE FROM license_group')
  await f.sql('UPDATE license SET uuid = gen_random_uuid() WHERE license_id = ANY($1::text[])', [
    ['MIT', 'Apache-2.0', 'GPL-3.0-only'],
  ])
}

describe('policy as code', () => {
  let exported: Json

  beforeAll(async () => {
    await catalogue(source)
    await catalogue(target)
    const groupUuid = await source.insertLicenseGroup('Copyleft', 8, ['GPL-3.0-only'])
    await source.insertLicenseGroup('Permissive', 0, ['MIT', 'Apache-2.0'])
    const mit = (await source.sql("SELECT uuid FROM license WHERE license_id = 'MIT'"))[0]!.uuid
    const policy = await source.createPolicy('No copyleft', { violationState: 'FAIL' })
    await source.addCondition(policy.uuid, 'LICENSE_GROUP', 'IS', groupUuid)
    await source.addCondition(policy.uuid, 'LICENSE', 'IS_NOT', mit)
    await source.addCondition(policy.uuid, 'LICENSE', 'IS', 'unresolved')
    await source.addCondition(policy.uuid, 'SEVERITY', 'IS', 'CRITICAL')
    const project = await source.createProject('shop', '2.1')
    await source.call('POST', `/v1/policy/${policy.uuid}/project/${project.uuid}`)
    const tag = await source.createTag('Team-A')
    await source.call('POST', `/v1/tag/${tag}/policy`, [policy.uuid])
    await source.createPolicy('Empty', { operator: 'ALL' })
    const response = await source.call('GET', '/v1/policy/export')
    expect(response.status).toBe(200)
    exported = response.json
  })

  it('exports licenses by id, groups by name and projects by name and version', () => {
    expect(exported).toEqual({
      format: 'lookout-policies',
      version: 1,
      licenseGroups: [
        { name: 'Copyleft', riskWeight: 8, licenses: ['GPL-3.0-only'] },
        { name: 'Permissive', riskWeight: 0, licenses: ['Apache-2.0', 'MIT'] },
      ],
      policies: [
        {
          name: 'Empty',
          operator: 'ALL',
          violationState: 'INFO',
          includeChildren: false,
          onlyLatestProjectVersion: false,
          conditions: [],
          projects: [],
          tags: [],
        },
        {
          name: 'No copyleft',
          operator: 'ANY',
          violationState: 'FAIL',
          includeChildren: false,
          onlyLatestProjectVersion: false,
          conditions: [
            { subject: 'LICENSE_GROUP', operator: 'IS', value: 'Copyleft' },
            { subject: 'LICENSE', operator: 'IS_NOT', value: 'MIT' },
            { subject: 'LICENSE', operator: 'IS', value: 'unresolved' },
            { subject: 'SEVERITY', operator: 'IS', value: 'CRITICAL' },
          ],
          projects: [{ name: 'shop', version: '2.1' }],
          tags: ['team-a'],
        },
      ],
    })
  })

  it('imports on another server: a dry run reports without writing, then it applies', async () => {
    await target.createProject('shop', '2.1')
    const dry = await importDoc(target, exported, true)
    expect(dry.status).toBe(200)
    expect(dry.json).toEqual({
      dryRun: true,
      created: ['Copyleft', 'Permissive', 'Empty', 'No copyleft'],
      updated: [],
      unchanged: [],
      licenseGroups: { created: ['Copyleft', 'Permissive'], updated: [], unchanged: [] },
      policies: { created: ['Empty', 'No copyleft'], updated: [], unchanged: [] },
    })
    expect((await target.call('GET', '/v1/policy')).json).toEqual([])
    expect(await target.sql('SELECT 1 FROM license_group')).toEqual([])

    await target.clearReevaluations()
    const applied = await importDoc(target, exported)
    expect(applied.status).toBe(200)
    expect(applied.json).toMatchObject({ dryRun: false, created: dry.json.created })
    expect(await target.reevaluations()).toBeGreaterThan(0)
    expect((await target.call('GET', '/v1/policy/export')).json).toEqual(exported)

    const [policy] = (await target.call('GET', '/v1/policy?searchText=No copyleft')).json
    const group = await target.sql("SELECT uuid FROM license_group WHERE name = 'Copyleft'")
    const mit = await target.sql("SELECT uuid FROM license WHERE license_id = 'MIT'")
    expect(policy.policyConditions.slice(0, 2).map((c: Json) => c.value)).toEqual([
      group[0]!.uuid,
      mit[0]!.uuid,
    ])
  })

  it('reports unchanged on a second import and keeps conditions with their violations', async () => {
    const again = await importDoc(target, exported)
    expect(again.json).toMatchObject({
      created: [],
      updated: [],
      unchanged: ['Copyleft', 'Permissive', 'Empty', 'No copyleft'],
    })
    const [policy] = (await target.call('GET', '/v1/policy?searchText=No copyleft')).json
    const severity = policy.policyConditions[3]
    const project = (await target.call('GET', '/v1/project?name=shop')).json[0]
    const violation = await target.insertViolation(severity.uuid, project.uuid)

    const changed = structuredClone(exported)
    changed.policies[1].violationState = 'WARN'
    changed.policies[1].conditions.splice(1, 1)
    changed.policies[1].conditions.push({
      subject: 'AGE',
      operator: 'NUMERIC_GREATER_THAN',
      value: 'P2Y',
    })
    changed.licenseGroups[1].licenses = ['MIT']
    changed.policies.push({
      name: 'Fresh',
      conditions: [{ subject: 'CPE', operator: 'MATCHES', value: 'cpe:*' }],
    })
    const report = await importDoc(target, changed)
    expect(report.json).toMatchObject({
      created: ['Fresh'],
      updated: ['Permissive', 'No copyleft'],
      unchanged: ['Copyleft', 'Empty'],
    })
    const after = (await target.call('GET', `/v1/policy/${policy.uuid}`)).json
    expect(after.violationState).toBe('WARN')
    expect(after.policyConditions.map((c: Json) => c.subject)).toEqual([
      'LICENSE_GROUP',
      'LICENSE',
      'SEVERITY',
      'AGE',
    ])
    expect(after.policyConditions[2].uuid).toBe(severity.uuid)
    expect(
      await target.sql('SELECT 1 FROM policy_violation WHERE id = $1', [violation]),
    ).toHaveLength(1)
    const fresh = (await target.call('GET', '/v1/policy?searchText=Fresh')).json[0]
    expect(fresh).toMatchObject({ operator: 'ANY', violationState: 'INFO', global: true })
  })

  it('lists every problem of a document at once and imports nothing', async () => {
    const before = (await target.call('GET', '/v1/policy/export')).json
    const doc = {
      format: 'lookout-policies',
      version: 1,
      licenseGroups: [
        { name: 'Weak', riskWeight: 3, licenses: ['MIT', 'LGPL-9.9'] },
        { name: 'Weak', licenses: [] },
      ],
      policies: [
        {
          name: 'Broken',
          conditions: [
            { subject: 'LICENSE', operator: 'IS', value: 'WTFPL-2' },
            { subject: 'LICENSE_GROUP', operator: 'IS', value: 'Nowhere' },
            { subject: 'LICENSE_GROUP', operator: 'IS', value: 'Weak' },
            { subject: 'AGE', operator: 'NUMERIC_GREATER_THAN', value: 'P0D' },
            { subject: 'SEVERITY', operator: 'MATCHES', value: 'HIGH' },
          ],
          projects: [{ name: 'shop', version: '9' }, { name: 'shop' }],
        },
      ],
    }
    const response = await importDoc(target, doc)
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toContain('application/problem+json')
    expect(response.json).toEqual({
      status: 400,
      title: 'Invalid policy document',
      detail: '8 problem(s) found; nothing was imported',
      errors: {
        'licenseGroups[1].name': 'A license group with this name is listed more than once',
        'licenseGroups[0].licenses[1]': 'No license with the id LGPL-9.9 exists',
        'policies[0].conditions[0].value': 'No license with the id WTFPL-2 exists',
        'policies[0].conditions[1].value':
          'No license group named Nowhere exists here or in the document',
        'policies[0].conditions[3].value':
          'must be a positive ISO-8601 period such as P30D or P1Y6M',
        'policies[0].conditions[4].value': 'The operator does not apply to this subject',
        'policies[0].projects[0]': 'No project shop version 9 exists',
        'policies[0].projects[1]': 'No project shop without version exists',
      },
    })
    expect((await target.call('GET', '/v1/policy/export')).json).toEqual(before)
  })

  it('names malformed parts by their JSON path', async () => {
    const response = await importDoc(target, {
      format: 'something-else',
      version: 1,
      policies: [{ name: ' ', operator: 'SOME', conditions: [{ subject: 'X', value: 1 }] }],
    })
    expect(response.status).toBe(400)
    expect(Object.keys(response.json.errors).sort()).toEqual([
      'format',
      'policies[0].conditions[0].operator',
      'policies[0].conditions[0].subject',
      'policies[0].conditions[0].value',
      'policies[0].name',
      'policies[0].operator',
    ])
    expect(response.json.errors['policies[0].name']).toBe('must not be blank')
    expect((await importDoc(target, exported, 'maybe' as never)).status).toBe(400)
  })

  it('needs POLICY_MANAGEMENT', async () => {
    const viewer = await target.apiKeyWith(['VIEW_PORTFOLIO'])
    expect(
      (await target.call('GET', '/v1/policy/export', undefined, { apiKey: viewer })).status,
    ).toBe(403)
    expect(
      (await target.call('POST', '/v1/policy/import', exported, { apiKey: viewer })).status,
    ).toBe(403)
  })
})
