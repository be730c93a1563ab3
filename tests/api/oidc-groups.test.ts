import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'

// Contract: dt-api-admin.md §10.3 #14/#15, §10.7 (OIDC groups and mappings), §15 #2 and #12.

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
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++sequence}`

async function createGroup(name = unique('group')) {
  const response = await api.request('PUT', '/v1/oidc/group', { token: admin, json: { name } })
  expect(response.status).toBe(201)
  return response.json as { uuid: string; name: string }
}

async function createTeam(name = unique('team')) {
  const response = await api.request('PUT', '/v1/team', { token: admin, json: { name } })
  expect(response.status).toBe(201)
  return response.json as { uuid: string; name: string }
}

async function map(team: string, group: string) {
  return api.request('PUT', '/v1/oidc/mapping', { token: admin, json: { team, group } })
}

async function teamJson(uuid: string) {
  return (await api.request('GET', `/v1/team/${uuid}`, { token: admin })).json
}

describe('OpenID Connect groups (§10.7 #2–#5)', () => {
  it('creates a group (201) and lists every group by name, without X-Total-Count', async () => {
    const second = await createGroup(`zz-${unique('g')}`)
    const first = await createGroup(`aa-${unique('g')}`)
    expect(first).toEqual({ uuid: expect.any(String), name: first.name })
    const list = await api.request('GET', '/v1/oidc/group', { token: admin })
    expect(list.status).toBe(200)
    expect(list.headers.get('x-total-count')).toBeNull()
    const names = (list.json as Array<{ name: string }>).map((group) => group.name)
    expect(names).toEqual([...names].sort())
    expect(names.indexOf(first.name)).toBeLessThan(names.indexOf(second.name))
  })

  it('refuses a second group of the same name with 409 and 4.13’s sentence', async () => {
    const group = await createGroup()
    const again = await api.request('PUT', '/v1/oidc/group', {
      token: admin,
      json: { name: group.name },
    })
    expect(again.status).toBe(409)
    expect(again.text).toBe('A group with the same name already exists. Cannot create new group')
  })

  it('refuses a blank, missing or over-long name with a validation list', async () => {
    for (const json of [{ name: '   ' }, {}, { name: 'x'.repeat(256) }]) {
      const response = await api.request('PUT', '/v1/oidc/group', { token: admin, json })
      expect(response.status, JSON.stringify(json)).toBe(400)
      expect(response.json[0]).toMatchObject({ path: expect.stringContaining('name') })
    }
  })

  it('renames a group, even to a name another group has (uniqueness is checked on create only)', async () => {
    const taken = await createGroup()
    const group = await createGroup()
    const renamed = await api.request('POST', '/v1/oidc/group', {
      token: admin,
      json: { uuid: group.uuid, name: taken.name },
    })
    expect(renamed.status).toBe(200)
    expect(renamed.json).toEqual({ uuid: group.uuid, name: taken.name })
    const list = (await api.request('GET', '/v1/oidc/group', { token: admin })).json as Array<{
      uuid: string
      name: string
    }>
    expect(list.filter((item) => item.name === taken.name)).toHaveLength(2)
  })

  it('answers 404 with “does not exists.” when renaming an unknown group', async () => {
    const response = await api.request('POST', '/v1/oidc/group', {
      token: admin,
      json: { uuid: randomUUID(), name: 'anything' },
    })
    expect(response.status).toBe(404)
    expect(response.text).toBe('An OpenID Connect group with the specified UUID does not exists.')
  })

  it('deletes a group with its mappings (204), then answers 404 “could not be found.”', async () => {
    const group = await createGroup()
    const team = await createTeam()
    expect((await map(team.uuid, group.uuid)).status).toBe(200)
    const deleted = await api.request('DELETE', `/v1/oidc/group/${group.uuid}`, { token: admin })
    expect(deleted.status).toBe(204)
    expect((await teamJson(team.uuid)).mappedOidcGroups).toEqual([])
    const again = await api.request('DELETE', `/v1/oidc/group/${group.uuid}`, { token: admin })
    expect(again.status).toBe(404)
    expect(again.text).toBe('An OpenID Connect group with the specified UUID could not be found.')
  })

  it('needs ACCESS_MANAGEMENT: 401 without credentials, 403 without the permission', async () => {
    expect((await api.request('GET', '/v1/oidc/group')).status).toBe(401)
    const username = unique('viewer')
    await api.request('PUT', '/v1/user/managed', {
      token: admin,
      json: {
        username,
        fullname: 'Viewer',
        email: `${username}@example.com`,
        newPassword: 'Password-1',
        confirmPassword: 'Password-1',
      },
    })
    await api.request('POST', `/v1/permission/VIEW_PORTFOLIO/user/${username}`, { token: admin })
    const token = (await api.login(username, 'Password-1')).text
    for (const [method, path] of [
      ['GET', '/v1/oidc/group'],
      ['PUT', '/v1/oidc/mapping'],
      ['DELETE', `/v1/oidc/group/${randomUUID()}`],
    ] as const) {
      const json = method === 'GET' ? undefined : {}
      expect((await api.request(method, path, { token, json })).status, path).toBe(403)
    }
  })
})

describe('group-to-team mappings (§10.7 #6–#9)', () => {
  it('maps a group to a team with 200 (not 201) and shows it on the team and the group', async () => {
    const group = await createGroup()
    const team = await createTeam()
    const mapped = await map(team.uuid, group.uuid)
    expect(mapped.status).toBe(200)
    expect(mapped.json).toEqual({ uuid: expect.any(String), group })
    expect((await teamJson(team.uuid)).mappedOidcGroups).toEqual([mapped.json])
    const teams = await api.request('GET', `/v1/oidc/group/${group.uuid}/team`, { token: admin })
    expect(teams.status).toBe(200)
    expect(teams.json).toEqual([
      expect.objectContaining({
        uuid: team.uuid,
        name: team.name,
        mappedOidcGroups: [mapped.json],
      }),
    ])
  })

  it('refuses the same mapping twice with 409', async () => {
    const group = await createGroup()
    const team = await createTeam()
    await map(team.uuid, group.uuid)
    const again = await map(team.uuid, group.uuid)
    expect(again.status).toBe(409)
    expect(again.text).toBe('A mapping for the same team and group already exists.')
  })

  it('names the missing team or group in its 404 (the team is checked first)', async () => {
    const group = await createGroup()
    const team = await createTeam()
    const noTeam = await map(randomUUID(), randomUUID())
    expect(noTeam.status).toBe(404)
    expect(noTeam.text).toBe('A team with the specified UUID could not be found.')
    const noGroup = await map(team.uuid, randomUUID())
    expect(noGroup.status).toBe(404)
    expect(noGroup.text).toBe('A group with the specified UUID could not be found.')
    expect((await map(team.uuid, group.uuid)).status).toBe(200)
  })

  it('refuses a mapping body whose team or group is not a UUID with 400', async () => {
    const response = await map('not-a-uuid', randomUUID())
    expect(response.status).toBe(400)
    expect(response.json[0]).toMatchObject({
      message: 'The team must be a valid 36 character UUID',
    })
  })

  it('lists a group’s teams only for a known group', async () => {
    const response = await api.request('GET', `/v1/oidc/group/${randomUUID()}/team`, {
      token: admin,
    })
    expect(response.status).toBe(404)
    expect(response.text).toBe('A mapping with the specified UUID could not be found.')
  })

  it('deletes a mapping by its UUID (204), then 404', async () => {
    const group = await createGroup()
    const team = await createTeam()
    const mapping = (await map(team.uuid, group.uuid)).json as { uuid: string }
    const deleted = await api.request('DELETE', `/v1/oidc/mapping/${mapping.uuid}`, {
      token: admin,
    })
    expect(deleted.status).toBe(204)
    expect((await teamJson(team.uuid)).mappedOidcGroups).toEqual([])
    const again = await api.request('DELETE', `/v1/oidc/mapping/${mapping.uuid}`, {
      token: admin,
    })
    expect(again.status).toBe(404)
    expect(again.text).toBe('The UUID of the mapping could not be found.')
  })

  it('deletes a mapping by group and team, with a 404 naming each missing piece', async () => {
    const group = await createGroup()
    const team = await createTeam()
    await map(team.uuid, group.uuid)
    const path = `/v1/oidc/group/${group.uuid}/team/${team.uuid}/mapping`
    expect((await api.request('DELETE', path, { token: admin })).status).toBe(204)
    const gone = await api.request('DELETE', path, { token: admin })
    expect(gone.status).toBe(404)
    expect(gone.text).toBe(
      `A mapping for the group ${group.name} and team ${team.name} does not exist.`,
    )
    const noTeam = await api.request(
      'DELETE',
      `/v1/oidc/group/${group.uuid}/team/${randomUUID()}/mapping`,
      { token: admin },
    )
    expect(noTeam.status).toBe(404)
    expect(noTeam.text).toBe('The UUID of the team could not be found.')
    const noGroup = await api.request(
      'DELETE',
      `/v1/oidc/group/${randomUUID()}/team/${team.uuid}/mapping`,
      { token: admin },
    )
    expect(noGroup.status).toBe(404)
    expect(noGroup.text).toBe('The UUID of the group could not be found.')
  })

  it('drops a deleted team’s mappings', async () => {
    const group = await createGroup()
    const team = await createTeam()
    await map(team.uuid, group.uuid)
    await api.request('DELETE', '/v1/team', { token: admin, json: { uuid: team.uuid } })
    const teams = await api.request('GET', `/v1/oidc/group/${group.uuid}/team`, { token: admin })
    expect(teams.json).toEqual([])
  })
})

describe('OpenID Connect users (§10.3 #14, #15)', () => {
  it('creates a user ahead of their first sign-in (201), listed without a subject yet', async () => {
    const username = unique('oidc')
    const created = await api.request('PUT', '/v1/user/oidc', { token: admin, json: { username } })
    expect(created.status).toBe(201)
    expect(created.json).toEqual({ username, teams: [], permissions: [] })
    const list = await api.request('GET', '/v1/user/oidc', { token: admin })
    expect(list.json).toContainEqual({ username, teams: [], permissions: [] })
  })

  it('refuses a blank name (400) and a second OIDC user of that name (409)', async () => {
    const blank = await api.request('PUT', '/v1/user/oidc', {
      token: admin,
      json: { username: ' ' },
    })
    expect(blank.status).toBe(400)
    expect(blank.text).toBe('Username cannot be null or blank.')
    const username = unique('oidc')
    await api.request('PUT', '/v1/user/oidc', { token: admin, json: { username } })
    const again = await api.request('PUT', '/v1/user/oidc', { token: admin, json: { username } })
    expect(again.status).toBe(409)
    expect(again.text).toBe('A user with the same username already exists. Cannot create new user.')
  })

  it('lets a managed user and an OIDC user share a name, as 4.13 does', async () => {
    const response = await api.request('PUT', '/v1/user/oidc', {
      token: admin,
      json: { username: 'admin' },
    })
    expect(response.status).toBe(201)
  })

  it('deletes an OIDC user (204), then 404', async () => {
    const username = unique('oidc')
    await api.request('PUT', '/v1/user/oidc', { token: admin, json: { username } })
    const deleted = await api.request('DELETE', '/v1/user/oidc', {
      token: admin,
      json: { username },
    })
    expect(deleted.status).toBe(204)
    const again = await api.request('DELETE', '/v1/user/oidc', { token: admin, json: { username } })
    expect(again.status).toBe(404)
    expect(again.text).toBe('The user could not be found.')
  })
})
