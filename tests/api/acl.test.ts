import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessFixtures } from '../support/access-fixtures.ts'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'

// Contract: dt-api-admin.md §10.8 (ACL endpoints), §15 #2; dt-api-portfolio.md §4.1
// (notAssignedToTeamWithUuid), §4.24, §8 #9.

type Json = Record<string, any>

let server: TestServer
let api: ReturnType<typeof apiClient>
let admin: string
const fx = accessFixtures(
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

const get = (path: string, token = admin) => api.request('GET', path, { token })
const labels = (projects: Json[]) => projects.map((p) => `${p.name}@${p.version ?? ''}`)
const map = (team: string, project: string) =>
  api.request('PUT', '/v1/acl/mapping', { token: admin, json: { team, project } })
const unmap = (team: string, project: string) =>
  api.request('DELETE', `/v1/acl/mapping/team/${team}/project/${project}`, { token: admin })

describe('GET /v1/acl/team/{uuid} (§10.8 #1)', () => {
  let team: { uuid: string }
  let prefix: string
  const projects: Record<string, Json> = {}

  beforeAll(async () => {
    team = await fx.team([])
    prefix = fx.unique('acl-list')
    const specs: Array<[string, Json]> = [
      ['b1', { name: `${prefix}-b`, version: '1.0' }],
      ['b2', { name: `${prefix}-b`, version: '2.0' }],
      ['a', { name: `${prefix}-a`, version: '1.0' }],
      ['off', { name: `${prefix}-c`, version: '1.0', active: false }],
      ['elsewhere', { name: `${prefix}-d`, version: '1.0' }],
    ]
    for (const [key, body] of specs) projects[key] = await fx.project(body)
    projects.child = await fx.project({
      name: `${prefix}-a-child`,
      version: '1.0',
      parent: { uuid: projects.a!.uuid },
    })
    for (const key of ['b1', 'b2', 'a', 'off', 'child']) {
      expect((await map(team.uuid, projects[key]!.uuid)).status).toBe(200)
    }
  })

  it('lists the team’s projects by name, then version descending, with X-Total-Count', async () => {
    const response = await get(`/v1/acl/team/${team.uuid}`)
    expect(response.status).toBe(200)
    expect(labels(response.json)).toEqual([
      `${prefix}-a@1.0`,
      `${prefix}-a-child@1.0`,
      `${prefix}-b@2.0`,
      `${prefix}-b@1.0`,
      `${prefix}-c@1.0`,
    ])
    expect(response.headers.get('x-total-count')).toBe('5')
  })

  it('serialises each project as the project list does', async () => {
    const listed = await get(`/v1/acl/team/${team.uuid}`)
    const portfolio = await get(`/v1/project?searchText=${prefix}-b`)
    const fromAcl = listed.json.find((p: Json) => p.uuid === projects.b1!.uuid)
    const fromList = portfolio.json.find((p: Json) => p.uuid === projects.b1!.uuid)
    expect(fromAcl).toEqual(fromList)
  })

  it('pages with pageNumber/pageSize and with offset/limit', async () => {
    const second = await get(`/v1/acl/team/${team.uuid}?pageNumber=2&pageSize=2`)
    expect(labels(second.json)).toEqual([`${prefix}-b@2.0`, `${prefix}-b@1.0`])
    expect(second.headers.get('x-total-count')).toBe('5')
    const offset = await get(`/v1/acl/team/${team.uuid}?offset=4&limit=10`)
    expect(labels(offset.json)).toEqual([`${prefix}-c@1.0`])
  })

  it('excludeInactive drops inactive projects, onlyRoot drops children and loads them', async () => {
    const active = await get(`/v1/acl/team/${team.uuid}?excludeInactive=true`)
    expect(labels(active.json)).not.toContain(`${prefix}-c@1.0`)
    expect(active.headers.get('x-total-count')).toBe('4')
    const roots = await get(`/v1/acl/team/${team.uuid}?onlyRoot=true`)
    expect(labels(roots.json)).not.toContain(`${prefix}-a-child@1.0`)
    const parent = roots.json.find((p: Json) => p.uuid === projects.a!.uuid)
    expect(parent.children.map((c: Json) => c.uuid)).toEqual([projects.child!.uuid])
  })

  it('sorts by a project field when asked', async () => {
    const response = await get(`/v1/acl/team/${team.uuid}?sortName=version&sortOrder=asc`)
    expect(response.json.map((p: Json) => p.version)).toEqual(['1.0', '1.0', '1.0', '1.0', '2.0'])
  })

  it('answers [] for a team without projects', async () => {
    const empty = await fx.team([])
    const response = await get(`/v1/acl/team/${empty.uuid}`)
    expect(response.json).toEqual([])
    expect(response.headers.get('x-total-count')).toBe('0')
  })

  it('answers 404 text for an unknown team and 400 for a malformed UUID', async () => {
    const missing = await get(`/v1/acl/team/${randomUUID()}`)
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The UUID of the team could not be found.')
    expect((await get(`/v1/acl/team/${team.uuid.toUpperCase()}`)).status).toBe(400)
    expect((await get('/v1/acl/team/not-a-uuid')).status).toBe(400)
  })

  it('needs ACCESS_MANAGEMENT', async () => {
    const viewer = await fx.user({ permissions: ['VIEW_PORTFOLIO', 'SYSTEM_CONFIGURATION'] })
    const response = await get(`/v1/acl/team/${team.uuid}`, viewer.token)
    expect(response.status).toBe(403)
    expect(response.text).toBe('')
    expect((await api.request('GET', `/v1/acl/team/${team.uuid}`)).status).toBe(401)
  })
})

describe('PUT /v1/acl/mapping (§10.8 #2)', () => {
  it('gives the team the project: 200 with an empty body', async () => {
    const team = await fx.team([])
    const project = await fx.project({ name: fx.unique('acl-put') })
    const response = await map(team.uuid, project.uuid)
    expect(response.status).toBe(200)
    expect(response.text).toBe('')
    const listed = await get(`/v1/acl/team/${team.uuid}`)
    expect(listed.json.map((p: Json) => p.uuid)).toEqual([project.uuid])
  })

  it('answers 409 when the team already has the project', async () => {
    const team = await fx.team([])
    const project = await fx.project({ name: fx.unique('acl-dup') })
    expect((await map(team.uuid, project.uuid)).status).toBe(200)
    const again = await map(team.uuid, project.uuid)
    expect(again.status).toBe(409)
    expect(again.text).toBe('A mapping with the same team and project already exists.')
  })

  it('answers the team’s 404 sentence for a missing team and for a missing project', async () => {
    const team = await fx.team([])
    const project = await fx.project({ name: fx.unique('acl-404') })
    for (const [t, p] of [
      [randomUUID(), project.uuid],
      [team.uuid, randomUUID()],
    ] as const) {
      const response = await map(t, p)
      expect(response.status).toBe(404)
      expect(response.text).toBe('The UUID of the team could not be found.')
    }
  })

  it('validates both UUIDs (lower case) and answers a validation array', async () => {
    const team = await fx.team([])
    const project = await fx.project({ name: fx.unique('acl-400') })
    const upper = await map(team.uuid.toUpperCase(), project.uuid)
    expect(upper.status).toBe(400)
    expect(upper.json[0].message).toBe('The team must be a valid 36 character UUID')
    const missing = await api.request('PUT', '/v1/acl/mapping', {
      token: admin,
      json: { team: team.uuid },
    })
    expect(missing.status).toBe(400)
    expect(missing.json[0].message).toBe('The project must be a valid 36 character UUID')
  })

  it('needs ACCESS_MANAGEMENT', async () => {
    const team = await fx.team([])
    const project = await fx.project({ name: fx.unique('acl-perm') })
    const manager = await fx.user({ permissions: ['PORTFOLIO_MANAGEMENT', 'VIEW_PORTFOLIO'] })
    const response = await api.request('PUT', '/v1/acl/mapping', {
      token: manager.token,
      json: { team: team.uuid, project: project.uuid },
    })
    expect(response.status).toBe(403)
  })
})

describe('DELETE /v1/acl/mapping/team/{t}/project/{p} (§10.8 #3)', () => {
  it('takes the project away: 200 empty, and 200 again when nothing is left', async () => {
    const team = await fx.team([])
    const project = await fx.project({ name: fx.unique('acl-del') })
    expect((await map(team.uuid, project.uuid)).status).toBe(200)
    const removed = await unmap(team.uuid, project.uuid)
    expect(removed.status).toBe(200)
    expect(removed.text).toBe('')
    expect((await get(`/v1/acl/team/${team.uuid}`)).json).toEqual([])
    expect((await unmap(team.uuid, project.uuid)).status).toBe(200)
  })

  it('answers 404 text when the team or the project is missing, 400 for malformed UUIDs', async () => {
    const team = await fx.team([])
    const project = await fx.project({ name: fx.unique('acl-del-404') })
    for (const [t, p] of [
      [randomUUID(), project.uuid],
      [team.uuid, randomUUID()],
    ] as const) {
      const response = await unmap(t, p)
      expect(response.status).toBe(404)
      expect(response.text).toBe('The UUID of the team or project could not be found.')
    }
    expect((await unmap('nope', project.uuid)).status).toBe(400)
  })
})

describe('GET /v1/project?notAssignedToTeamWithUuid= (portfolio §4.1, the picker)', () => {
  it('leaves out the team’s projects and keeps the others', async () => {
    const team = await fx.team([])
    const prefix = fx.unique('acl-pick')
    const mine = await fx.project({ name: `${prefix}-mine` })
    const other = await fx.project({ name: `${prefix}-other` })
    await fx.project({ name: `${prefix}-off`, active: false })
    expect((await map(team.uuid, mine.uuid)).status).toBe(200)
    const picker = await get(
      `/v1/project?notAssignedToTeamWithUuid=${team.uuid}&excludeInactive=true&searchText=${prefix}`,
    )
    expect(picker.json.map((p: Json) => p.uuid)).toEqual([other.uuid])
    expect(picker.headers.get('x-total-count')).toBe('1')
    const missing = await get(`/v1/project?notAssignedToTeamWithUuid=${randomUUID()}`)
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The UUID of the team could not be found.')
  })
})

describe('deleting a team or a project drops its mappings', () => {
  it('a deleted team no longer has access, a deleted project leaves the team’s list', async () => {
    const team = await fx.team([])
    const project = await fx.project({ name: fx.unique('acl-gone') })
    const kept = await fx.project({ name: fx.unique('acl-kept') })
    expect((await map(team.uuid, project.uuid)).status).toBe(200)
    expect((await map(team.uuid, kept.uuid)).status).toBe(200)
    const deleted = await api.request('DELETE', `/v1/project/${project.uuid}`, { token: admin })
    expect(deleted.status).toBe(204)
    expect((await get(`/v1/acl/team/${team.uuid}`)).json.map((p: Json) => p.uuid)).toEqual([
      kept.uuid,
    ])
    const teamGone = await api.request('DELETE', '/v1/team', {
      token: admin,
      json: { uuid: team.uuid },
    })
    expect(teamGone.status).toBe(204)
    const rows = await server.lookout.ctx!.db.query(
      `SELECT 1 FROM project_access_team pat JOIN project p ON p.id = pat.project_id
       WHERE p.uuid = $1`,
      [kept.uuid],
    )
    expect(rows).toEqual([])
  })
})
