import { Attribute, Change } from 'ldapts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LDAP_SYNC_ALL_JOB } from '../../server/domain/ldap/sync.ts'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { BASE_DN, openLdapEnv, startSlapd, type Slapd } from '../support/slapd.ts'

// Contract: dt-api-admin.md §2.1 (LDAP sign-in), §10.3 #12/#13, §10.6, §13; a real slapd.

const people = (uid: string) => `uid=${uid},ou=people,${BASE_DN}`
const group = (cn: string) => `cn=${cn},ou=groups,${BASE_DN}`

function claims(token: string) {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'))
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean) {
  const deadline = Date.now() + 20_000
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

let slapd: Slapd
beforeAll(async () => {
  slapd = await startSlapd()
})
afterAll(async () => {
  await slapd?.stop()
})

describe('LDAP with provisioning and team synchronisation', () => {
  let server: TestServer
  let api: ReturnType<typeof apiClient>
  let admin: string
  const teams: Record<string, string> = {}

  const createTeam = async (name: string, permission?: string) => {
    const team = await api.request('PUT', '/v1/team', { token: admin, json: { name } })
    teams[name] = team.json.uuid
    if (permission) {
      await api.request('POST', `/v1/permission/${permission}/team/${team.json.uuid}`, {
        token: admin,
      })
    }
    return team.json.uuid as string
  }
  const map = (team: string, dn: string) =>
    api.request('PUT', '/v1/ldap/mapping', { token: admin, json: { team: teams[team], dn } })
  const self = async (token: string) => (await api.request('GET', '/v1/user/self', { token })).json
  const teamNames = (user: { teams: Array<{ name: string }> }) =>
    user.teams.map((team) => team.name).sort()

  beforeAll(async () => {
    server = await startApiServer(
      openLdapEnv(slapd, {
        ALPINE_LDAP_USER_PROVISIONING: 'true',
        ALPINE_LDAP_TEAM_SYNCHRONIZATION: 'true',
        LOOKOUT_LDAP_GROUPS_CACHE_SECONDS: '1',
      }),
    )
    api = apiClient(server.baseUrl)
    admin = await api.adminToken()
    await createTeam('Developers', 'VIEW_PORTFOLIO')
    await createTeam('App admins', 'PORTFOLIO_MANAGEMENT')
    await createTeam('Quality')
    await createTeam('Hand-picked')
    expect((await map('Developers', group('devs'))).status).toBe(200)
    // DNs compare as the directory does, whatever their case.
    expect(
      (await map('App admins', group('APP-ADMINS').replace('ou=groups', 'OU=Groups'))).status,
    ).toBe(200)
    expect((await map('Quality', group('qa'))).status).toBe(200)
  })
  afterAll(async () => {
    await server?.close()
  })

  it('provisions a directory user at first sign-in, in exactly the teams mapped to their groups', async () => {
    const login = await api.login('alice', 'alice-secret')
    expect(login.status).toBe(200)
    expect(claims(login.text)).toMatchObject({ sub: 'alice', idp: 'LDAP' })
    expect(claims(login.text).permissions.split(',').sort()).toEqual([
      'PORTFOLIO_MANAGEMENT',
      'VIEW_PORTFOLIO',
    ])
    const user = await self(login.text)
    expect(user).toMatchObject({
      username: 'alice',
      dn: people('alice'),
      email: 'alice@example.com',
    })
    expect(teamNames(user)).toEqual(['App admins', 'Developers'])
    const [seen] = await server.lookout.ctx!.db.query<{
      last_seen_groups: string[]
      last_seen_groups_at: Date | null
    }>(`SELECT last_seen_groups, last_seen_groups_at FROM app_user WHERE username = 'alice'`)
    expect([...seen!.last_seen_groups].sort()).toEqual([group('app-admins'), group('devs')])
    expect(seen!.last_seen_groups_at).not.toBeNull()
  })

  it('refuses wrong, empty and wildcard credentials, unknown and ambiguous users', async () => {
    for (const [username, password] of [
      ['alice', 'wrong'],
      ['alice', ''],
      ['*', 'alice-secret'],
      ['alice)(uid=*', 'alice-secret'],
      ['nobody', 'whatever'],
      ['twin', 'twin-secret'],
    ]) {
      const login = await api.login(username!, password!)
      expect({ username, status: login.status, body: login.text }).toEqual({
        username,
        status: 401,
        body: 'INVALID_CREDENTIALS',
      })
    }
  })

  it('synchronises teams again at each sign-in: manual additions and lost groups go', async () => {
    await api.request('POST', '/v1/user/alice/membership', {
      token: admin,
      json: { uuid: teams['Hand-picked'] },
    })
    const directory = await slapd.admin()
    try {
      // One modification, so devs never lacks the member groupOfNames requires.
      await directory.modify(group('devs'), [
        new Change({
          operation: 'add',
          modification: new Attribute({ type: 'member', values: [people('carol')] }),
        }),
        new Change({
          operation: 'delete',
          modification: new Attribute({ type: 'member', values: [people('alice')] }),
        }),
      ])
    } finally {
      await directory.unbind()
    }
    const login = await api.login('alice', 'alice-secret')
    expect(teamNames(await self(login.text))).toEqual(['App admins'])
  })

  it('tries the managed user first and the directory only when that password is wrong', async () => {
    const created = await api.request('PUT', '/v1/user/managed', {
      token: admin,
      json: {
        username: 'bob',
        fullname: 'Managed Bob',
        email: 'mbob@example.com',
        newPassword: 'managed-password',
        confirmPassword: 'managed-password',
      },
    })
    expect(created.status).toBe(201)
    const managed = await api.login('bob', 'managed-password')
    expect(claims(managed.text).idp).toBe('LOCAL')
    const directory = await api.login('bob', 'bob-secret')
    expect(directory.status).toBe(200)
    expect(claims(directory.text).idp).toBe('LDAP')
    expect(teamNames(await self(directory.text))).toEqual(['Quality'])
  })

  it('does not change directory passwords', async () => {
    const change = await api.request('POST', '/v1/user/forceChangePassword', {
      form: {
        username: 'alice',
        password: 'alice-secret',
        newPassword: 'n3w-secret',
        confirmPassword: 'n3w-secret',
      },
    })
    expect(change.status).toBe(406)
    expect(change.text).toBe(
      'Changing passwords for non-managed users is not forbidden. Password not changed.',
    )
  })

  it('creates LDAP users as "Syncing..." and a job fills in their DN from the directory', async () => {
    const created = await api.request('PUT', '/v1/user/ldap', {
      token: admin,
      json: { username: 'carol' },
    })
    expect(created.status).toBe(201)
    expect(created.json).toEqual({
      username: 'carol',
      dn: 'Syncing...',
      teams: [],
      permissions: [],
    })
    const ghost = await api.request('PUT', '/v1/user/ldap', {
      token: admin,
      json: { username: 'ghost' },
    })
    expect(ghost.status).toBe(201)
    const ldapUsers = () => api.request('GET', '/v1/user/ldap', { token: admin })
    const synced = await eventually(ldapUsers, (response) =>
      response.json.every((user: { dn: string }) => user.dn !== 'Syncing...'),
    )
    const byName = Object.fromEntries(
      synced.json.map((user: { username: string }) => [user.username, user]),
    )
    // carol now belongs to devs (previous test), so the sync put her in Developers.
    expect(byName.carol).toMatchObject({ dn: people('carol'), teams: [{ name: 'Developers' }] })
    expect(byName.carol.email).toBeUndefined()
    expect(byName.ghost).toMatchObject({ dn: 'INVALID', teams: [] })
  })

  it('answers PUT and DELETE /user/ldap with 4.13 texts', async () => {
    const put = (json: unknown) => api.request('PUT', '/v1/user/ldap', { token: admin, json })
    expect(await put({ username: 'carol' })).toMatchObject({
      status: 409,
      text: 'A user with the same username already exists. Cannot create new user.',
    })
    for (const body of [{}, { username: '' }, { username: '   ' }]) {
      expect(await put(body)).toMatchObject({
        status: 400,
        text: 'Username cannot be null or blank.',
      })
    }
    const remove = (username: string) =>
      api.request('DELETE', '/v1/user/ldap', { token: admin, json: { username } })
    expect((await remove('ghost')).status).toBe(204)
    expect(await remove('ghost')).toMatchObject({
      status: 404,
      text: 'The user could not be found.',
    })
    // A managed user of that name is no LDAP user.
    expect((await remove('bob')).status).toBe(204)
    expect((await api.login('bob', 'managed-password')).status).toBe(200)
  })

  it('the scheduled sync job refreshes e-mail and teams of every LDAP user', async () => {
    const directory = await slapd.admin()
    try {
      await directory.modify(
        people('carol'),
        new Change({
          operation: 'add',
          modification: new Attribute({ type: 'mail', values: ['carol@example.com'] }),
        }),
      )
      await directory.modify(
        group('qa'),
        new Change({
          operation: 'add',
          modification: new Attribute({ type: 'uniqueMember', values: [people('carol')] }),
        }),
      )
    } finally {
      await directory.unbind()
    }
    const ctx = server.lookout.ctx!
    await ctx.enqueue(ctx.db, LDAP_SYNC_ALL_JOB, {})
    await server.lookout.worker!.drain()
    const users = await api.request('GET', '/v1/user/ldap', { token: admin })
    const carol = users.json.find((user: { username: string }) => user.username === 'carol')
    expect(carol).toMatchObject({ email: 'carol@example.com' })
    expect(teamNames(carol)).toEqual(['Developers', 'Quality'])
  })

  it('searches groups a page at a time, cached per search term for a moment', async () => {
    const groups = (query: string, token = admin) =>
      api.request('GET', `/v1/ldap/groups${query}`, { token })
    expect(await groups('')).toMatchObject({ status: 204, text: '' })
    expect(await groups('?searchText=')).toMatchObject({ status: 204, text: '' })
    const page = await groups('?searchText=team&pageSize=5&pageNumber=2')
    expect(page.status).toBe(200)
    expect(page.headers.get('x-total-count')).toBe('12')
    expect(page.json).toEqual(['06', '07', '08', '09', '10'].map((n) => group(`team-${n}`)))
    const byOffset = await groups('?filter=team&offset=10&limit=5')
    expect(byOffset.json).toEqual([group('team-11'), group('team-12')])
    expect((await groups('?searchText=team')).json).toHaveLength(12)

    // Filter syntax in the search text is matched literally.
    expect((await groups('?searchText=(Paris)')).json).toEqual([
      `cn=R&D (Paris),ou=groups,${BASE_DN}`,
    ])
    const star = await groups('?searchText=*')
    expect(star.json).toEqual([])
    expect(star.headers.get('x-total-count')).toBe('0')

    const directory = await slapd.admin()
    try {
      await directory.add(group('team-13'), {
        objectClass: 'groupOfUniqueNames',
        cn: 'team-13',
        uniqueMember: people('bob'),
      })
    } finally {
      await directory.unbind()
    }
    expect((await groups('?searchText=team')).headers.get('x-total-count')).toBe('12')
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect((await groups('?searchText=team')).headers.get('x-total-count')).toBe('13')

    const alice = (await api.login('alice', 'alice-secret')).text
    expect((await groups('?searchText=team', alice)).status).toBe(403)
  })

  it('maps groups to teams with 4.13 status codes and texts', async () => {
    const team = await createTeam('Mapped')
    const dn = group('engineering')
    const put = (json: unknown) => api.request('PUT', '/v1/ldap/mapping', { token: admin, json })
    const first = await put({ team, dn })
    expect(first.status).toBe(200)
    expect(first.json).toEqual({ uuid: expect.any(String), dn })
    expect(await put({ team, dn })).toMatchObject({
      status: 409,
      text: 'A mapping with the same team and dn already exists.',
    })
    expect(await put({ team: '0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b', dn })).toMatchObject({
      status: 404,
      text: 'The UUID of the team could not be found.',
    })
    const invalid = await put({ team: 'not-a-uuid', dn })
    expect(invalid.status).toBe(400)
    expect(invalid.json[0]).toMatchObject({ message: 'The team must be a valid 36 character UUID' })
    expect((await put({ team, dn: 'cn=bell\u0007' })).status).toBe(400)

    const listed = await api.request('GET', `/v1/ldap/team/${team}`, { token: admin })
    expect(listed.json).toEqual([first.json])
    const teamJson = await api.request('GET', `/v1/team/${team}`, { token: admin })
    expect(teamJson.json.mappedLdapGroups).toEqual([first.json])
    expect(
      await api.request('GET', '/v1/ldap/team/0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b', {
        token: admin,
      }),
    ).toMatchObject({ status: 404, text: 'The UUID of the team could not be found.' })

    const remove = () =>
      api.request('DELETE', `/v1/ldap/mapping/${first.json.uuid}`, { token: admin })
    expect((await remove()).status).toBe(204)
    expect(await remove()).toMatchObject({
      status: 404,
      text: 'The UUID of the mapping could not be found.',
    })
    expect((await api.request('GET', `/v1/ldap/team/${team}`, { token: admin })).json).toEqual([])
  })
})

describe('LDAP without provisioning or team synchronisation', () => {
  let server: TestServer
  let api: ReturnType<typeof apiClient>
  let admin: string
  const logs: string[] = []

  beforeAll(async () => {
    server = await startApiServer(openLdapEnv(slapd, { LOOKOUT_LDAP_GROUPS_SIZE_LIMIT: '5' }), {
      logStream: { write: (line: string) => void logs.push(line) },
    })
    api = apiClient(server.baseUrl)
    admin = await api.adminToken()
  })
  afterAll(async () => {
    await server?.close()
  })

  it('refuses valid directory credentials without an account, then signs the created user in', async () => {
    expect(await api.login('bob', 'bob-secret')).toMatchObject({
      status: 403,
      text: 'UNMAPPED_ACCOUNT',
    })
    expect((await api.login('bob', 'wrong')).text).toBe('INVALID_CREDENTIALS')
    await api.request('PUT', '/v1/user/ldap', { token: admin, json: { username: 'bob' } })
    const team = await api.request('PUT', '/v1/team', { token: admin, json: { name: 'Manual' } })
    await api.request('POST', '/v1/user/bob/membership', {
      token: admin,
      json: { uuid: team.json.uuid },
    })
    const login = await api.login('bob', 'bob-secret')
    expect(login.status).toBe(200)
    const user = (await api.request('GET', '/v1/user/self', { token: login.text })).json
    // Without synchronisation the directory's groups change nothing.
    expect(user.teams.map((t: { name: string }) => t.name)).toEqual(['Manual'])
  })

  it('logs directory failures without any password', async () => {
    expect((await api.login('twin', 'twin-secret')).text).toBe('INVALID_CREDENTIALS')
    await api.login('bob', 'bob-secret')
    const log = logs.join('')
    expect(log).toContain('LDAP credential check failed')
    expect(log).toContain('Multiple entries in the directory contain the same username')
    for (const secret of ['twin-secret', 'bob-secret', 'service-secret']) {
      expect(log).not.toContain(secret)
    }
  })

  it('answers 204 when a search matches more groups than allowed', async () => {
    const response = await api.request('GET', '/v1/ldap/groups?searchText=team', { token: admin })
    expect(response).toMatchObject({ status: 204, text: '' })
  })
})

describe('LDAP switched off', () => {
  let server: TestServer
  let api: ReturnType<typeof apiClient>

  beforeAll(async () => {
    server = await startApiServer(openLdapEnv(slapd, { ALPINE_LDAP_ENABLED: 'false' }))
    api = apiClient(server.baseUrl)
  })
  afterAll(async () => {
    await server?.close()
  })

  it('signs no directory user in and answers group searches with an empty 200', async () => {
    expect(await api.login('alice', 'alice-secret')).toMatchObject({
      status: 401,
      text: 'INVALID_CREDENTIALS',
    })
    const admin = await api.adminToken()
    const groups = await api.request('GET', '/v1/ldap/groups?searchText=team', { token: admin })
    expect(groups).toMatchObject({ status: 200, text: '' })
  })
})

describe('LDAP directory unreachable', () => {
  let server: TestServer
  let api: ReturnType<typeof apiClient>

  beforeAll(async () => {
    // Port 1 on loopback: nothing listens, the connection is refused at once.
    server = await startApiServer(
      openLdapEnv(slapd, { ALPINE_LDAP_SERVER_URL: 'ldap://127.0.0.1:1' }),
    )
    api = apiClient(server.baseUrl)
  })
  afterAll(async () => {
    await server?.close()
  })

  it('refuses directory sign-ins as wrong credentials and fails group searches with 500', async () => {
    expect(await api.login('alice', 'alice-secret')).toMatchObject({
      status: 401,
      text: 'INVALID_CREDENTIALS',
    })
    const admin = await api.adminToken()
    const groups = await api.request('GET', '/v1/ldap/groups?searchText=team', { token: admin })
    expect(groups).toMatchObject({ status: 500, text: 'Uncaught internal server error' })
  })
})
