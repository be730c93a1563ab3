import { generateKeyPair } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import {
  startOidcProvider,
  type TestAccount,
  type TestOidcProvider,
} from '../support/oidc-provider.ts'

// Contract: dt-api-admin.md §2.5, §10.7 (team synchronisation), §13 (alpine.oidc.*); beyond 4.13:
// DT#6318 (teams on the very first sign-in) and DT#5023 (the groups last seen are recorded).

const CALLBACK = 'http://127.0.0.1:9/callback'
const alice: TestAccount = {
  sub: 'sub-alice',
  username: 'alice',
  name: 'Alice Example',
  email: 'alice@example.com',
  groups: ['developers'],
}
const bob: TestAccount = { sub: 'sub-bob', username: 'bob', name: 'Bob', groups: [] }
const carol: TestAccount = { sub: 'sub-carol', username: 'carol', name: 'Carol' }
const dave: TestAccount = { sub: 'sub-dave', username: 'dave', name: 'Dave', groups: ['ops'] }
const erin: TestAccount = { sub: 'sub-erin', username: 'erin', name: 'Erin Example' }

let idp: TestOidcProvider
/** Provisioning and team synchronisation on, usernames from preferred_username. */
let synced: TestServer
/** Dependency-Track's defaults: no provisioning, no synchronisation, usernames from `name`. */
let plain: TestServer
/** Provisioning with default teams instead of synchronisation. */
let defaults: TestServer

beforeAll(async () => {
  idp = await startOidcProvider({
    accounts: [alice, bob, carol, dave, erin],
    redirectUris: [CALLBACK],
  })
  const oidc = { OIDC_ENABLED: 'true', OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId }
  ;[synced, plain, defaults] = await Promise.all([
    startApiServer({
      ...oidc,
      OIDC_USERNAME_CLAIM: 'preferred_username',
      OIDC_USER_PROVISIONING: 'true',
      OIDC_TEAM_SYNCHRONIZATION: 'true',
    }),
    startApiServer(oidc),
    startApiServer({
      // Dependency-Track's variable names work as well.
      ALPINE_OIDC_ENABLED: 'true',
      ALPINE_OIDC_ISSUER: idp.issuer,
      ALPINE_OIDC_CLIENT_ID: idp.clientId,
      ALPINE_OIDC_USERNAME_CLAIM: 'preferred_username',
      ALPINE_OIDC_USER_PROVISIONING: 'true',
      ALPINE_OIDC_TEAMS_DEFAULT: 'Automation, No such team',
    }),
  ])
})
afterAll(async () => {
  await Promise.all([synced, plain, defaults].map((server) => server?.close()))
  await idp?.close()
})

function signIn(server: TestServer, form: Record<string, string>) {
  return apiClient(server.baseUrl).request('POST', '/v1/user/oidc/login', { form })
}

const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, string>

async function self(server: TestServer, jwt: string) {
  const response = await apiClient(server.baseUrl).request('GET', '/v1/user/self', { token: jwt })
  expect(response.status).toBe(200)
  return response.json as {
    username: string
    subjectIdentifier?: string
    email?: string
    teams: Array<{ name: string }>
  }
}

describe('POST /user/oidc/login verifies the tokens (§2.5)', () => {
  it('answers a JWT for a real code flow’s tokens, exactly as /user/login does', async () => {
    const tokens = await idp.tokensFor('alice')
    const response = await signIn(synced, tokens)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    const claims = claimsOf(response.text)
    expect(claims).toMatchObject({ sub: 'alice', idp: 'OPENID_CONNECT' })
    expect(await self(synced, response.text)).toMatchObject({
      username: 'alice',
      subjectIdentifier: 'sub-alice',
      email: 'alice@example.com',
    })
  })

  it('takes a complete ID token alone', async () => {
    const idToken = await idp.signIdToken({
      sub: 'sub-erin',
      preferred_username: 'erin',
      groups: [],
    })
    const response = await signIn(synced, { idToken })
    expect(response.status).toBe(200)
    expect(claimsOf(response.text).sub).toBe('erin')
  })

  it('asks UserInfo with the access token alone', async () => {
    const { accessToken } = await idp.tokensFor('alice')
    const response = await signIn(synced, { accessToken })
    expect(response.status).toBe(200)
    expect(claimsOf(response.text).sub).toBe('alice')
  })

  it('refuses an ID token for another client, an expired one, a forged one, another issuer’s', async () => {
    const claims = { sub: 'sub-alice', preferred_username: 'alice', groups: ['developers'] }
    const stranger = (await generateKeyPair('RS256')).privateKey
    const cases = {
      'another audience': await idp.signIdToken(claims, { audience: 'someone-else' }),
      expired: await idp.signIdToken(claims, { expiresAt: Math.floor(Date.now() / 1000) - 600 }),
      'wrong signature': await idp.signIdToken(claims, { key: stranger }),
      'another issuer': await idp.signIdToken(claims, { issuer: 'https://evil.example' }),
      'not a token': 'not-a-token',
    }
    for (const [label, idToken] of Object.entries(cases)) {
      const response = await signIn(synced, { idToken })
      expect(response.status, label).toBe(401)
      expect(response.text, label).toBe('INVALID_CREDENTIALS')
    }
  })

  it('refuses an access token the provider does not know', async () => {
    const response = await signIn(synced, { accessToken: 'made-up' })
    expect(response.status).toBe(401)
    expect(response.text).toBe('INVALID_CREDENTIALS')
  })

  it('refuses UserInfo about another subject than the ID token’s', async () => {
    const idToken = await idp.signIdToken({ sub: 'sub-alice' })
    const { accessToken } = await idp.tokensFor('bob')
    const response = await signIn(synced, { idToken, accessToken })
    expect(response.status).toBe(401)
    expect(response.text).toBe('INVALID_CREDENTIALS')
  })

  it('answers 401 OTHER when neither token yields a username', async () => {
    // The provider's own ID token carries the subject only; without UserInfo nothing names them.
    const { idToken } = await idp.tokensFor('alice')
    const response = await signIn(synced, { idToken })
    expect(response.status).toBe(401)
    expect(response.text).toBe('OTHER')
  })

  it('answers 204 when no token is sent', async () => {
    const response = await signIn(synced, { idToken: '', accessToken: ' ' })
    expect(response.status).toBe(204)
    expect(response.text).toBe('')
    const empty = await apiClient(synced.baseUrl).request('POST', '/v1/user/oidc/login')
    expect(empty.status, empty.text).toBe(204)
  })
})

describe('accounts: provisioning and pre-created users', () => {
  it('refuses an unknown user with 403 UNMAPPED_ACCOUNT when provisioning is off', async () => {
    const response = await signIn(plain, await idp.tokensFor('bob'))
    expect(response.status).toBe(403)
    expect(response.text).toBe('UNMAPPED_ACCOUNT')
  })

  it('signs in a pre-created user (by the `name` claim, 4.13’s default) and binds the subject', async () => {
    const api = apiClient(plain.baseUrl)
    const admin = await api.adminToken()
    const created = await api.request('PUT', '/v1/user/oidc', {
      token: admin,
      json: { username: 'Erin Example' },
    })
    expect(created.status).toBe(201)
    const response = await signIn(plain, await idp.tokensFor('erin'))
    expect(response.status).toBe(200)
    const list = await api.request('GET', '/v1/user/oidc', { token: admin })
    expect(list.json).toContainEqual(
      expect.objectContaining({ username: 'Erin Example', subjectIdentifier: 'sub-erin' }),
    )
    // Another account at the provider that carries the same name cannot take this one over.
    const impostor = await idp.signIdToken({ sub: 'sub-other', name: 'Erin Example' })
    const refused = await signIn(plain, { idToken: impostor })
    expect(refused.status).toBe(401)
    expect(refused.text).toBe('INVALID_CREDENTIALS')
  })

  it('provisions a new user on first sign-in when enabled, with the default teams only then', async () => {
    const api = apiClient(defaults.baseUrl)
    const admin = await api.adminToken()
    const first = await signIn(defaults, await idp.tokensFor('bob'))
    expect(first.status).toBe(200)
    expect(claimsOf(first.text).permissions).toBe('BOM_UPLOAD,VIEW_PORTFOLIO')
    const user = await self(defaults, first.text)
    expect(user.teams.map((team) => team.name)).toEqual(['Automation'])

    const automation = (await api.request('GET', '/v1/team', { token: admin })).json.find(
      (team: { name: string }) => team.name === 'Automation',
    )
    await api.request('DELETE', '/v1/user/bob/membership', {
      token: admin,
      json: { uuid: automation.uuid },
    })
    const again = await signIn(defaults, await idp.tokensFor('bob'))
    expect((await self(defaults, again.text)).teams).toEqual([])
  })
})

describe('team synchronisation (§10.7)', () => {
  let admin: string
  let api: ReturnType<typeof apiClient>
  const teams: Record<string, { uuid: string; name: string }> = {}

  beforeAll(async () => {
    api = apiClient(synced.baseUrl)
    admin = await api.adminToken()
    for (const name of ['Developers', 'Auditors', 'Hand-picked']) {
      teams[name] = (await api.request('PUT', '/v1/team', { token: admin, json: { name } })).json
    }
    await api.request('POST', `/v1/permission/VIEW_PORTFOLIO/team/${teams.Developers!.uuid}`, {
      token: admin,
    })
    for (const [group, team] of [
      ['developers', 'Developers'],
      ['auditors', 'Auditors'],
      ['ops', 'Developers'],
    ] as const) {
      const created = await api.request('PUT', '/v1/oidc/group', {
        token: admin,
        json: { name: group },
      })
      await api.request('PUT', '/v1/oidc/mapping', {
        token: admin,
        json: { team: teams[team]!.uuid, group: created.json.uuid },
      })
    }
  })

  it('puts a newly provisioned user in the mapped team at the very first sign-in (DT#6318)', async () => {
    // The provider's ID token has no groups claim: they come from UserInfo.
    const response = await signIn(synced, await idp.tokensFor('dave'))
    expect(response.status).toBe(200)
    expect(claimsOf(response.text).permissions).toBe('VIEW_PORTFOLIO')
    expect((await self(synced, response.text)).teams.map((team) => team.name)).toEqual([
      'Developers',
    ])
  })

  it('puts a pre-created user in the mapped team at their first sign-in too', async () => {
    await api.request('PUT', '/v1/user/oidc', { token: admin, json: { username: 'bob' } })
    bob.groups = ['auditors']
    try {
      const response = await signIn(synced, await idp.tokensFor('bob'))
      expect((await self(synced, response.text)).teams.map((team) => team.name)).toEqual([
        'Auditors',
      ])
    } finally {
      bob.groups = []
    }
  })

  it('follows the claimed groups at every sign-in and drops teams no claimed group maps to', async () => {
    await signIn(synced, await idp.tokensFor('alice'))
    await api.request('POST', '/v1/user/alice/membership', {
      token: admin,
      json: { uuid: teams['Hand-picked']!.uuid },
    })
    alice.groups = ['auditors', 'unknown-group']
    try {
      const response = await signIn(synced, await idp.tokensFor('alice'))
      expect((await self(synced, response.text)).teams.map((team) => team.name)).toEqual([
        'Auditors',
      ])
      expect(claimsOf(response.text).permissions).toBe('')
    } finally {
      alice.groups = ['developers']
    }
  })

  it('records the groups the provider last reported, and when (DT#5023)', async () => {
    const before = Date.now()
    await signIn(synced, await idp.tokensFor('alice'))
    const [row] = await synced.lookout.ctx!.db.query<{
      last_seen_groups: string[]
      last_seen_groups_at: Date
    }>(
      `SELECT last_seen_groups, last_seen_groups_at FROM app_user
       WHERE kind = 'OIDC' AND username = 'alice'`,
    )
    expect(row!.last_seen_groups).toEqual(['developers'])
    expect(new Date(row!.last_seen_groups_at).getTime()).toBeGreaterThanOrEqual(before - 1000)
  })

  it('refuses a user whose provider sends no groups claim (401 OTHER, as 4.13)', async () => {
    const response = await signIn(synced, await idp.tokensFor('carol'))
    expect(response.status).toBe(401)
    expect(response.text).toBe('OTHER')
  })
})
