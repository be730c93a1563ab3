import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'

// Contract: dt-api-portfolio.md §1 (conventions), §3.1, §3.19, §3.23, §4.1, §4.2, §5.5;
// dt-behaviour.md §6 (create/update rules, isLatest, collections, clone, deletion, ACL).

let server: TestServer
let api: ReturnType<typeof apiClient>
let admin: string

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  admin = await api.adminToken()
})
afterAll(async () => {
  await server?.close()
})

let sequence = 0
/** Lower-case unique names keep ordering assertions independent of the database collation. */
function unique(prefix: string) {
  sequence += 1
  return `${prefix}-${Date.now().toString(36)}-${sequence}`
}

type Json = Record<string, any>

async function create(body: Json, token = admin): Promise<Json> {
  const response = await api.request('PUT', '/v1/project', { token, json: body })
  expect(response.status, response.text).toBe(201)
  return response.json
}

const get = (path: string, token = admin) => api.request('GET', path, { token })
const names = (projects: Json[]) => projects.map((p) => `${p.name}@${p.version ?? ''}`)
const db = () => server.lookout.ctx!.db

async function addComponent(projectUuid: string) {
  await db().query(
    `INSERT INTO component (project_id, name, version)
     SELECT id, 'lib', '1.0' FROM project WHERE uuid = $1`,
    [projectUuid],
  )
}

async function principalWith(permissions: string[], teamCount = 1) {
  const teams: Json[] = []
  for (let i = 0; i < teamCount; i++) {
    const team = await api.request('PUT', '/v1/team', {
      token: admin,
      json: { name: unique('team') },
    })
    expect(team.status).toBe(201)
    for (const permission of permissions) {
      const granted = await api.request(
        'POST',
        `/v1/permission/${permission}/team/${team.json.uuid}`,
        { token: admin },
      )
      expect(granted.status).toBe(200)
    }
    teams.push(team.json)
  }
  const username = unique('user')
  const created = await api.request('PUT', '/v1/user/managed', {
    token: admin,
    json: {
      username,
      fullname: username,
      email: `${username}@example.com`,
      newPassword: `pw-${username}`,
      confirmPassword: `pw-${username}`,
      forcePasswordChange: false,
      nonExpiryPassword: true,
      suspended: false,
    },
  })
  expect(created.status).toBe(201)
  for (const team of teams) {
    const joined = await api.request('POST', `/v1/user/${username}/membership`, {
      token: admin,
      json: { uuid: team.uuid },
    })
    expect(joined.status).toBe(200)
  }
  const login = await api.login(username, `pw-${username}`)
  expect(login.status).toBe(200)
  return { token: login.text, teams }
}

async function setAcl(enabled: boolean) {
  const response = await api.request('POST', '/v1/configProperty/aggregate', {
    token: admin,
    json: [
      {
        groupName: 'access-management',
        propertyName: 'acl.enabled',
        propertyValue: String(enabled),
      },
    ],
  })
  expect(response.status).toBe(200)
}

const waitForToken = (token: string) => api.waitForToken(token, admin)

describe('authentication and permissions (§1.2)', () => {
  it('answers 401 without credentials and 403 without the permission', async () => {
    expect((await api.request('GET', '/v1/project')).status).toBe(401)
    expect((await api.request('PUT', '/v1/project', { json: { name: 'x' } })).status).toBe(401)
    const viewer = await principalWith(['VIEW_PORTFOLIO'])
    expect((await get('/v1/project', viewer.token)).status).toBe(200)
    const denied = await api.request('PUT', '/v1/project', {
      token: viewer.token,
      json: { name: unique('denied') },
    })
    expect(denied.status).toBe(403)
    expect(denied.text).toBe('')
    const nobody = await principalWith([])
    expect((await get('/v1/project', nobody.token)).status).toBe(403)
    const properties = await principalWith(['VIEW_PORTFOLIO'])
    const project = await create({ name: unique('props-perm') })
    expect((await get(`/v1/project/${project.uuid}/property`, properties.token)).status).toBe(403)
  })
})

describe('PUT /v1/project — create (§4.1, §6.1)', () => {
  it('answers 201 with the minimal project shape', async () => {
    const name = unique('minimal')
    const response = await api.request('PUT', '/v1/project', { token: admin, json: { name } })
    expect(response.status).toBe(201)
    expect(response.json).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name,
      classifier: 'APPLICATION',
      collectionLogic: 'NONE',
      children: [],
      properties: [],
      tags: [],
      active: true,
      isLatest: false,
    })
  })

  it('stores every field, trims text, lower-cases tags and canonicalises the purl', async () => {
    const name = unique('full')
    const project = await create({
      name: `  ${name}  `,
      version: ' 1.0.0 ',
      group: 'acme',
      description: 'An app',
      publisher: 'Acme Inc',
      author: 'Jane Doe',
      manufacturer: { name: 'Acme Manufacturing', urls: ['https://acme.example'] },
      supplier: { name: 'Acme Supply', contacts: [{ name: 'Sam', email: 'sam@acme.example' }] },
      classifier: 'LIBRARY',
      cpe: 'cpe:2.3:a:acme:app:1.0.0:*:*:*:*:*:*:*',
      purl: 'pkg:npm/%40acme/app@1.0.0?b=2&a=1',
      swidTagId: 'swid-1',
      tags: [{ name: ' Frontend ' }, { name: 'frontend' }, { name: 'Team-A' }],
      externalReferences: [{ type: 'vcs', url: 'https://git.example/acme' }],
      isLatest: true,
      unknownField: 'ignored',
      accessTeams: [],
    })
    expect(project).toMatchObject({
      name,
      version: '1.0.0',
      group: 'acme',
      description: 'An app',
      publisher: 'Acme Inc',
      author: 'Jane Doe',
      authors: [{ name: 'Jane Doe' }],
      manufacturer: { name: 'Acme Manufacturing', urls: ['https://acme.example'] },
      supplier: { name: 'Acme Supply', contacts: [{ name: 'Sam', email: 'sam@acme.example' }] },
      classifier: 'LIBRARY',
      cpe: 'cpe:2.3:a:acme:app:1.0.0:*:*:*:*:*:*:*',
      purl: 'pkg:npm/%40acme/app@1.0.0?a=1&b=2',
      swidTagId: 'swid-1',
      tags: [{ name: 'frontend' }, { name: 'team-a' }],
      externalReferences: [{ type: 'vcs', url: 'https://git.example/acme' }],
      isLatest: true,
      active: true,
    })
    expect(project).not.toHaveProperty('unknownField')
    expect(project).not.toHaveProperty('accessTeams')
  })

  it('joins several authors into author', async () => {
    const project = await create({
      name: unique('authors'),
      authors: [{ name: 'A' }, { email: 'b@example.com' }, { name: 'C' }],
    })
    expect(project.author).toBe('A, C')
    expect(project.authors).toEqual([{ name: 'A' }, { email: 'b@example.com' }, { name: 'C' }])
  })

  it('keeps a collection tag only for AGGREGATE_DIRECT_CHILDREN_WITH_TAG', async () => {
    const withTag = await create({
      name: unique('collection'),
      collectionLogic: 'AGGREGATE_DIRECT_CHILDREN_WITH_TAG',
      collectionTag: { name: ' Prod ' },
    })
    expect(withTag.collectionLogic).toBe('AGGREGATE_DIRECT_CHILDREN_WITH_TAG')
    expect(withTag.collectionTag).toEqual({ name: 'prod' })
    const other = await create({
      name: unique('collection'),
      collectionLogic: 'AGGREGATE_DIRECT_CHILDREN',
      collectionTag: { name: 'prod' },
    })
    expect(other.collectionLogic).toBe('AGGREGATE_DIRECT_CHILDREN')
    expect(other).not.toHaveProperty('collectionTag')
  })

  it('answers 409 for an existing name and version (a missing version matches null)', async () => {
    const name = unique('dup')
    await create({ name, version: '1' })
    await create({ name })
    for (const body of [{ name, version: '1' }, { name }, { name, version: '  ' }]) {
      const response = await api.request('PUT', '/v1/project', { token: admin, json: body })
      expect(response.status).toBe(409)
      expect(response.text).toBe('A project with the specified name already exists.')
    }
    await create({ name, version: '2' })
  })

  it('answers 400 validation arrays for invalid fields', async () => {
    const blank = await api.request('PUT', '/v1/project', { token: admin, json: { name: '  ' } })
    expect(blank.status).toBe(400)
    expect(blank.headers.get('content-type')).toMatch(/^application\/json/)
    expect(blank.json).toEqual([
      expect.objectContaining({ message: 'must not be blank', path: 'name' }),
    ])

    const bad = await api.request('PUT', '/v1/project', {
      token: admin,
      json: { name: unique('bad'), cpe: 'not-a-cpe', purl: 'not-a-purl', group: 'g'.repeat(256) },
    })
    expect(bad.status).toBe(400)
    expect(bad.json.map((error: Json) => error.path).sort()).toEqual(['cpe', 'group', 'purl'])
    expect(bad.json.find((error: Json) => error.path === 'cpe')).toEqual({
      message: 'The CPE must conform to the CPE v2.2 or v2.3 specification defined by NIST',
      messageTemplate: 'The CPE must conform to the CPE v2.2 or v2.3 specification defined by NIST',
      path: 'cpe',
      invalidValue: 'not-a-cpe',
    })
  })

  it('answers a mapping problem for an unknown classifier', async () => {
    const response = await api.request('PUT', '/v1/project', {
      token: admin,
      json: { name: unique('enum'), classifier: 'SPACESHIP' },
    })
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/)
    expect(response.json).toMatchObject({
      status: 400,
      title: 'The provided JSON payload could not be mapped',
    })
  })

  it('needs an active parent; an unknown parent is ignored', async () => {
    const inactive = await create({ name: unique('inactive-parent'), active: false })
    const refused = await api.request('PUT', '/v1/project', {
      token: admin,
      json: { name: unique('child'), parent: { uuid: inactive.uuid } },
    })
    expect(refused.status).toBe(409)
    expect(refused.text).toBe('An inactive Parent cannot be selected as parent')

    const orphan = await create({ name: unique('orphan'), parent: { uuid: randomUUID() } })
    expect(orphan).not.toHaveProperty('parent')
    const fetched = await get(`/v1/project/${orphan.uuid}`)
    expect(fetched.json).not.toHaveProperty('parent')
  })

  it('moves isLatest: at most one latest project per name (§6.2)', async () => {
    const name = unique('latest')
    const v1 = await create({ name, version: '1', isLatest: true })
    const v2 = await create({ name, version: '2', isLatest: true })
    expect(v2.isLatest).toBe(true)
    expect((await get(`/v1/project/${v1.uuid}`)).json.isLatest).toBe(false)
    const latest = await get(`/v1/project/latest/${name}`)
    expect(latest.status).toBe(200)
    expect(latest.json.uuid).toBe(v2.uuid)
  })

  it('checks accessTeams entries', async () => {
    const neither = await api.request('PUT', '/v1/project', {
      token: admin,
      json: { name: unique('teams'), accessTeams: [{ name: 'Administrators' }, {}] },
    })
    expect(neither.status).toBe(400)
    expect(neither.text).toBe(
      'accessTeams must either specify a UUID or a name, but the team at index 1 has neither.',
    )
    const ghost = randomUUID()
    const unknown = await api.request('PUT', '/v1/project', {
      token: admin,
      json: { name: unique('teams'), accessTeams: [{ uuid: ghost }] },
    })
    expect(unknown.status).toBe(400)
    expect(unknown.text).toBe(
      `The team with UUID ${ghost} can not be assigned because it does not exist, or is not ` +
        'accessible to the authenticated principal.',
    )
    const manager = await principalWith(['PORTFOLIO_MANAGEMENT', 'VIEW_PORTFOLIO'])
    const foreign = await api.request('PUT', '/v1/project', {
      token: manager.token,
      json: { name: unique('teams'), accessTeams: [{ name: 'Automation' }] },
    })
    expect(foreign.status).toBe(400)
    expect(foreign.text).toBe(
      'The team with name Automation can not be assigned because it does not exist, or is not ' +
        'accessible to the authenticated principal.',
    )
    const own = await api.request('PUT', '/v1/project', {
      token: manager.token,
      json: { name: unique('teams'), accessTeams: [{ uuid: manager.teams[0]!.uuid }] },
    })
    expect(own.status).toBe(201)
  })
})

describe('GET /v1/project/{uuid}, /lookup, /latest (§4.1, §5.5)', () => {
  it('answers parent, shallow children, properties, tags and versions', async () => {
    const name = unique('acme-app')
    const parent = await create({ name: `${name}-parent`, version: '1.0.0' })
    const project = await create({
      name,
      version: '1.0.0',
      classifier: 'NONE',
      parent: { uuid: parent.uuid },
    })
    const child = await create({
      name: `${name}-child`,
      version: '1.0.0',
      parent: { uuid: project.uuid },
      tags: [{ name: 'child-tag' }],
    })
    const other = await create({ name, version: '2.0.0', active: false })
    const response = await get(`/v1/project/${project.uuid}`)
    expect(response.status).toBe(200)
    expect(response.json).toEqual({
      name,
      version: '1.0.0',
      uuid: project.uuid,
      classifier: 'NONE',
      parent: { name: `${name}-parent`, version: '1.0.0', uuid: parent.uuid },
      children: [
        {
          name: `${name}-child`,
          version: '1.0.0',
          uuid: child.uuid,
          classifier: 'APPLICATION',
          active: true,
          isLatest: false,
          collectionLogic: 'NONE',
        },
      ],
      collectionLogic: 'NONE',
      properties: [],
      tags: [],
      active: true,
      isLatest: false,
      versions: [
        { uuid: project.uuid, version: '1.0.0', active: true },
        { uuid: other.uuid, version: '2.0.0', active: false },
      ],
    })
  })

  it('serialises dates as epoch milliseconds and BOM-derived fields when present', async () => {
    const project = await create({ name: unique('imported') })
    const imported = new Date('2024-05-01T10:00:00Z')
    await db().query(
      `UPDATE project SET last_bom_import = $2, last_bom_import_format = 'CycloneDX 1.5',
         last_inherited_risk_score = 12.5, metadata = $3::jsonb WHERE uuid = $1`,
      [
        project.uuid,
        imported,
        JSON.stringify({ authors: [{ name: 'Bot' }], supplier: { name: 'Acme' } }),
      ],
    )
    const response = await get(`/v1/project/${project.uuid}`)
    expect(response.json).toMatchObject({
      lastBomImport: imported.getTime(),
      lastBomImportFormat: 'CycloneDX 1.5',
      lastInheritedRiskScore: 12.5,
      metadata: { authors: [{ name: 'Bot' }], supplier: { name: 'Acme' } },
    })
  })

  it('answers 404 text for an unknown project and 400 for an invalid UUID', async () => {
    const missing = await get(`/v1/project/${randomUUID()}`)
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The project could not be found.')
    for (const bad of ['not-a-uuid', randomUUID().toUpperCase()]) {
      const invalid = await get(`/v1/project/${bad}`)
      expect(invalid.status).toBe(400)
      expect(invalid.json).toEqual([expect.objectContaining({ message: 'Invalid UUID' })])
    }
  })

  it('looks a project up by name and version', async () => {
    const name = unique('lookup')
    const versionless = await create({ name })
    const v1 = await create({ name, version: '1' })
    const found = await get(`/v1/project/lookup?name=${name}&version=1`)
    expect(found.status).toBe(200)
    expect(found.json.uuid).toBe(v1.uuid)
    expect(found.json.versions).toHaveLength(2)
    expect(found.json).not.toHaveProperty('children')
    expect((await get(`/v1/project/lookup?name=${name}`)).json.uuid).toBe(versionless.uuid)
    const missing = await get(`/v1/project/lookup?name=${name}&version=9`)
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The project could not be found.')
    expect((await get(`/v1/project/latest/${name}`)).status).toBe(404)
  })
})

describe('GET /v1/project — lists (§1.4, §4.1)', () => {
  let prefix: string
  beforeAll(async () => {
    prefix = unique('list')
    const root = await create({
      name: `${prefix}-b`,
      version: '1',
      tags: [{ name: `${prefix}-tag` }],
    })
    await create({ name: `${prefix}-b`, version: '2' })
    await create({ name: `${prefix}-a`, version: '1', classifier: 'LIBRARY' })
    await create({ name: `${prefix}-c`, active: false })
    await create({ name: `${prefix}-d`, version: '1', parent: { uuid: root.uuid } })
  })

  it('orders by name asc, version desc and sets X-Total-Count', async () => {
    const response = await get(`/v1/project?searchText=${prefix}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('x-total-count')).toBe('5')
    expect(names(response.json)).toEqual([
      `${prefix}-a@1`,
      `${prefix}-b@2`,
      `${prefix}-b@1`,
      `${prefix}-c@`,
      `${prefix}-d@1`,
    ])
    expect(response.json[0]).not.toHaveProperty('children')
    expect(response.json[0]).not.toHaveProperty('parent')
    expect(response.json[0].tags).toEqual([])
    expect(response.json[0].properties).toEqual([])
  })

  it('pages with every alias; the total is the whole count', async () => {
    for (const query of ['offset=1&limit=2', 'pageNumber=2&pageSize=1', 'page=2&size=1']) {
      const response = await get(`/v1/project?searchText=${prefix}&${query}`)
      expect(response.headers.get('x-total-count'), query).toBe('5')
      expect(names(response.json)[0], query).toBe(`${prefix}-b@2`)
    }
    expect((await get(`/v1/project?searchText=${prefix}&offset=1&limit=2`)).json).toHaveLength(2)
    const beyond = await get(`/v1/project?searchText=${prefix}&offset=50`)
    expect(beyond.json).toEqual([])
    expect(beyond.headers.get('x-total-count')).toBe('5')
  })

  it('searches case-insensitively in names, and exactly in tags', async () => {
    const upper = await get(`/v1/project?searchText=${prefix.toUpperCase()}-B`)
    expect(names(upper.json)).toEqual([`${prefix}-b@2`, `${prefix}-b@1`])
    const byTag = await get(`/v1/project?filter=${prefix}-TAG`)
    expect(names(byTag.json)).toEqual([`${prefix}-b@1`])
  })

  it('filters by name (version desc), excludeInactive and onlyRoot', async () => {
    const named = await get(`/v1/project?name=${prefix}-b`)
    expect(names(named.json)).toEqual([`${prefix}-b@2`, `${prefix}-b@1`])
    const active = await get(`/v1/project?searchText=${prefix}&excludeInactive=true`)
    expect(names(active.json)).not.toContain(`${prefix}-c@`)
    expect(active.headers.get('x-total-count')).toBe('4')
    const roots = await get(`/v1/project?searchText=${prefix}&onlyRoot=true`)
    expect(roots.headers.get('x-total-count')).toBe('4')
    const b1 = roots.json.find((p: Json) => p.name === `${prefix}-b` && p.version === '1')
    expect(b1.children).toEqual([expect.objectContaining({ name: `${prefix}-d`, active: true })])
    expect(b1.tags).toEqual([{ name: `${prefix}-tag` }])
  })

  it('sorts by persistent fields; computed and unknown fields are not sortable', async () => {
    const byClassifier = await get(
      `/v1/project?searchText=${prefix}&sortName=classifier&sortOrder=desc`,
    )
    expect(byClassifier.json[byClassifier.json.length - 1].classifier).toBe('APPLICATION')
    expect(byClassifier.json[0].classifier).toBe('LIBRARY')
    const byVersion = await get(`/v1/project?searchText=${prefix}-b&orderBy=version&sort=asc`)
    expect(names(byVersion.json)).toEqual([`${prefix}-b@1`, `${prefix}-b@2`])

    const computed = await get(`/v1/project?sortName=metrics&sortOrder=asc`)
    expect(computed.status).toBe(400)
    expect(computed.headers.get('content-type')).toMatch(/^application\/problem\+json/)
    expect(computed.json).toEqual({
      status: 400,
      title: 'Field not sortable',
      detail:
        'Can not sort by Project#metrics: ' +
        'The field is computed and can not be queried or sorted by',
    })
    // Without a direction the field is neither checked nor applied, and the default is dropped.
    const undirected = await get(`/v1/project?searchText=${prefix}&sortName=metrics`)
    expect(undirected.status).toBe(200)
    expect(undirected.headers.get('x-total-count')).toBe('5')
    const unknown = await get(`/v1/project?sortName=nope&sortOrder=asc`)
    expect(unknown.status).toBe(400)
    expect(unknown.json.detail).toBe('Can not sort by Project#nope: The field does not exist')
  })

  it('leaves out projects of a team with notAssignedToTeamWithUuid', async () => {
    const team = await api.request('PUT', '/v1/team', { token: admin, json: { name: unique('t') } })
    const name = unique('assigned')
    await create({ name, version: '1', accessTeams: [{ uuid: team.json.uuid }] })
    await create({ name, version: '2' })
    const response = await get(
      `/v1/project?name=${name}&notAssignedToTeamWithUuid=${team.json.uuid}`,
    )
    expect(names(response.json)).toEqual([`${name}@2`])
    const unknown = await get(`/v1/project?notAssignedToTeamWithUuid=${randomUUID()}`)
    expect(unknown.status).toBe(404)
    expect(unknown.text).toBe('The UUID of the team could not be found.')
    const invalid = await get('/v1/project?notAssignedToTeamWithUuid=nope')
    expect(invalid.status).toBe(400)
  })

  it('lists by tag and by classifier', async () => {
    const byTag = await get(`/v1/project/tag/${prefix.toUpperCase()}-TAG`)
    expect(byTag.status).toBe(200)
    expect(names(byTag.json)).toEqual([`${prefix}-b@1`])
    expect(byTag.headers.get('x-total-count')).toBe('1')
    expect((await get('/v1/project/tag/no-such-tag')).headers.get('x-total-count')).toBe('0')

    const libraries = await get(`/v1/project/classifier/LIBRARY?searchText=${prefix}`)
    expect(names(libraries.json)).toEqual([`${prefix}-a@1`])
    const invalid = await get('/v1/project/classifier/SPACESHIP')
    expect(invalid.status).toBe(400)
    expect(invalid.text).toBe('The classifier type specified is not valid.')
  })
})

describe('children and withoutDescendantsOf (§4.1)', () => {
  it('lists direct children with their hierarchy, by classifier and by tag', async () => {
    const name = unique('family')
    const parent = await create({ name })
    const a = await create({
      name: `${name}-a`,
      parent: { uuid: parent.uuid },
      classifier: 'LIBRARY',
    })
    await create({ name: `${name}-b`, parent: { uuid: parent.uuid }, tags: [{ name: 'kid' }] })
    await create({ name: `${name}-c`, parent: { uuid: parent.uuid }, active: false })
    await create({ name: `${name}-grandchild`, parent: { uuid: a.uuid } })

    const children = await get(`/v1/project/${parent.uuid}/children`)
    expect(children.status).toBe(200)
    expect(children.headers.get('x-total-count')).toBe('3')
    expect(names(children.json)).toEqual([`${name}-a@`, `${name}-b@`, `${name}-c@`])
    expect(children.json[0].parent).toEqual({ name, uuid: parent.uuid })
    expect(children.json[0].children).toEqual([
      expect.objectContaining({ name: `${name}-grandchild` }),
    ])
    const active = await get(`/v1/project/${parent.uuid}/children?excludeInactive=true`)
    expect(active.headers.get('x-total-count')).toBe('2')

    const libraries = await get(`/v1/project/${parent.uuid}/children/classifier/LIBRARY`)
    expect(names(libraries.json)).toEqual([`${name}-a@`])
    const invalid = await get(`/v1/project/${parent.uuid}/children/classifier/SPACESHIP`)
    expect(invalid.status).toBe(400)
    expect(invalid.json.title).toBe('Illegal argument provided')
    const tagged = await get(`/v1/project/${parent.uuid}/children/tag/KID`)
    expect(names(tagged.json)).toEqual([`${name}-b@`])

    const missing = await get(`/v1/project/${randomUUID()}/children`)
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The UUID of the project could not be found.')
  })

  it('leaves out the project and its descendants', async () => {
    const name = unique('tree')
    const root = await create({ name: `${name}-root` })
    const child = await create({ name: `${name}-child`, parent: { uuid: root.uuid } })
    await create({ name: `${name}-grandchild`, parent: { uuid: child.uuid } })
    await create({ name: `${name}-other` })
    const response = await get(`/v1/project/withoutDescendantsOf/${child.uuid}?searchText=${name}`)
    expect(response.status).toBe(200)
    expect(names(response.json)).toEqual([`${name}-other@`, `${name}-root@`])
    expect(response.headers.get('x-total-count')).toBe('2')
    const missing = await get(`/v1/project/withoutDescendantsOf/${randomUUID()}`)
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The UUID of the project could not be found.')
  })
})

describe('POST /v1/project — full update (§4.1, §6.1)', () => {
  it('replaces every field; absent values clear, the parent included', async () => {
    const parent = await create({ name: unique('old-parent') })
    const project = await create({
      name: unique('replace'),
      version: '1',
      description: 'old',
      classifier: 'LIBRARY',
      tags: [{ name: 'old' }],
      parent: { uuid: parent.uuid },
      externalReferences: [{ type: 'website', url: 'https://old.example' }],
    })
    const response = await api.request('POST', '/v1/project', {
      token: admin,
      json: { uuid: project.uuid, name: ' ', version: '2', tags: [{ name: 'NEW' }] },
    })
    expect(response.status).toBe(200)
    expect(response.json).toEqual({
      uuid: project.uuid,
      name: project.name,
      version: '2',
      classifier: 'APPLICATION',
      collectionLogic: 'NONE',
      children: [],
      properties: [],
      tags: [{ name: 'new' }],
      active: true,
      isLatest: false,
    })
  })

  it('answers 404, 409 and the rule conflicts', async () => {
    const missing = await api.request('POST', '/v1/project', {
      token: admin,
      json: { uuid: randomUUID(), name: 'x' },
    })
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The UUID of the project could not be found.')

    const name = unique('clash')
    await create({ name, version: '1' })
    const other = await create({ name, version: '2' })
    const clash = await api.request('POST', '/v1/project', {
      token: admin,
      json: { uuid: other.uuid, name, version: '1' },
    })
    expect(clash.status).toBe(409)
    expect(clash.text).toBe('A project with the specified name and version already exists.')

    const root = await create({ name: unique('root') })
    const child = await create({ name: unique('kid'), parent: { uuid: root.uuid } })
    const grandchild = await create({ name: unique('grandkid'), parent: { uuid: child.uuid } })
    const inactive = await create({ name: unique('sleeping'), active: false })
    const update = (uuid: string, body: Json) =>
      api.request('POST', '/v1/project', { token: admin, json: { uuid, ...body } })
    const cases: Array<[string, Json, string]> = [
      [root.uuid, { parent: { uuid: root.uuid } }, 'A project cannot select itself as a parent'],
      [
        root.uuid,
        { parent: { uuid: inactive.uuid } },
        'An inactive project cannot be selected as a parent',
      ],
      [
        root.uuid,
        { parent: { uuid: grandchild.uuid } },
        'The new parent project cannot be a child of the current project.',
      ],
      [
        root.uuid,
        { active: false },
        'Project cannot be set to inactive if active children are present.',
      ],
    ]
    for (const [uuid, body, message] of cases) {
      const response = await update(uuid, body)
      expect(response.status, message).toBe(409)
      expect(response.text).toBe(message)
    }
    // An inactive grandchild still blocks through the active child; deactivate bottom-up.
    expect(
      (await update(grandchild.uuid, { parent: { uuid: child.uuid }, active: false })).status,
    ).toBe(200)
    expect((await update(child.uuid, { parent: { uuid: root.uuid }, active: false })).status).toBe(
      200,
    )
    const deactivated = await update(root.uuid, { active: false })
    expect(deactivated.status).toBe(200)
    expect(deactivated.json.active).toBe(false)
  })

  it('refuses to make a project with components a collection', async () => {
    const project = await create({ name: unique('has-components') })
    await addComponent(project.uuid)
    const response = await api.request('POST', '/v1/project', {
      token: admin,
      json: { uuid: project.uuid, collectionLogic: 'AGGREGATE_DIRECT_CHILDREN' },
    })
    expect(response.status).toBe(409)
    expect(response.text).toBe(
      'Project cannot be made a collection project while it has components or services!',
    )
  })

  it('moves isLatest on update', async () => {
    const name = unique('latest-update')
    const v1 = await create({ name, version: '1', isLatest: true })
    const v2 = await create({ name, version: '2' })
    const response = await api.request('POST', '/v1/project', {
      token: admin,
      json: { uuid: v2.uuid, name, version: '2', isLatest: true },
    })
    expect(response.json.isLatest).toBe(true)
    expect((await get(`/v1/project/${v1.uuid}`)).json.isLatest).toBe(false)
  })
})

describe('PATCH /v1/project/{uuid} (§4.1)', () => {
  it('applies only given values and answers 304 when nothing changes', async () => {
    const parent = await create({ name: unique('patch-parent') })
    const project = await create({
      name: unique('patch'),
      version: '1',
      description: 'keep',
      tags: [{ name: 'a' }],
      parent: { uuid: parent.uuid },
    })
    const path = `/v1/project/${project.uuid}`
    const changed = await api.request('PATCH', path, {
      token: admin,
      json: { version: '2', tags: [{ name: 'B' }], parent: null },
    })
    expect(changed.status).toBe(200)
    expect(changed.json).toMatchObject({
      version: '2',
      description: 'keep',
      tags: [{ name: 'b' }],
      parent: { uuid: parent.uuid },
      children: [],
    })
    const same = await api.request('PATCH', path, {
      token: admin,
      json: { version: '2', description: 'keep', tags: [{ name: 'b' }] },
    })
    expect(same.status).toBe(304)
    expect(same.text).toBe('')
    expect((await api.request('PATCH', path, { token: admin, json: {} })).status).toBe(304)
  })

  it('records when a project became inactive', async () => {
    const project = await create({ name: unique('sleepy') })
    const path = `/v1/project/${project.uuid}`
    const inactiveSince = async () =>
      (
        await db().query<{ inactive_since: Date | null }>(
          'SELECT inactive_since FROM project WHERE uuid = $1',
          [project.uuid],
        )
      )[0]!.inactive_since
    const off = await api.request('PATCH', path, { token: admin, json: { active: false } })
    expect(off.status).toBe(200)
    expect(off.json.active).toBe(false)
    expect(off.json).not.toHaveProperty('inactiveSince')
    expect(await inactiveSince()).toBeInstanceOf(Date)
    const on = await api.request('PATCH', path, { token: admin, json: { active: true } })
    expect(on.json.active).toBe(true)
    expect(await inactiveSince()).toBeNull()
  })

  it('moves isLatest', async () => {
    const name = unique('patch-latest')
    const v1 = await create({ name, version: '1', isLatest: true })
    const v2 = await create({ name, version: '2' })
    const response = await api.request('PATCH', `/v1/project/${v2.uuid}`, {
      token: admin,
      json: { isLatest: true },
    })
    expect(response.json.isLatest).toBe(true)
    expect((await get(`/v1/project/${v1.uuid}`)).json.isLatest).toBe(false)
  })

  it('checks the parent and the rules', async () => {
    const project = await create({ name: unique('patch-rules') })
    const path = `/v1/project/${project.uuid}`
    const unknownParent = await api.request('PATCH', path, {
      token: admin,
      json: { parent: { uuid: randomUUID() } },
    })
    expect(unknownParent.status).toBe(404)
    expect(unknownParent.text).toBe('The UUID of the parent project could not be found.')
    const self = await api.request('PATCH', path, {
      token: admin,
      json: { parent: { uuid: project.uuid } },
    })
    expect(self.status).toBe(409)
    expect(self.text).toBe('A project cannot select itself as a parent')
    await create({ name: unique('patch-child'), parent: { uuid: project.uuid } })
    const inactive = await api.request('PATCH', path, { token: admin, json: { active: false } })
    expect(inactive.status).toBe(409)
    expect(inactive.text).toBe('Project cannot be set to inactive if active children are present.')
    const missing = await api.request('PATCH', `/v1/project/${randomUUID()}`, {
      token: admin,
      json: { name: 'x' },
    })
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The UUID of the project could not be found.')
  })
})

describe('DELETE /v1/project/{uuid} and batchDelete (§4.1, §6.5)', () => {
  it('deletes a project with its descendants', async () => {
    const root = await create({ name: unique('del-root') })
    const child = await create({ name: unique('del-child'), parent: { uuid: root.uuid } })
    const grandchild = await create({ name: unique('del-grand'), parent: { uuid: child.uuid } })
    await addComponent(child.uuid)
    const response = await api.request('DELETE', `/v1/project/${root.uuid}`, { token: admin })
    expect(response.status).toBe(204)
    for (const uuid of [root.uuid, child.uuid, grandchild.uuid]) {
      expect((await get(`/v1/project/${uuid}`)).status).toBe(404)
    }
    const again = await api.request('DELETE', `/v1/project/${root.uuid}`, { token: admin })
    expect(again.status).toBe(404)
    expect(again.text).toBe('The UUID of the project could not be found.')
  })

  it('batch-deletes all or nothing, with descendants but never ancestors', async () => {
    const parent = await create({ name: unique('batch-parent') })
    const target = await create({ name: unique('batch-target'), parent: { uuid: parent.uuid } })
    const below = await create({ name: unique('batch-below'), parent: { uuid: target.uuid } })
    const ghost = randomUUID()
    const failed = await api.request('POST', '/v1/project/batchDelete', {
      token: admin,
      json: [target.uuid, ghost],
    })
    expect(failed.status).toBe(400)
    expect(failed.headers.get('content-type')).toMatch(/^application\/problem\+json/)
    expect(failed.json).toEqual({
      status: 400,
      title: 'Project operation failed',
      detail: 'One or more projects could not be deleted',
      errors: { [ghost]: 'Project not found' },
    })
    expect((await get(`/v1/project/${target.uuid}`)).status).toBe(200)

    const done = await api.request('POST', '/v1/project/batchDelete', {
      token: admin,
      json: [target.uuid],
    })
    expect(done.status).toBe(204)
    expect((await get(`/v1/project/${target.uuid}`)).status).toBe(404)
    expect((await get(`/v1/project/${below.uuid}`)).status).toBe(404)
    expect((await get(`/v1/project/${parent.uuid}`)).status).toBe(200)

    const empty = await api.request('POST', '/v1/project/batchDelete', { token: admin, json: [] })
    expect(empty.status).toBe(400)
    expect(empty.json[0].message).toBe('size must be between 1 and 1000')
  })
})

describe('PUT /v1/project/clone (§4.1, §6.4)', () => {
  it('copies the project asynchronously with the chosen parts', async () => {
    const name = unique('clone')
    const parent = await create({ name: `${name}-parent` })
    const team = await api.request('PUT', '/v1/team', { token: admin, json: { name: unique('t') } })
    const source = await create({
      name,
      version: '1',
      description: 'original',
      parent: { uuid: parent.uuid },
      tags: [{ name: 'cloned-tag' }],
      isLatest: true,
      accessTeams: [{ uuid: team.json.uuid }],
    })
    await api.request('PUT', `/v1/project/${source.uuid}/property`, {
      token: admin,
      json: { groupName: 'g', propertyName: 'p', propertyValue: 'v', propertyType: 'STRING' },
    })
    const [component] = await db().query<{ uuid: string; id: number }>(
      `INSERT INTO component (project_id, name, version, direct_dependencies)
       SELECT id, 'lib', '1.0', NULL FROM project WHERE uuid = $1 RETURNING uuid, id`,
      [source.uuid],
    )
    await db().query(
      `INSERT INTO component_property (component_id, property_name, property_value, property_type)
       VALUES ($1, 'cp', 'cv', 'STRING')`,
      [component!.id],
    )
    const [service] = await db().query<{ uuid: string }>(
      `INSERT INTO service_component (project_id, name)
       SELECT id, 'api' FROM project WHERE uuid = $1 RETURNING uuid`,
      [source.uuid],
    )
    const graph = JSON.stringify([
      { uuid: component!.uuid, objectType: 'COMPONENT', name: 'lib' },
      { uuid: service!.uuid, objectType: 'SERVICE', name: 'api' },
    ])
    await db().query('UPDATE project SET direct_dependencies = $2 WHERE uuid = $1', [
      source.uuid,
      graph,
    ])

    const response = await api.request('PUT', '/v1/project/clone', {
      token: admin,
      json: {
        project: source.uuid,
        version: ' 2 ',
        includeTags: true,
        includeProperties: true,
        includeComponents: true,
        includeServices: true,
        includeACL: true,
        makeCloneLatest: true,
      },
    })
    expect(response.status).toBe(200)
    expect(Object.keys(response.json)).toEqual(['token'])
    await waitForToken(response.json.token)

    const found = await get(`/v1/project/lookup?name=${name}&version=2`)
    expect(found.status).toBe(200)
    const clone = await get(`/v1/project/${found.json.uuid}`)
    expect(clone.json).toMatchObject({
      description: 'original',
      parent: { uuid: parent.uuid },
      tags: [{ name: 'cloned-tag' }],
      properties: [
        { groupName: 'g', propertyName: 'p', propertyValue: 'v', propertyType: 'STRING' },
      ],
      isLatest: true,
    })
    expect((await get(`/v1/project/${source.uuid}`)).json.isLatest).toBe(false)
    const dependencies = JSON.parse(clone.json.directDependencies)
    const [clonedComponent] = await db().query<{ uuid: string; id: number }>(
      `SELECT c.uuid, c.id FROM component c JOIN project p ON p.id = c.project_id
       WHERE p.uuid = $1`,
      [clone.json.uuid],
    )
    const [clonedService] = await db().query<{ uuid: string }>(
      `SELECT s.uuid FROM service_component s JOIN project p ON p.id = s.project_id
       WHERE p.uuid = $1`,
      [clone.json.uuid],
    )
    expect(clonedComponent!.uuid).not.toBe(component!.uuid)
    expect(dependencies.map((d: Json) => d.uuid)).toEqual([
      clonedComponent!.uuid,
      clonedService!.uuid,
    ])
    const properties = await db().query(
      'SELECT property_name FROM component_property WHERE component_id = $1',
      [clonedComponent!.id],
    )
    expect(properties).toEqual([{ property_name: 'cp' }])
    const teams = await db().query(
      `SELECT t.uuid FROM project_access_team pat JOIN team t ON t.id = pat.team_id
       JOIN project p ON p.id = pat.project_id WHERE p.uuid = $1`,
      [clone.json.uuid],
    )
    expect(teams).toEqual([{ uuid: team.json.uuid }])
  })

  it('copies only the core fields by default', async () => {
    const name = unique('clone-min')
    const source = await create({ name, version: '1', tags: [{ name: 'x' }], isLatest: true })
    await addComponent(source.uuid)
    const response = await api.request('PUT', '/v1/project/clone', {
      token: admin,
      json: { project: source.uuid, version: '2' },
    })
    expect(response.status).toBe(200)
    await waitForToken(response.json.token)
    const clone = await get(`/v1/project/lookup?name=${name}&version=2`)
    expect(clone.json).toMatchObject({ tags: [], properties: [], isLatest: false })
    expect(clone.json).not.toHaveProperty('directDependencies')
    const components = await db().query(
      `SELECT 1 FROM component c JOIN project p ON p.id = c.project_id WHERE p.uuid = $1`,
      [clone.json.uuid],
    )
    expect(components).toHaveLength(0)
    expect((await get(`/v1/project/${source.uuid}`)).json.isLatest).toBe(true)
  })

  it('answers 404, 409 and validation errors', async () => {
    const source = await create({ name: unique('clone-err'), version: '1' })
    const clone = (json: Json) => api.request('PUT', '/v1/project/clone', { token: admin, json })
    const missing = await clone({ project: randomUUID(), version: '2' })
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The UUID of the project could not be found.')
    const exists = await clone({ project: source.uuid, version: '1' })
    expect(exists.status).toBe(409)
    expect(exists.text).toBe('A project with the specified name and version already exists.')
    const invalid = await clone({ project: 'nope', version: ' ' })
    expect(invalid.status).toBe(400)
    expect(invalid.json.map((e: Json) => e.message).sort()).toEqual([
      'The project must be a valid 36 character UUID',
      'must not be blank',
    ])
  })
})

describe('/v1/project/{uuid}/property (§4.2)', () => {
  it('creates, lists, updates and deletes properties', async () => {
    const project = await create({ name: unique('props') })
    const path = `/v1/project/${project.uuid}/property`
    const put = (json: Json) => api.request('PUT', path, { token: admin, json })
    const created = await put({
      groupName: 'b',
      propertyName: 'flag',
      propertyValue: 'TRUE',
      propertyType: 'BOOLEAN',
      description: 'A flag',
    })
    expect(created.status).toBe(201)
    expect(created.json).toEqual({
      groupName: 'b',
      propertyName: 'flag',
      propertyValue: 'true',
      propertyType: 'BOOLEAN',
      description: 'A flag',
    })
    const secret = await put({
      groupName: 'a',
      propertyName: 'secret',
      propertyValue: 's3cret',
      propertyType: 'ENCRYPTEDSTRING',
    })
    expect(secret.json.propertyValue).toBe('HiddenDecryptedPropertyPlaceholder')
    const [stored] = await db().query<{ property_value: string }>(
      `SELECT property_value FROM project_property WHERE property_name = 'secret'
         AND project_id = (SELECT id FROM project WHERE uuid = $1)`,
      [project.uuid],
    )
    expect(stored!.property_value).not.toContain('s3cret')
    const badInteger = await put({
      groupName: 'c',
      propertyName: 'count',
      propertyValue: 'many',
      propertyType: 'INTEGER',
    })
    expect(badInteger.status).toBe(201)
    expect(badInteger.json).not.toHaveProperty('propertyValue')

    const duplicate = await put({ groupName: 'b', propertyName: 'flag', propertyType: 'STRING' })
    expect(duplicate.status).toBe(409)
    expect(duplicate.text).toBe(
      'A property with the specified project/group/name combination already exists.',
    )
    const invalid = await put({ groupName: ' ', propertyName: 'x' })
    expect(invalid.status).toBe(400)
    expect(invalid.json.map((e: Json) => e.path).sort()).toEqual(['groupName', 'propertyType'])

    const list = await get(path)
    expect(list.status).toBe(200)
    expect(list.headers.get('x-total-count')).toBeNull()
    expect(list.json.map((p: Json) => `${p.groupName}/${p.propertyName}`)).toEqual([
      'a/secret',
      'b/flag',
      'c/count',
    ])
    expect(list.json[0].propertyValue).toBe('HiddenDecryptedPropertyPlaceholder')
    expect((await get(`/v1/project/${project.uuid}`)).json.properties).toHaveLength(3)

    const post = (json: Json) => api.request('POST', path, { token: admin, json })
    const updated = await post({ groupName: 'c', propertyName: 'count', propertyValue: '42' })
    expect(updated.status).toBe(200)
    expect(updated.json.propertyValue).toBe('42')
    const wrong = await post({ groupName: 'c', propertyName: 'count', propertyValue: 'x' })
    expect(wrong.status).toBe(400)
    expect(wrong.text).toBe('The property expected an integer and an integer was not sent.')
    const unchanged = await post({
      groupName: 'a',
      propertyName: 'secret',
      propertyValue: 'HiddenDecryptedPropertyPlaceholder',
    })
    expect(unchanged.status).toBe(304)
    const unknown = await post({ groupName: 'z', propertyName: 'z', propertyValue: '1' })
    expect(unknown.status).toBe(404)
    expect(unknown.text).toBe(
      'A property with the specified project/group/name combination could not be found.',
    )

    const removed = await api.request('DELETE', path, {
      token: admin,
      json: { groupName: 'b', propertyName: 'flag' },
    })
    expect(removed.status).toBe(204)
    const gone = await api.request('DELETE', path, {
      token: admin,
      json: { groupName: 'b', propertyName: 'flag' },
    })
    expect(gone.status).toBe(404)
    expect(gone.text).toBe('The project property could not be found.')

    const noProject = await get(`/v1/project/${randomUUID()}/property`)
    expect(noProject.status).toBe(404)
    expect(noProject.text).toBe('The project could not be found.')
  })
})

describe('portfolio access control (§1.3, §6.6)', () => {
  let member: Awaited<ReturnType<typeof principalWith>>
  let visible: Json
  let hidden: Json
  let prefix: string
  beforeAll(async () => {
    member = await principalWith(['VIEW_PORTFOLIO', 'PORTFOLIO_MANAGEMENT'])
    prefix = unique('acl')
    visible = await create({
      name: `${prefix}-visible`,
      accessTeams: [{ uuid: member.teams[0]!.uuid }],
      isLatest: true,
    })
    hidden = await create({ name: `${prefix}-hidden`, version: '1', isLatest: true })
    await setAcl(true)
  })
  afterAll(async () => {
    await setAcl(false)
  })

  it('filters lists and their totals to the team’s projects', async () => {
    const list = await get(`/v1/project?searchText=${prefix}`, member.token)
    expect(names(list.json)).toEqual([`${prefix}-visible@`])
    expect(list.headers.get('x-total-count')).toBe('1')
    const all = await get(`/v1/project?searchText=${prefix}`)
    expect(all.headers.get('x-total-count')).toBe('2')
  })

  it('answers 403 text for a single project the caller may not see', async () => {
    expect((await get(`/v1/project/${visible.uuid}`, member.token)).status).toBe(200)
    for (const path of [
      `/v1/project/${hidden.uuid}`,
      `/v1/project/lookup?name=${prefix}-hidden&version=1`,
      `/v1/project/latest/${prefix}-hidden`,
      `/v1/project/${hidden.uuid}/children`,
      `/v1/project/${hidden.uuid}/property`,
    ]) {
      const response = await get(path, member.token)
      expect(response.status, path).toBe(403)
      expect(response.text).toBe('Access to the specified project is forbidden')
    }
    const deleted = await api.request('DELETE', `/v1/project/${hidden.uuid}`, {
      token: member.token,
    })
    expect(deleted.status).toBe(403)
    const patched = await api.request('PATCH', `/v1/project/${hidden.uuid}`, {
      token: member.token,
      json: { description: 'x' },
    })
    expect(patched.status).toBe(403)
    expect(patched.text).toBe('Access to the specified project is forbidden')
    const replaced = await api.request('POST', '/v1/project', {
      token: member.token,
      json: { uuid: hidden.uuid, name: hidden.name },
    })
    expect(replaced.status).toBe(403)
  })

  it('filters children lists silently', async () => {
    const child = await create({
      name: `${prefix}-child`,
      parent: { uuid: visible.uuid },
      accessTeams: [{ uuid: member.teams[0]!.uuid }],
    })
    await create({ name: `${prefix}-hidden-child`, parent: { uuid: visible.uuid } })
    const children = await get(`/v1/project/${visible.uuid}/children`, member.token)
    expect(children.json.map((p: Json) => p.uuid)).toEqual([child.uuid])
    expect(children.headers.get('x-total-count')).toBe('1')
    const others = await get(
      `/v1/project/withoutDescendantsOf/${visible.uuid}?searchText=${prefix}`,
      member.token,
    )
    expect(others.json).toEqual([])
  })

  it('refuses to take the latest flag from an inaccessible project', async () => {
    const response = await api.request('PUT', '/v1/project', {
      token: member.token,
      json: {
        name: `${prefix}-hidden`,
        version: '2',
        isLatest: true,
        accessTeams: [{ uuid: member.teams[0]!.uuid }],
      },
    })
    expect(response.status).toBe(403)
    expect(response.text).toBe(
      'Cannot set this project version to latest. Access to current latest version is forbidden!',
    )
  })

  it('reports inaccessible projects in batchDelete', async () => {
    const response = await api.request('POST', '/v1/project/batchDelete', {
      token: member.token,
      json: [hidden.uuid],
    })
    expect(response.status).toBe(400)
    expect(response.json.errors).toEqual({ [hidden.uuid]: 'Access denied to project' })
  })

  it('gives a project created through an API key the key’s team', async () => {
    const team = member.teams[0]!
    const key = await api.request('PUT', `/v1/team/${team.uuid}/key`, { token: admin })
    expect(key.status).toBe(201)
    const created = await api.request('PUT', '/v1/project', {
      apiKey: key.json.key,
      json: { name: `${prefix}-by-key` },
    })
    expect(created.status).toBe(201)
    expect((await get(`/v1/project/${created.json.uuid}`, member.token)).status).toBe(200)
  })

  it('lets ACCESS_MANAGEMENT see everything', async () => {
    const manager = await principalWith(['VIEW_PORTFOLIO', 'ACCESS_MANAGEMENT'])
    expect((await get(`/v1/project/${hidden.uuid}`, manager.token)).status).toBe(200)
  })
})
