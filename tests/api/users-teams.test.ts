import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'

// Contract: dt-api-admin.md §0.2–§0.7, §10.1, §10.3–§10.5; dt-behaviour.md §11.1–§11.2.

/** §0.6, ordered by name as GET /v1/permission answers them (§10.4 #1). */
const PERMISSIONS_BY_NAME = [
  ['ACCESS_MANAGEMENT', 'Allows the management of users, teams, and API keys'],
  ['BOM_UPLOAD', 'Allows the ability to upload CycloneDX Software Bill of Materials (SBOM)'],
  ['POLICY_MANAGEMENT', 'Allows the creation, modification, and deletion of policy'],
  [
    'POLICY_VIOLATION_ANALYSIS',
    'Provides the ability to make analysis decisions on policy violations',
  ],
  [
    'PORTFOLIO_MANAGEMENT',
    'Allows the creation, modification, and deletion of data in the portfolio',
  ],
  [
    'PROJECT_CREATION_UPLOAD',
    'Provides the ability to optionally create project (if non-existent) on BOM or scan upload',
  ],
  [
    'SYSTEM_CONFIGURATION',
    'Allows the configuration of the system including notifications, repositories, ' +
      'and email settings',
  ],
  ['TAG_MANAGEMENT', 'Allows the modification and deletion of tags'],
  ['VIEW_BADGES', 'Provides the ability to view badges'],
  ['VIEW_POLICY_VIOLATION', 'Provides the ability to view policy violations'],
  [
    'VIEW_PORTFOLIO',
    'Provides the ability to view the portfolio of projects, components, and licenses',
  ],
  [
    'VIEW_VULNERABILITY',
    'Provides the ability to view the vulnerabilities projects are affected by',
  ],
  ['VULNERABILITY_ANALYSIS', 'Provides the ability to make analysis decisions on vulnerabilities'],
  ['VULNERABILITY_MANAGEMENT', 'Allows management of internally-defined vulnerabilities'],
] as const
const ALL_NAMES = PERMISSIONS_BY_NAME.map(([name]) => name as string)

/** §0.7 default teams, ordered by name. */
const DEFAULT_TEAMS: Array<[string, string[]]> = [
  ['Administrators', ALL_NAMES],
  ['Automation', ['BOM_UPLOAD', 'VIEW_PORTFOLIO']],
  ['Badge Viewers', ['VIEW_BADGES']],
  ['Portfolio Managers', ['PORTFOLIO_MANAGEMENT', 'VIEW_PORTFOLIO']],
]

let server: TestServer
let api: ReturnType<typeof apiClient>
let admin: string
let seedTeams: Awaited<ReturnType<typeof api.request>>

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  admin = await api.adminToken()
  // Captured before any test creates teams, so the seed assertions do not depend on test order.
  seedTeams = await api.request('GET', '/v1/team', { token: admin })
})
afterAll(async () => {
  await server?.close()
})

let sequence = 0
function uniqueName(prefix: string) {
  sequence += 1
  return `${prefix}-${Date.now().toString(36)}-${sequence}`
}

function userBody(username: string, overrides: Record<string, unknown> = {}) {
  return {
    username,
    fullname: `Full ${username}`,
    email: `${username}@example.com`,
    newPassword: `pw-${username}`,
    confirmPassword: `pw-${username}`,
    forcePasswordChange: false,
    nonExpiryPassword: false,
    suspended: false,
    ...overrides,
  }
}

async function createUser(prefix: string, overrides: Record<string, unknown> = {}) {
  const username = uniqueName(prefix)
  const response = await api.request('PUT', '/v1/user/managed', {
    token: admin,
    json: userBody(username, overrides),
  })
  expect(response.status).toBe(201)
  return { username, password: `pw-${username}` }
}

async function tokenFor(user: { username: string; password: string }) {
  const response = await api.login(user.username, user.password)
  expect(response.status).toBe(200)
  return response.text
}

async function createTeam(prefix: string) {
  const name = uniqueName(prefix)
  const response = await api.request('PUT', '/v1/team', { token: admin, json: { name } })
  expect(response.status).toBe(201)
  return response.json as { uuid: string; name: string }
}

async function teamByName(name: string) {
  const teams = await api.request('GET', '/v1/team', { token: admin })
  const team = teams.json.find((candidate: { name: string }) => candidate.name === name)
  expect(team).toBeDefined()
  return team as { uuid: string; name: string }
}

function jwtClaims(token: string) {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'))
}

const names = (items: Array<{ name: string }>) => items.map((item) => item.name)
const usernames = (items: Array<{ username: string }>) => items.map((item) => item.username)

describe('seed data (§0.6, §0.7)', () => {
  it('GET /v1/permission answers exactly the 14 permissions ordered by name', async () => {
    const response = await api.request('GET', '/v1/permission', { token: admin })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(response.json).toEqual(
      PERMISSIONS_BY_NAME.map(([name, description]) => ({ name, description })),
    )
    expect(response.headers.get('x-total-count')).toBeNull()
  })

  it('GET /v1/team answers the four default teams with their permissions', async () => {
    expect(seedTeams.status).toBe(200)
    expect(names(seedTeams.json)).toEqual(DEFAULT_TEAMS.map(([name]) => name))
    for (const [name, permissions] of DEFAULT_TEAMS) {
      const team = seedTeams.json.find((candidate: { name: string }) => candidate.name === name)
      expect(team.uuid).toMatch(/^[0-9a-f-]{36}$/)
      expect(names(team.permissions).sort()).toEqual([...permissions].sort())
      expect(team.apiKeys).toEqual([])
    }
    expect(seedTeams.headers.get('x-total-count')).toBe(String(seedTeams.json.length))
  })

  it('team permissions carry their descriptions and are ordered by name (§10.1)', async () => {
    const administrators = seedTeams.json.find(
      (team: { name: string }) => team.name === 'Administrators',
    )
    expect(administrators.permissions).toEqual(
      PERMISSIONS_BY_NAME.map(([name, description]) => ({ name, description })),
    )
  })

  it('Administrators contains the managed user admin', async () => {
    const administrators = seedTeams.json.find(
      (team: { name: string }) => team.name === 'Administrators',
    )
    expect(usernames(administrators.managedUsers)).toContain('admin')
    for (const team of seedTeams.json.filter(
      (t: { name: string }) => t.name !== 'Administrators',
    )) {
      expect(usernames(team.managedUsers ?? [])).not.toContain('admin')
    }
  })

  it('X-Total-Count of GET /v1/team follows the number of teams', async () => {
    await createTeam('counted')
    const response = await api.request('GET', '/v1/team', { token: admin })
    expect(response.headers.get('x-total-count')).toBe(String(response.json.length))
    expect(response.json.length).toBeGreaterThan(4)
  })

  it('admin has every permission directly and the Administrators team (§0.7)', async () => {
    const response = await api.request('GET', '/v1/user/self', { token: admin })
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({
      username: 'admin',
      fullname: 'Administrator',
      email: 'admin@localhost',
      suspended: false,
      forcePasswordChange: false,
      nonExpiryPassword: true,
    })
    expect(names(response.json.permissions).sort()).toEqual([...ALL_NAMES].sort())
    expect(names(response.json.teams)).toEqual(['Administrators'])
  })
})

describe('PUT /v1/user/managed (§10.3 #9)', () => {
  it('creates a user: 201 with the ManagedUser body', async () => {
    const username = uniqueName('created')
    const before = Date.now()
    const response = await api.request('PUT', '/v1/user/managed', {
      token: admin,
      json: userBody(username, { nonExpiryPassword: true }),
    })
    expect(response.status).toBe(201)
    expect(response.json).toMatchObject({
      username,
      fullname: `Full ${username}`,
      email: `${username}@example.com`,
      suspended: false,
      forcePasswordChange: false,
      nonExpiryPassword: true,
      teams: [],
      permissions: [],
    })
    expect(response.json.lastPasswordChange).toBeGreaterThanOrEqual(before - 5_000)
    expect(response.json.lastPasswordChange).toBeLessThanOrEqual(Date.now() + 5_000)
    expect(response.json).not.toHaveProperty('newPassword')
    expect(response.json).not.toHaveProperty('confirmPassword')
    expect(response.json).not.toHaveProperty('password')

    const list = await api.request('GET', '/v1/user/managed', { token: admin })
    expect(list.status).toBe(200)
    expect(usernames(list.json)).toContain(username)
    expect(list.headers.get('x-total-count')).toBe(String(list.json.length))

    expect((await api.login(username, `pw-${username}`)).status).toBe(200)
  })

  it('answers the 400 texts in the documented order', async () => {
    const username = uniqueName('invalid')
    const steps: Array<[Record<string, unknown>, string]> = [
      [{ username: ' ' }, 'Username cannot be null or blank.'],
      [{ username }, 'The users full name is missing.'],
      [{ username, fullname: 'Someone' }, 'The users email address is missing.'],
      [
        { username, fullname: 'Someone', email: 'someone@example.com', confirmPassword: '' },
        'A password must be set.',
      ],
      [
        { username, fullname: 'Someone', email: 'someone@example.com', newPassword: '' },
        'A password must be set.',
      ],
      [
        {
          username,
          fullname: 'Someone',
          email: 'someone@example.com',
          newPassword: 'one',
          confirmPassword: 'two',
        },
        'The passwords do not match.',
      ],
    ]
    // Every body still has all the later mistakes, so each answer proves the checking order.
    const later = { fullname: '', email: ' ', newPassword: 'one', confirmPassword: '' }
    for (const [fields, message] of steps) {
      const json = { ...later, ...fields }
      const response = await api.request('PUT', '/v1/user/managed', { token: admin, json })
      expect(response.status, message).toBe(400)
      expect(response.text).toBe(message)
    }
    const list = await api.request('GET', '/v1/user/managed', { token: admin })
    expect(usernames(list.json)).not.toContain(username)
  })

  it('answers 400 "Username cannot be null or blank." for a missing username', async () => {
    const response = await api.request('PUT', '/v1/user/managed', {
      token: admin,
      json: { fullname: 'Someone', email: 'a@example.com', newPassword: 'x', confirmPassword: 'x' },
    })
    expect(response.status).toBe(400)
    expect(response.text).toBe('Username cannot be null or blank.')
  })

  it('answers 409 for a duplicate username', async () => {
    const user = await createUser('duplicate')
    const response = await api.request('PUT', '/v1/user/managed', {
      token: admin,
      json: userBody(user.username, { fullname: 'Other Person' }),
    })
    expect(response.status).toBe(409)
    expect(response.text).toBe(
      'A user with the same username already exists. Cannot create new user.',
    )
  })

  it('tolerates unknown JSON fields (Lookout)', async () => {
    const username = uniqueName('unknown-fields')
    const response = await api.request('PUT', '/v1/user/managed', {
      token: admin,
      json: { ...userBody(username), shoeSize: 44, teams: [] },
    })
    expect(response.status).toBe(201)
    expect(response.json.username).toBe(username)
  })

  it('answers 403 without ACCESS_MANAGEMENT and 401 without credentials', async () => {
    const user = await createUser('no-access')
    const token = await tokenFor(user)
    const username = uniqueName('not-created')
    const forbidden = await api.request('PUT', '/v1/user/managed', {
      token,
      json: userBody(username),
    })
    expect(forbidden.status).toBe(403)
    expect(forbidden.text).toBe('')
    const anonymous = await api.request('PUT', '/v1/user/managed', { json: userBody(username) })
    expect(anonymous.status).toBe(401)
    const list = await api.request('GET', '/v1/user/managed', { token: admin })
    expect(usernames(list.json)).not.toContain(username)
  })
})

describe('POST /v1/user/managed (§10.3 #10)', () => {
  it('resets absent booleans to false (documented quirk)', async () => {
    const user = await createUser('flags', {
      forcePasswordChange: true,
      nonExpiryPassword: true,
      suspended: true,
    })
    const response = await api.request('POST', '/v1/user/managed', {
      token: admin,
      json: { username: user.username, fullname: 'New Name', email: 'new@example.com' },
    })
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({
      username: user.username,
      fullname: 'New Name',
      email: 'new@example.com',
      forcePasswordChange: false,
      nonExpiryPassword: false,
      suspended: false,
    })
    const list = await api.request('GET', '/v1/user/managed', { token: admin })
    const stored = list.json.find((u: { username: string }) => u.username === user.username)
    expect(stored).toMatchObject({ suspended: false, forcePasswordChange: false })
    // The reset flags are effective: the user can now sign in.
    expect((await api.login(user.username, user.password)).status).toBe(200)
  })

  it('sets the flags that are sent', async () => {
    const user = await createUser('flags-set')
    const response = await api.request('POST', '/v1/user/managed', {
      token: admin,
      json: {
        username: user.username,
        fullname: 'Flagged',
        email: 'flagged@example.com',
        forcePasswordChange: true,
        nonExpiryPassword: true,
        suspended: false,
      },
    })
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({ forcePasswordChange: true, nonExpiryPassword: true })
    const login = await api.login(user.username, user.password)
    expect(login.status).toBe(401)
    expect(login.text).toBe('FORCE_PASSWORD_CHANGE')
  })

  it('answers 404 "The user could not be found." for an unknown user', async () => {
    const response = await api.request('POST', '/v1/user/managed', {
      token: admin,
      json: { username: uniqueName('ghost'), fullname: 'Ghost', email: 'ghost@example.com' },
    })
    expect(response.status).toBe(404)
    expect(response.text).toBe('The user could not be found.')
  })

  it('answers 400 for a missing full name or email', async () => {
    const user = await createUser('update-invalid')
    const noName = await api.request('POST', '/v1/user/managed', {
      token: admin,
      json: { username: user.username, fullname: ' ', email: 'x@example.com' },
    })
    expect(noName.status).toBe(400)
    expect(noName.text).toBe('The users full name is missing.')
    const noMail = await api.request('POST', '/v1/user/managed', {
      token: admin,
      json: { username: user.username, fullname: 'Someone' },
    })
    expect(noMail.status).toBe(400)
    expect(noMail.text).toBe('The users email address is missing.')
  })

  it('ignores mismatched or half-blank passwords', async () => {
    const user = await createUser('pw-ignored')
    const base = { username: user.username, fullname: 'Someone', email: 'some@example.com' }
    const mismatch = await api.request('POST', '/v1/user/managed', {
      token: admin,
      json: { ...base, newPassword: 'changed-1', confirmPassword: 'changed-2' },
    })
    expect(mismatch.status).toBe(200)
    const halfBlank = await api.request('POST', '/v1/user/managed', {
      token: admin,
      json: { ...base, newPassword: 'changed-3', confirmPassword: '' },
    })
    expect(halfBlank.status).toBe(200)
    const nullPassword = await api.request('POST', '/v1/user/managed', {
      token: admin,
      json: { ...base, newPassword: null },
    })
    expect(nullPassword.status).toBe(200)

    expect((await api.login(user.username, user.password)).status).toBe(200)
    expect((await api.login(user.username, 'changed-1')).status).toBe(401)
    expect((await api.login(user.username, 'changed-3')).status).toBe(401)
  })

  it('changes the password when both fields are equal and non-blank', async () => {
    const user = await createUser('pw-changed')
    const response = await api.request('POST', '/v1/user/managed', {
      token: admin,
      json: {
        username: user.username,
        fullname: 'Someone',
        email: 'some@example.com',
        newPassword: 'replaced-pass',
        confirmPassword: 'replaced-pass',
      },
    })
    expect(response.status).toBe(200)
    const old = await api.login(user.username, user.password)
    expect(old.status).toBe(401)
    expect(old.text).toBe('INVALID_CREDENTIALS')
    expect((await api.login(user.username, 'replaced-pass')).status).toBe(200)
  })
})

describe('DELETE /v1/user/managed (§10.3 #11)', () => {
  it('answers 204, then 404 "The user could not be found."', async () => {
    const user = await createUser('to-delete')
    const response = await api.request('DELETE', '/v1/user/managed', {
      token: admin,
      json: { username: user.username },
    })
    expect(response.status).toBe(204)
    expect(response.text).toBe('')

    const list = await api.request('GET', '/v1/user/managed', { token: admin })
    expect(usernames(list.json)).not.toContain(user.username)
    const login = await api.login(user.username, user.password)
    expect(login.status).toBe(401)
    expect(login.text).toBe('INVALID_CREDENTIALS')

    const again = await api.request('DELETE', '/v1/user/managed', {
      token: admin,
      json: { username: user.username },
    })
    expect(again.status).toBe(404)
    expect(again.text).toBe('The user could not be found.')
  })
})

describe('team membership (§10.3 #16–#17)', () => {
  it('POST adds the user (200 user JSON), repeating answers 304', async () => {
    const user = await createUser('member')
    const team = await createTeam('club')
    const path = `/v1/user/${user.username}/membership`
    const response = await api.request('POST', path, { token: admin, json: { uuid: team.uuid } })
    expect(response.status).toBe(200)
    expect(response.json.username).toBe(user.username)
    expect(response.json.teams).toEqual([
      expect.objectContaining({ uuid: team.uuid, name: team.name }),
    ])

    const repeat = await api.request('POST', path, { token: admin, json: { uuid: team.uuid } })
    expect(repeat.status).toBe(304)
    expect(repeat.text).toBe('')

    const fetched = await api.request('GET', `/v1/team/${team.uuid}`, { token: admin })
    expect(usernames(fetched.json.managedUsers)).toEqual([user.username])
  })

  it('DELETE removes the user (200 user JSON), repeating answers 304', async () => {
    const user = await createUser('leaver')
    const team = await createTeam('left-club')
    const path = `/v1/user/${user.username}/membership`
    expect(
      (await api.request('POST', path, { token: admin, json: { uuid: team.uuid } })).status,
    ).toBe(200)
    const response = await api.request('DELETE', path, { token: admin, json: { uuid: team.uuid } })
    expect(response.status).toBe(200)
    expect(response.json.username).toBe(user.username)
    expect(response.json.teams).toEqual([])

    const repeat = await api.request('DELETE', path, { token: admin, json: { uuid: team.uuid } })
    expect(repeat.status).toBe(304)
    expect(repeat.text).toBe('')
  })

  it('answers 404 texts for an unknown team or user', async () => {
    const user = await createUser('member-404')
    const team = await createTeam('club-404')
    for (const method of ['POST', 'DELETE']) {
      const noTeam = await api.request(method, `/v1/user/${user.username}/membership`, {
        token: admin,
        json: { uuid: randomUUID() },
      })
      expect(noTeam.status, method).toBe(404)
      expect(noTeam.text).toBe('The team could not be found.')

      const noUser = await api.request(method, `/v1/user/${uniqueName('ghost')}/membership`, {
        token: admin,
        json: { uuid: team.uuid },
      })
      expect(noUser.status, method).toBe(404)
      expect(noUser.text).toBe('The user could not be found.')
    }
  })

  it('a user who joins Automation gets its permissions in the next JWT', async () => {
    const user = await createUser('automation')
    const before = jwtClaims(await tokenFor(user))
    expect(before.permissions).toBe('')

    const automation = await teamByName('Automation')
    const joined = await api.request('POST', `/v1/user/${user.username}/membership`, {
      token: admin,
      json: { uuid: automation.uuid },
    })
    expect(joined.status).toBe(200)

    const claims = jwtClaims(await tokenFor(user))
    expect(claims.permissions.split(',').sort()).toEqual(['BOM_UPLOAD', 'VIEW_PORTFOLIO'])
  })

  it('server-side permissions are re-read on every request (no new login needed)', async () => {
    const user = await createUser('regranted')
    const token = await tokenFor(user)
    expect((await api.request('GET', '/v1/team', { token })).status).toBe(403)

    const administrators = await teamByName('Administrators')
    const path = `/v1/user/${user.username}/membership`
    const joined = await api.request('POST', path, {
      token: admin,
      json: { uuid: administrators.uuid },
    })
    expect(joined.status).toBe(200)
    expect((await api.request('GET', '/v1/team', { token })).status).toBe(200)
    // The stale claim in the token does not matter either way.
    expect(jwtClaims(token).permissions).toBe('')

    const left = await api.request('DELETE', path, {
      token: admin,
      json: { uuid: administrators.uuid },
    })
    expect(left.status).toBe(200)
    expect((await api.request('GET', '/v1/team', { token })).status).toBe(403)
  })
})

describe('permission endpoints (§10.4)', () => {
  it('grants and revokes a user permission: 200, then 304 on repeat', async () => {
    const user = await createUser('granted')
    const path = `/v1/permission/ACCESS_MANAGEMENT/user/${user.username}`
    const granted = await api.request('POST', path, { token: admin })
    expect(granted.status).toBe(200)
    expect(granted.json.username).toBe(user.username)
    expect(names(granted.json.permissions)).toEqual(['ACCESS_MANAGEMENT'])

    const again = await api.request('POST', path, { token: admin })
    expect(again.status).toBe(304)
    expect(again.text).toBe('')

    const token = await tokenFor(user)
    expect(jwtClaims(token).permissions).toBe('ACCESS_MANAGEMENT')
    expect((await api.request('GET', '/v1/team', { token })).status).toBe(200)

    const revoked = await api.request('DELETE', path, { token: admin })
    expect(revoked.status).toBe(200)
    expect(revoked.json.permissions).toEqual([])
    expect((await api.request('GET', '/v1/team', { token })).status).toBe(403)

    const revokedAgain = await api.request('DELETE', path, { token: admin })
    expect(revokedAgain.status).toBe(304)
    expect(revokedAgain.text).toBe('')
  })

  it('answers 404 texts for an unknown user or permission', async () => {
    const user = await createUser('perm-404')
    for (const method of ['POST', 'DELETE']) {
      const noUser = await api.request(
        method,
        `/v1/permission/VIEW_PORTFOLIO/user/${uniqueName('ghost')}`,
        { token: admin },
      )
      expect(noUser.status, method).toBe(404)
      expect(noUser.text).toBe('The user could not be found.')

      const noPermission = await api.request(
        method,
        `/v1/permission/NOT_A_PERMISSION/user/${user.username}`,
        { token: admin },
      )
      expect(noPermission.status, method).toBe(404)
      expect(noPermission.text).toBe('The permission could not be found.')
    }
  })

  it('grants and revokes a team permission: 200 Team, then 304 on repeat', async () => {
    const team = await createTeam('perm-team')
    const path = `/v1/permission/VIEW_BADGES/team/${team.uuid}`
    const granted = await api.request('POST', path, { token: admin })
    expect(granted.status).toBe(200)
    expect(granted.json.uuid).toBe(team.uuid)
    expect(names(granted.json.permissions)).toEqual(['VIEW_BADGES'])

    const again = await api.request('POST', path, { token: admin })
    expect(again.status).toBe(304)
    expect(again.text).toBe('')

    const fetched = await api.request('GET', `/v1/team/${team.uuid}`, { token: admin })
    expect(names(fetched.json.permissions)).toEqual(['VIEW_BADGES'])

    const revoked = await api.request('DELETE', path, { token: admin })
    expect(revoked.status).toBe(200)
    expect(revoked.json.permissions).toEqual([])

    const revokedAgain = await api.request('DELETE', path, { token: admin })
    expect(revokedAgain.status).toBe(304)
    expect(revokedAgain.text).toBe('')
  })

  it('answers 404 texts for an unknown team or permission', async () => {
    const team = await createTeam('perm-team-404')
    for (const method of ['POST', 'DELETE']) {
      const noTeam = await api.request(method, `/v1/permission/VIEW_BADGES/team/${randomUUID()}`, {
        token: admin,
      })
      expect(noTeam.status, method).toBe(404)
      expect(noTeam.text).toBe('The team could not be found.')

      const noPermission = await api.request(
        method,
        `/v1/permission/NOT_A_PERMISSION/team/${team.uuid}`,
        { token: admin },
      )
      expect(noPermission.status, method).toBe(404)
      expect(noPermission.text).toBe('The permission could not be found.')
    }
  })

  it('a team permission reaches its members immediately', async () => {
    const user = await createUser('team-perm-member')
    const team = await createTeam('team-perm-club')
    const token = await tokenFor(user)
    await api.request('POST', `/v1/user/${user.username}/membership`, {
      token: admin,
      json: { uuid: team.uuid },
    })
    expect((await api.request('GET', '/v1/team', { token })).status).toBe(403)
    const granted = await api.request(
      'POST',
      `/v1/permission/ACCESS_MANAGEMENT/team/${team.uuid}`,
      {
        token: admin,
      },
    )
    expect(granted.status).toBe(200)
    expect((await api.request('GET', '/v1/team', { token })).status).toBe(200)
  })

  it('needs ACCESS_MANAGEMENT', async () => {
    const user = await createUser('perm-forbidden')
    const token = await tokenFor(user)
    const response = await api.request('GET', '/v1/permission', { token })
    expect(response.status).toBe(403)
    const grant = await api.request(
      'POST',
      `/v1/permission/ACCESS_MANAGEMENT/user/${user.username}`,
      {
        token,
      },
    )
    expect(grant.status).toBe(403)
  })
})

describe('teams (§10.5)', () => {
  it('PUT /v1/team creates a team: 201 with apiKeys []', async () => {
    const name = uniqueName('new-team')
    const response = await api.request('PUT', '/v1/team', { token: admin, json: { name } })
    expect(response.status).toBe(201)
    expect(response.json.name).toBe(name)
    expect(response.json.uuid).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    )
    expect(response.json.apiKeys).toEqual([])

    const list = await api.request('GET', '/v1/team', { token: admin })
    expect(names(list.json)).toContain(name)
  })

  it('team names are not unique', async () => {
    const name = uniqueName('twin')
    const first = await api.request('PUT', '/v1/team', { token: admin, json: { name } })
    const second = await api.request('PUT', '/v1/team', { token: admin, json: { name } })
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    expect(second.json.uuid).not.toBe(first.json.uuid)
  })

  it('a blank name answers 400 with a validation array', async () => {
    const response = await api.request('PUT', '/v1/team', { token: admin, json: { name: '' } })
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(Array.isArray(response.json)).toBe(true)
    expect(response.json.length).toBeGreaterThan(0)
    for (const item of response.json) {
      expect(typeof item.message).toBe('string')
      expect(typeof item.messageTemplate).toBe('string')
      expect(typeof item.path).toBe('string')
    }
  })

  it('a name over 255 characters answers 400 with a validation array', async () => {
    const response = await api.request('PUT', '/v1/team', {
      token: admin,
      json: { name: 'x'.repeat(256) },
    })
    expect(response.status).toBe(400)
    expect(Array.isArray(response.json)).toBe(true)
    expect(response.json[0]).toHaveProperty('message')
  })

  it('POST /v1/team renames a team', async () => {
    const team = await createTeam('before-rename')
    const name = uniqueName('after-rename')
    const response = await api.request('POST', '/v1/team', {
      token: admin,
      json: { uuid: team.uuid, name },
    })
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({ uuid: team.uuid, name })
    const fetched = await api.request('GET', `/v1/team/${team.uuid}`, { token: admin })
    expect(fetched.json.name).toBe(name)
  })

  it('POST /v1/team answers 404 for an unknown team and 400 for a blank name', async () => {
    const unknown = await api.request('POST', '/v1/team', {
      token: admin,
      json: { uuid: randomUUID(), name: 'whatever' },
    })
    expect(unknown.status).toBe(404)
    expect(unknown.text).toBe('The team could not be found.')

    const team = await createTeam('blank-rename')
    const blank = await api.request('POST', '/v1/team', {
      token: admin,
      json: { uuid: team.uuid, name: '' },
    })
    expect(blank.status).toBe(400)
    expect(Array.isArray(blank.json)).toBe(true)
    const fetched = await api.request('GET', `/v1/team/${team.uuid}`, { token: admin })
    expect(fetched.json.name).toBe(team.name)
  })

  it('GET /v1/team/{uuid}: 200, 404 for an unknown uuid, 400 for an invalid one', async () => {
    const team = await createTeam('fetched')
    const found = await api.request('GET', `/v1/team/${team.uuid}`, { token: admin })
    expect(found.status).toBe(200)
    expect(found.json).toMatchObject({ uuid: team.uuid, name: team.name })

    const unknown = await api.request('GET', `/v1/team/${randomUUID()}`, { token: admin })
    expect(unknown.status).toBe(404)
    expect(unknown.text).toBe('The team could not be found.')

    const invalid = await api.request('GET', '/v1/team/not-a-uuid', { token: admin })
    expect(invalid.status).toBe(400)
  })

  it('DELETE /v1/team answers 204 and the team’s API keys stop authenticating', async () => {
    const team = await createTeam('doomed')
    const created = await api.request('PUT', `/v1/team/${team.uuid}/key`, { token: admin })
    expect(created.status).toBe(201)
    const apiKey = created.json.key as string
    expect(apiKey).toMatch(/^odt_[A-Za-z0-9]{8}_[A-Za-z0-9]{32}$/)
    const before = await api.request('GET', '/v1/team/visible', { apiKey })
    expect(before.status).toBe(200)
    expect(before.json).toEqual([{ name: team.name, uuid: team.uuid }])

    const response = await api.request('DELETE', '/v1/team', {
      token: admin,
      json: { uuid: team.uuid },
    })
    expect(response.status).toBe(204)
    expect(response.text).toBe('')

    const after = await api.request('GET', '/v1/team/visible', { apiKey })
    expect(after.status).toBe(401)
    expect(after.text).toBe('')
    const fetched = await api.request('GET', `/v1/team/${team.uuid}`, { token: admin })
    expect(fetched.status).toBe(404)

    const again = await api.request('DELETE', '/v1/team', {
      token: admin,
      json: { uuid: team.uuid },
    })
    expect(again.status).toBe(404)
    expect(again.text).toBe('The team could not be found.')
  })

  it('deleting a team removes it from its members (cascade)', async () => {
    const user = await createUser('orphan')
    const team = await createTeam('dissolved')
    await api.request('POST', `/v1/user/${user.username}/membership`, {
      token: admin,
      json: { uuid: team.uuid },
    })
    const response = await api.request('DELETE', '/v1/team', {
      token: admin,
      json: { uuid: team.uuid },
    })
    expect(response.status).toBe(204)
    const token = await tokenFor(user)
    const self = await api.request('GET', '/v1/user/self', { token })
    expect(self.json.teams).toEqual([])
  })

  it('GET /v1/team/visible: a non-admin sees only their own teams as {name, uuid}', async () => {
    const user = await createUser('visible')
    const mine = await createTeam('mine')
    await createTeam('not-mine')
    const joined = await api.request('POST', `/v1/user/${user.username}/membership`, {
      token: admin,
      json: { uuid: mine.uuid },
    })
    expect(joined.status).toBe(200)

    const token = await tokenFor(user)
    const response = await api.request('GET', '/v1/team/visible', { token })
    expect(response.status).toBe(200)
    expect(response.json).toEqual([{ name: mine.name, uuid: mine.uuid }])
  })

  it('GET /v1/team/visible: ACCESS_MANAGEMENT sees every team', async () => {
    const all = await api.request('GET', '/v1/team', { token: admin })
    const response = await api.request('GET', '/v1/team/visible', { token: admin })
    expect(response.status).toBe(200)
    expect(response.json.map((t: { uuid: string }) => t.uuid).sort()).toEqual(
      all.json.map((t: { uuid: string }) => t.uuid).sort(),
    )
    for (const item of response.json) expect(Object.keys(item).sort()).toEqual(['name', 'uuid'])
  })

  it('GET /v1/team/visible without credentials answers 401', async () => {
    const response = await api.request('GET', '/v1/team/visible')
    expect(response.status).toBe(401)
  })

  it('tolerates unknown JSON fields (Lookout)', async () => {
    const name = uniqueName('tolerant')
    const response = await api.request('PUT', '/v1/team', {
      token: admin,
      json: { name, colour: 'blue' },
    })
    expect(response.status).toBe(201)
    expect(response.json.name).toBe(name)
  })
})

describe('trailing slash (§0.1)', () => {
  it('GET /v1/permission/ answers like GET /v1/permission', async () => {
    const response = await api.request('GET', '/v1/permission/', { token: admin })
    expect(response.status).toBe(200)
    expect(names(response.json)).toEqual(ALL_NAMES)
  })

  it('GET /v1/team/ and GET /v1/user/managed/ are tolerated', async () => {
    const teams = await api.request('GET', '/v1/team/', { token: admin })
    expect(teams.status).toBe(200)
    expect(Array.isArray(teams.json)).toBe(true)
    const users = await api.request('GET', '/v1/user/managed/', { token: admin })
    expect(users.status).toBe(200)
    expect(usernames(users.json)).toContain('admin')
  })
})
