import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'

// Contract: dt-api-portfolio.md §1 (paging, ACL, JSON, errors), §2.11, §2.16, §3.3, §4.5;
// dt-behaviour.md §6.6.

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
let viewerKey: string
let noPermissionKey: string

const sql = (text: string, params: unknown[] = []) =>
  server.lookout.ctx!.db.query<Record<string, any>>(text, params)

/** A project through PUT /v1/project when that exists, else straight into the database. */
async function createProject(name: string, version?: string) {
  const response = await api.request('PUT', '/v1/project', {
    token: adminJwt,
    json: { name, version, classifier: 'APPLICATION', active: true },
  })
  if (response.status === 201) return response.json.uuid as string
  expect([404, 405]).toContain(response.status)
  const [row] = await sql('INSERT INTO project (name, version) VALUES ($1, $2) RETURNING uuid', [
    name,
    version ?? null,
  ])
  return row!.uuid as string
}

async function createService(projectUuid: string, body: Record<string, unknown>) {
  const response = await api.request('PUT', `/v1/service/project/${projectUuid}`, {
    token: adminJwt,
    json: { endpoints: [], ...body },
  })
  expect(response.status, response.text).toBe(201)
  return response.json
}

async function teamKey(name: string, permissions: string[]) {
  const team = await api.request('PUT', '/v1/team', { token: adminJwt, json: { name } })
  expect(team.status).toBe(201)
  for (const permission of permissions) {
    const granted = await api.request(
      'POST',
      `/v1/permission/${permission}/team/${team.json.uuid}`,
      { token: adminJwt },
    )
    expect(granted.status).toBe(200)
  }
  const key = await api.request('PUT', `/v1/team/${team.json.uuid}/key`, { token: adminJwt })
  expect(key.status).toBe(201)
  return { teamUuid: team.json.uuid as string, key: key.json.key as string }
}

const namesOf = (items: Array<{ name: string }>) => items.map((item) => item.name)

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
  viewerKey = (await teamKey('Viewers', ['VIEW_PORTFOLIO'])).key
  noPermissionKey = (await teamKey('Nobody', [])).key
})

afterAll(async () => {
  await server?.close()
})

const fullService = {
  provider: {
    name: 'Acme Cloud',
    urls: ['https://cloud.example'],
    contacts: [{ name: 'Ops', email: 'ops@cloud.example' }],
  },
  group: 'org.acme',
  name: ' billing-api ',
  version: '1.0',
  description: 'Billing',
  endpoints: [' https://billing.example/v1 ', 'https://billing.example/v2'],
  authenticated: true,
  crossesTrustBoundary: false,
  data: [{ direction: 'OUTBOUND', name: 'PII' }, { name: 'logs' }],
  externalReferences: [{ type: 'DOCUMENTATION', url: 'https://docs.example' }],
  notes: 'ignored on create',
  unknown: 'ignored',
}

describe('PUT /v1/service/project/{uuid} (§4.5 create)', () => {
  let project: string

  beforeAll(async () => {
    project = await createProject('service-app', '1')
  })

  it('creates a service and answers 201 with the contract JSON', async () => {
    const response = await api.request('PUT', `/v1/service/project/${project}`, {
      token: adminJwt,
      json: fullService,
    })
    expect(response.status, response.text).toBe(201)
    expect(response.json).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      provider: fullService.provider,
      group: 'org.acme',
      name: 'billing-api',
      version: '1.0',
      description: 'Billing',
      endpoints: ['https://billing.example/v1', 'https://billing.example/v2'],
      authenticated: true,
      crossesTrustBoundary: false,
      data: [{ direction: 'OUTBOUND', name: 'PII' }, { name: 'logs' }],
      externalReferences: [{ type: 'documentation', url: 'https://docs.example' }],
      lastInheritedRiskScore: 0,
      project: expect.objectContaining({
        uuid: project,
        name: 'service-app',
        version: '1',
        collectionLogic: 'NONE',
      }),
    })
  })

  it('leaves optional fields out of the JSON when they are null', async () => {
    const service = await createService(project, { name: 'bare' })
    expect(Object.keys(service).sort()).toEqual(
      ['endpoints', 'lastInheritedRiskScore', 'name', 'project', 'uuid'].sort(),
    )
    expect(service.endpoints).toEqual([])
  })

  it.each([
    [{ name: 'x' }, 'endpoints', 'must not be null'],
    [{ name: 'x', endpoints: 'https://a' }, 'endpoints', 'must not be null'],
    [{ endpoints: [] }, 'name', 'must not be blank'],
    [{ name: ' ', endpoints: [] }, 'name', 'must not be blank'],
    [
      { name: 'x', endpoints: [], description: 'd'.repeat(1025) },
      'description',
      'size must be between 0 and 1024',
    ],
    [{ name: 'x', endpoints: [], data: [{ direction: 'SIDEWAYS' }] }, 'direction', undefined],
  ])('400 validation array for %j', async (body, field, message) => {
    const response = await api.request('PUT', `/v1/service/project/${project}`, {
      token: adminJwt,
      json: body,
    })
    expect(response.status).toBe(400)
    expect(response.json).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: expect.stringMatching(new RegExp(`${field}$`)),
          ...(message ? { message } : {}),
        }),
      ]),
    )
  })

  it('404 for an unknown project, 400 for a collection project, 401 and 403', async () => {
    const missing = await api.request('PUT', `/v1/service/project/${crypto.randomUUID()}`, {
      token: adminJwt,
      json: { name: 'x', endpoints: [] },
    })
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The project could not be found.')
    const collection = await createProject('service-collection')
    await sql(
      `UPDATE project SET collection_logic = 'AGGREGATE_LATEST_VERSION_CHILDREN' WHERE uuid = $1`,
      [collection],
    )
    const refused = await api.request('PUT', `/v1/service/project/${collection}`, {
      token: adminJwt,
      json: { name: 'x', endpoints: [] },
    })
    expect(refused.status).toBe(400)
    expect(refused.text).toBe('Collection project cannot contain services.')
    const anonymous = await api.request('PUT', `/v1/service/project/${project}`, {
      json: { name: 'x', endpoints: [] },
    })
    expect(anonymous.status).toBe(401)
    const viewer = await api.request('PUT', `/v1/service/project/${project}`, {
      apiKey: viewerKey,
      json: { name: 'x', endpoints: [] },
    })
    expect(viewer.status).toBe(403)
  })
})

describe('GET /v1/service/{uuid} (§4.5)', () => {
  it('answers the service with its project', async () => {
    const project = await createProject('service-get', '3')
    const created = await createService(project, { name: 'get-svc', version: '2' })
    const response = await api.request('GET', `/v1/service/${created.uuid}`, { apiKey: viewerKey })
    expect(response.status).toBe(200)
    expect(response.json).toEqual(created)
    expect(response.json.project).toMatchObject({
      uuid: project,
      name: 'service-get',
      version: '3',
    })
  })

  it('404, 400, 401 and 403', async () => {
    const missing = await api.request('GET', `/v1/service/${crypto.randomUUID()}`, {
      token: adminJwt,
    })
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The service could not be found.')
    const bad = await api.request('GET', '/v1/service/xyz', { token: adminJwt })
    expect(bad.status).toBe(400)
    expect(bad.json[0].message).toBe('Invalid UUID')
    expect((await api.request('GET', `/v1/service/${crypto.randomUUID()}`)).status).toBe(401)
    const forbidden = await api.request('GET', `/v1/service/${crypto.randomUUID()}`, {
      apiKey: noPermissionKey,
    })
    expect(forbidden.status).toBe(403)
  })
})

describe('POST /v1/service (§4.5 update)', () => {
  it('replaces the updatable fields but not notes', async () => {
    const project = await createProject('service-update')
    const created = await createService(project, fullService)
    await sql(`UPDATE service_component SET notes = 'kept' WHERE uuid = $1`, [created.uuid])
    const response = await api.request('POST', '/v1/service', {
      token: adminJwt,
      json: {
        ...created,
        name: 'renamed',
        group: null,
        provider: null,
        endpoints: ['https://new.example'],
        authenticated: null,
        data: [{ direction: 'BI_DIRECTIONAL', name: 'all' }],
        externalReferences: null,
        notes: 'ignored',
        project: { uuid: crypto.randomUUID() },
      },
    })
    expect(response.status, response.text).toBe(200)
    expect(response.json).toMatchObject({
      uuid: created.uuid,
      name: 'renamed',
      version: '1.0',
      endpoints: ['https://new.example'],
      crossesTrustBoundary: false,
      data: [{ direction: 'BI_DIRECTIONAL', name: 'all' }],
      notes: 'kept',
      project: { uuid: project },
    })
    for (const gone of ['group', 'provider', 'authenticated', 'externalReferences']) {
      expect(response.json).not.toHaveProperty(gone)
    }
  })

  it('400 without endpoints, 404 for an unknown uuid, 403 without permission', async () => {
    const project = await createProject('service-update-errors')
    const created = await createService(project, { name: 'svc' })
    const noEndpoints = await api.request('POST', '/v1/service', {
      token: adminJwt,
      json: { uuid: created.uuid, name: 'svc' },
    })
    expect(noEndpoints.status).toBe(400)
    for (const uuid of [crypto.randomUUID(), undefined]) {
      const missing = await api.request('POST', '/v1/service', {
        token: adminJwt,
        json: { uuid, name: 'svc', endpoints: [] },
      })
      expect(missing.status).toBe(404)
      expect(missing.text).toBe('The UUID of the service could not be found.')
    }
    const viewer = await api.request('POST', '/v1/service', {
      apiKey: viewerKey,
      json: { uuid: created.uuid, name: 'svc', endpoints: [] },
    })
    expect(viewer.status).toBe(403)
  })
})

describe('DELETE /v1/service/{uuid} (§4.5)', () => {
  it('deletes the service; 404 afterwards', async () => {
    const project = await createProject('service-delete')
    const created = await createService(project, { name: 'doomed' })
    const viewer = await api.request('DELETE', `/v1/service/${created.uuid}`, {
      apiKey: viewerKey,
    })
    expect(viewer.status).toBe(403)
    const deleted = await api.request('DELETE', `/v1/service/${created.uuid}`, { token: adminJwt })
    expect(deleted.status).toBe(204)
    expect(deleted.text).toBe('')
    const again = await api.request('DELETE', `/v1/service/${created.uuid}`, { token: adminJwt })
    expect(again.status).toBe(404)
    expect(again.text).toBe('The UUID of the service could not be found.')
  })
})

describe('GET /v1/service/project/{uuid} (§4.5 list, §1.4 paging)', () => {
  let project: string

  beforeAll(async () => {
    project = await createProject('service-list')
    for (const [name, version] of [
      ['gamma', '1'],
      ['alpha', '1'],
      ['alpha', '2'],
      ['beta-Search', '1'],
    ] as const) {
      await createService(project, { name, version })
    }
    await createService(await createProject('service-list-other'), { name: 'alpha', version: '9' })
  })

  const list = (query = '') =>
    api.request('GET', `/v1/service/project/${project}${query}`, { apiKey: viewerKey })

  it('orders by name asc, version desc and sets X-Total-Count', async () => {
    const response = await list()
    expect(response.status).toBe(200)
    expect(response.headers.get('x-total-count')).toBe('4')
    expect(response.json.map((s: any) => `${s.name}@${s.version}`)).toEqual([
      'alpha@2',
      'alpha@1',
      'beta-Search@1',
      'gamma@1',
    ])
  })

  it('pages, searches on the name and sorts', async () => {
    const page = await list('?pageNumber=2&pageSize=3')
    expect(namesOf(page.json)).toEqual(['gamma'])
    expect(page.headers.get('x-total-count')).toBe('4')
    expect(namesOf((await list('?offset=0&limit=1')).json)).toEqual(['alpha'])
    const search = await list('?searchText=SEARCH')
    expect(namesOf(search.json)).toEqual(['beta-Search'])
    expect(search.headers.get('x-total-count')).toBe('1')
    const sorted = await list('?sortName=name&sortOrder=desc')
    expect(namesOf(sorted.json)).toEqual(['gamma', 'beta-Search', 'alpha', 'alpha'])
    const unknown = await list('?sortName=nope&sortOrder=asc')
    expect(unknown.status).toBe(400)
    expect(unknown.json.detail).toBe(
      'Can not sort by ServiceComponent#nope: The field does not exist',
    )
  })

  it('404 for an unknown project, 401 and 403', async () => {
    const missing = await api.request('GET', `/v1/service/project/${crypto.randomUUID()}`, {
      token: adminJwt,
    })
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The project could not be found.')
    expect((await api.request('GET', `/v1/service/project/${project}`)).status).toBe(401)
    const forbidden = await api.request('GET', `/v1/service/project/${project}`, {
      apiKey: noPermissionKey,
    })
    expect(forbidden.status).toBe(403)
  })
})

describe('portfolio access control (§1.3)', () => {
  let allowed: string
  let denied: string
  let deniedService: string
  let restrictedKey: string

  beforeAll(async () => {
    allowed = await createProject('acl-allowed-svc')
    denied = await createProject('acl-denied-svc')
    await createService(allowed, { name: 'visible' })
    deniedService = (await createService(denied, { name: 'hidden' })).uuid
    const restricted = await teamKey('Restricted', ['VIEW_PORTFOLIO', 'PORTFOLIO_MANAGEMENT'])
    restrictedKey = restricted.key
    await sql(
      `INSERT INTO project_access_team (project_id, team_id)
       SELECT p.id, t.id FROM project p, team t WHERE p.uuid = $1 AND t.uuid = $2`,
      [allowed, restricted.teamUuid],
    )
    const enabled = await api.request('POST', '/v1/configProperty/aggregate', {
      token: adminJwt,
      json: [
        { groupName: 'access-management', propertyName: 'acl.enabled', propertyValue: 'true' },
      ],
    })
    expect(enabled.status).toBe(200)
  })

  afterAll(async () => {
    await api.request('POST', '/v1/configProperty/aggregate', {
      token: adminJwt,
      json: [
        { groupName: 'access-management', propertyName: 'acl.enabled', propertyValue: 'false' },
      ],
    })
  })

  it('answers 403 with the service or project text', async () => {
    const as = (method: string, path: string, json?: unknown) =>
      api.request(method, path, { apiKey: restrictedKey, json })
    expect((await as('GET', `/v1/service/project/${allowed}`)).json).toHaveLength(1)
    const cases: Array<[string, string, unknown, string]> = [
      [
        'GET',
        `/v1/service/${deniedService}`,
        undefined,
        'Access to the specified service is forbidden',
      ],
      [
        'GET',
        `/v1/service/project/${denied}`,
        undefined,
        'Access to the specified project is forbidden',
      ],
      [
        'PUT',
        `/v1/service/project/${denied}`,
        { name: 'x', endpoints: [] },
        'Access to the specified project is forbidden',
      ],
      [
        'POST',
        '/v1/service',
        { uuid: deniedService, name: 'x', endpoints: [] },
        'Access to the specified service is forbidden',
      ],
      [
        'DELETE',
        `/v1/service/${deniedService}`,
        undefined,
        'Access to the specified service is forbidden',
      ],
    ]
    for (const [method, path, body, message] of cases) {
      const response = await as(method, path, body)
      expect(response.status, `${method} ${path}`).toBe(403)
      expect(response.text, `${method} ${path}`).toBe(message)
    }
    const admin = await api.request('GET', `/v1/service/${deniedService}`, { token: adminJwt })
    expect(admin.status).toBe(200)
  })
})
