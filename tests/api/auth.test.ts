import { randomBytes } from 'node:crypto'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'

// Contract: dt-api-admin.md §0.2, §0.5–§0.7, §2.1–§2.7, §10.1, §10.3; dt-behaviour.md §11.1–§11.2.
// Lookout additions: per-account login throttling, unknown JSON fields tolerated, DT bugs fixed.

const ALL_PERMISSIONS = [
  'BOM_UPLOAD',
  'VIEW_PORTFOLIO',
  'PORTFOLIO_MANAGEMENT',
  'VIEW_VULNERABILITY',
  'VULNERABILITY_ANALYSIS',
  'VIEW_POLICY_VIOLATION',
  'VULNERABILITY_MANAGEMENT',
  'POLICY_VIOLATION_ANALYSIS',
  'ACCESS_MANAGEMENT',
  'SYSTEM_CONFIGURATION',
  'PROJECT_CREATION_UPLOAD',
  'POLICY_MANAGEMENT',
  'TAG_MANAGEMENT',
  'VIEW_BADGES',
]

type Api = ReturnType<typeof apiClient>

let sequence = 0
/** Usernames unique per test, so tests do not share accounts (or login-throttle counters). */
function uniqueName(prefix: string) {
  sequence += 1
  return `${prefix}-${Date.now().toString(36)}-${sequence}`
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function decodeSegment(segment: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'))
}

function expectJwt(token: string) {
  const parts = token.split('.')
  expect(parts).toHaveLength(3)
  for (const part of parts) expect(part).toMatch(/^[A-Za-z0-9_-]+$/)
  return { header: decodeSegment(parts[0]!), claims: decodeSegment(parts[1]!) }
}

/** Creates an active managed user (no teams, no permissions) through the admin API. */
async function createUser(
  api: Api,
  adminToken: string,
  prefix: string,
  overrides: Record<string, unknown> = {},
) {
  const username = uniqueName(prefix)
  const password = `pw-${username}`
  const response = await api.request('PUT', '/v1/user/managed', {
    token: adminToken,
    json: {
      username,
      fullname: `Full ${username}`,
      email: `${username}@example.com`,
      newPassword: password,
      confirmPassword: password,
      forcePasswordChange: false,
      nonExpiryPassword: false,
      suspended: false,
      ...overrides,
    },
  })
  expect(response.status).toBe(201)
  return { username, password }
}

async function tokenFor(api: Api, username: string, password: string) {
  const response = await api.login(username, password)
  expect(response.status).toBe(200)
  return response.text
}

describe('first start (§0.7, §2.1, §2.3)', () => {
  let server: TestServer
  let api: Api
  beforeAll(async () => {
    server = await startApiServer()
    api = apiClient(server.baseUrl)
  })
  afterAll(async () => {
    await server?.close()
  })

  const change = (fields: Record<string, string>) =>
    api.request('POST', '/v1/user/forceChangePassword', { form: { username: 'admin', ...fields } })

  it('admin/admin is refused with 401 FORCE_PASSWORD_CHANGE as plain text', async () => {
    const response = await api.login('admin', 'admin')
    expect(response.status).toBe(401)
    expect(response.text).toBe('FORCE_PASSWORD_CHANGE')
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
  })

  it('forceChangePassword with a wrong current password answers 401', async () => {
    const response = await change({
      password: 'not-admin',
      newPassword: 'fresh-pass-1',
      confirmPassword: 'fresh-pass-1',
    })
    expect(response.status).toBe(401)
    expect(response.text).toBe('INVALID_CREDENTIALS')
  })

  it('forceChangePassword with new ≠ confirm answers 406', async () => {
    const response = await change({
      password: 'admin',
      newPassword: 'fresh-pass-1',
      confirmPassword: 'fresh-pass-2',
    })
    expect(response.status).toBe(406)
    expect(response.text).toBe('The passwords do not match. Password not changed.')
  })

  it('forceChangePassword with new == current answers 406', async () => {
    const response = await change({
      password: 'admin',
      newPassword: 'admin',
      confirmPassword: 'admin',
    })
    expect(response.status).toBe(406)
    expect(response.text).toBe(
      'Existing password is the same as new password. Password not changed.',
    )
  })

  it('a successful change answers 200; the new password then signs in with a JWT', async () => {
    const stillForced = await api.login('admin', 'admin')
    expect(stillForced.text).toBe('FORCE_PASSWORD_CHANGE')

    const response = await change({
      password: 'admin',
      newPassword: 'fresh-pass-1',
      confirmPassword: 'fresh-pass-1',
    })
    expect(response.status).toBe(200)
    expect(response.text).toBe('')

    const login = await api.login('admin', 'fresh-pass-1')
    expect(login.status).toBe(200)
    expect(login.headers.get('content-type')).toMatch(/^text\/plain/)
    expectJwt(login.text)

    const old = await api.login('admin', 'admin')
    expect(old.status).toBe(401)
    expect(old.text).toBe('INVALID_CREDENTIALS')
  })
})

describe('with a running server', () => {
  let server: TestServer
  let api: Api
  let admin: string
  beforeAll(async () => {
    server = await startApiServer()
    api = apiClient(server.baseUrl)
    admin = await api.adminToken()
  })
  afterAll(async () => {
    await server?.close()
  })

  describe('the JWT (§2.2, §11.2)', () => {
    it('is a compact HS256 JWS with the Dependency-Track claims', async () => {
      const before = Math.floor(Date.now() / 1000)
      const { header, claims } = expectJwt(admin)
      expect(header.alg).toBe('HS256')
      expect(claims.sub).toBe('admin')
      expect(claims.iss).toBe('Dependency-Track')
      expect(claims.idp).toBe('LOCAL')
      expect(typeof claims.iat).toBe('number')
      expect(typeof claims.exp).toBe('number')
      expect(Math.abs((claims.iat as number) - before)).toBeLessThan(120)
      expect((claims.exp as number) - (claims.iat as number)).toBe(604800)
    })

    it('carries all 14 permissions as a comma-separated string', async () => {
      const { claims } = expectJwt(admin)
      expect(typeof claims.permissions).toBe('string')
      const permissions = (claims.permissions as string).split(',')
      expect(permissions).not.toContain('')
      for (const name of permissions) expect(name).toBe(name.trim())
      expect(new Set(permissions).size).toBe(permissions.length)
      expect([...permissions].sort()).toEqual([...ALL_PERMISSIONS].sort())
    })
  })

  describe('login failures (§2.1)', () => {
    it('a wrong password answers 401 INVALID_CREDENTIALS', async () => {
      const user = await createUser(api, admin, 'wrong-pw')
      const response = await api.login(user.username, 'definitely-wrong')
      expect(response.status).toBe(401)
      expect(response.text).toBe('INVALID_CREDENTIALS')
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    })

    it('an unknown user answers 401 INVALID_CREDENTIALS', async () => {
      const response = await api.login(uniqueName('nobody'), 'whatever')
      expect(response.status).toBe(401)
      expect(response.text).toBe('INVALID_CREDENTIALS')
    })

    it('a missing password field answers 401 INVALID_CREDENTIALS (DT answered 500)', async () => {
      const user = await createUser(api, admin, 'no-pw')
      const response = await api.request('POST', '/v1/user/login', {
        form: { username: user.username },
      })
      expect(response.status).toBe(401)
      expect(response.text).toBe('INVALID_CREDENTIALS')
    })

    it('a JSON body answers 415', async () => {
      const user = await createUser(api, admin, 'json-login')
      const response = await api.request('POST', '/v1/user/login', {
        json: { username: user.username, password: user.password },
      })
      expect(response.status).toBe(415)
    })
  })

  describe('suspended users (§2.1, §0.2)', () => {
    it('the correct password answers 403 SUSPENDED', async () => {
      const user = await createUser(api, admin, 'suspended', { suspended: true })
      const response = await api.login(user.username, user.password)
      expect(response.status).toBe(403)
      expect(response.text).toBe('SUSPENDED')
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    })

    it('a wrong password answers 401 INVALID_CREDENTIALS', async () => {
      const user = await createUser(api, admin, 'suspended-wrong', { suspended: true })
      const response = await api.login(user.username, 'not-the-password')
      expect(response.status).toBe(401)
      expect(response.text).toBe('INVALID_CREDENTIALS')
    })

    it('a token issued before suspension stops working', async () => {
      const user = await createUser(api, admin, 'later-suspended')
      const token = await tokenFor(api, user.username, user.password)
      expect((await api.request('GET', '/v1/user/self', { token })).status).toBe(200)

      const suspend = await api.request('POST', '/v1/user/managed', {
        token: admin,
        json: {
          username: user.username,
          fullname: `Full ${user.username}`,
          email: `${user.username}@example.com`,
          suspended: true,
        },
      })
      expect(suspend.status).toBe(200)
      expect(suspend.json.suspended).toBe(true)

      const self = await api.request('GET', '/v1/user/self', { token })
      expect(self.status).toBe(401)
      expect(self.text).toBe('')
    })
  })

  describe('GET /v1/user/self (§2.6, §10.1)', () => {
    it('without credentials answers 401 with an empty body', async () => {
      const response = await api.request('GET', '/v1/user/self')
      expect(response.status).toBe(401)
      expect(response.text).toBe('')
    })

    it('with a valid token answers the ManagedUser without any password material', async () => {
      const user = await createUser(api, admin, 'self')
      const token = await tokenFor(api, user.username, user.password)
      const response = await api.request('GET', '/v1/user/self', { token })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^application\/json/)
      const body = response.json
      expect(body).toMatchObject({
        username: user.username,
        fullname: `Full ${user.username}`,
        email: `${user.username}@example.com`,
        suspended: false,
        forcePasswordChange: false,
        nonExpiryPassword: false,
        teams: [],
        permissions: [],
      })
      expect(typeof body.lastPasswordChange).toBe('number')
      expect(Math.abs(body.lastPasswordChange - Date.now())).toBeLessThan(120_000)
      const allowed = ['forcePasswordChange', 'nonExpiryPassword', 'lastPasswordChange']
      const leaked = Object.keys(body).filter(
        (key) => /password|hash|secret/i.test(key) && !allowed.includes(key),
      )
      expect(leaked).toEqual([])
      expect(response.text).not.toContain(user.password)
      expect(response.text).not.toMatch(/\$2[aby]\$/)
    })

    it('a tampered token (one payload character changed) answers 401', async () => {
      const user = await createUser(api, admin, 'tampered')
      const token = await tokenFor(api, user.username, user.password)
      const [header, payload, signature] = token.split('.') as [string, string, string]
      const index = Math.floor(payload.length / 2)
      const replacement = payload[index] === 'A' ? 'B' : 'A'
      const tampered = `${payload.slice(0, index)}${replacement}${payload.slice(index + 1)}`
      const response = await api.request('GET', '/v1/user/self', {
        token: `${header}.${tampered}.${signature}`,
      })
      expect(response.status).toBe(401)
      expect(response.text).toBe('')
    })

    it('a token signed with another key answers 401', async () => {
      const now = Math.floor(Date.now() / 1000)
      const forged = await new SignJWT({ permissions: ALL_PERMISSIONS.join(','), idp: 'LOCAL' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('admin')
        .setIssuer('Dependency-Track')
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .sign(randomBytes(32))
      const response = await api.request('GET', '/v1/user/self', { token: forged })
      expect(response.status).toBe(401)
      expect(response.text).toBe('')
      expect((await api.request('GET', '/v1/team', { token: forged })).status).toBe(401)
    })

    it('an unsigned token (alg none) answers 401', async () => {
      const now = Math.floor(Date.now() / 1000)
      const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
      const header = encode({ alg: 'none', typ: 'JWT' })
      const payload = encode({
        sub: 'admin',
        iss: 'Dependency-Track',
        idp: 'LOCAL',
        permissions: ALL_PERMISSIONS.join(','),
        iat: now,
        exp: now + 3600,
      })
      for (const token of [`${header}.${payload}.`, `${header}.${payload}`]) {
        const response = await api.request('GET', '/v1/user/self', { token })
        expect(response.status).toBe(401)
        expect(response.text).toBe('')
      }
    })

    it('the token of a deleted user answers 401', async () => {
      const user = await createUser(api, admin, 'deleted')
      const token = await tokenFor(api, user.username, user.password)
      expect((await api.request('GET', '/v1/user/self', { token })).status).toBe(200)
      const removed = await api.request('DELETE', '/v1/user/managed', {
        token: admin,
        json: { username: user.username },
      })
      expect(removed.status).toBe(204)
      const response = await api.request('GET', '/v1/user/self', { token })
      expect(response.status).toBe(401)
      expect(response.text).toBe('')
    })

    it('the Authorization-Token cookie works like the bearer header', async () => {
      const user = await createUser(api, admin, 'cookie')
      const token = await tokenFor(api, user.username, user.password)
      const response = await api.request('GET', '/v1/user/self', {
        headers: { Cookie: `Authorization-Token=${token}` },
      })
      expect(response.status).toBe(200)
      expect(response.json.username).toBe(user.username)

      const adminByCookie = await api.request('GET', '/v1/team', {
        headers: { Cookie: `Authorization-Token=${admin}` },
      })
      expect(adminByCookie.status).toBe(200)

      // The signature's first character carries six bits of it, so another one breaks it
      // (the last ones may only differ in padding bits).
      const [header, payload, signature] = token.split('.') as [string, string, string]
      const tampered = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`
      const broken = await api.request('GET', '/v1/user/self', {
        headers: { Cookie: `Authorization-Token=${header}.${payload}.${tampered}` },
      })
      expect(broken.status).toBe(401)
    })
  })

  describe('POST /v1/user/self (§2.7)', () => {
    it('updates fullname and email, visible in GET /v1/user/self', async () => {
      const user = await createUser(api, admin, 'profile')
      const token = await tokenFor(api, user.username, user.password)
      const response = await api.request('POST', '/v1/user/self', {
        token,
        json: { fullname: 'Renamed Person', email: 'renamed@example.com' },
      })
      expect(response.status).toBe(200)
      expect(response.json).toMatchObject({
        username: user.username,
        fullname: 'Renamed Person',
        email: 'renamed@example.com',
      })
      const self = await api.request('GET', '/v1/user/self', { token })
      expect(self.json.fullname).toBe('Renamed Person')
      expect(self.json.email).toBe('renamed@example.com')
    })

    it('a blank fullname answers 400 "Full name is required."', async () => {
      const user = await createUser(api, admin, 'profile-name')
      const token = await tokenFor(api, user.username, user.password)
      const response = await api.request('POST', '/v1/user/self', {
        token,
        json: { fullname: '  ', email: 'someone@example.com' },
      })
      expect(response.status).toBe(400)
      expect(response.text).toBe('Full name is required.')
      const self = await api.request('GET', '/v1/user/self', { token })
      expect(self.json.fullname).toBe(`Full ${user.username}`)
    })

    it('a blank email answers 400 "Email address is required."', async () => {
      const user = await createUser(api, admin, 'profile-mail')
      const token = await tokenFor(api, user.username, user.password)
      const response = await api.request('POST', '/v1/user/self', {
        token,
        json: { fullname: 'Someone', email: '' },
      })
      expect(response.status).toBe(400)
      expect(response.text).toBe('Email address is required.')
    })

    it('mismatched passwords answer 400 "Passwords do not match."', async () => {
      const user = await createUser(api, admin, 'profile-mismatch')
      const token = await tokenFor(api, user.username, user.password)
      const response = await api.request('POST', '/v1/user/self', {
        token,
        json: {
          fullname: 'Someone',
          email: 'someone@example.com',
          newPassword: 'new-pass-1',
          confirmPassword: 'new-pass-2',
        },
      })
      expect(response.status).toBe(400)
      expect(response.text).toBe('Passwords do not match.')
      expect((await api.login(user.username, user.password)).status).toBe(200)
    })

    it('matching passwords change the password', async () => {
      const user = await createUser(api, admin, 'profile-password')
      const token = await tokenFor(api, user.username, user.password)
      const response = await api.request('POST', '/v1/user/self', {
        token,
        json: {
          fullname: 'Someone',
          email: 'someone@example.com',
          newPassword: 'brand-new-pass',
          confirmPassword: 'brand-new-pass',
        },
      })
      expect(response.status).toBe(200)
      const old = await api.login(user.username, user.password)
      expect(old.status).toBe(401)
      expect(old.text).toBe('INVALID_CREDENTIALS')
      const fresh = await api.login(user.username, 'brand-new-pass')
      expect(fresh.status).toBe(200)
      expectJwt(fresh.text)
    })

    it('tolerates unknown JSON fields (Lookout)', async () => {
      const user = await createUser(api, admin, 'profile-unknown')
      const token = await tokenFor(api, user.username, user.password)
      const response = await api.request('POST', '/v1/user/self', {
        token,
        json: { fullname: 'Someone', email: 'someone@example.com', favouriteColour: 'green' },
      })
      expect(response.status).toBe(200)
      expect(response.json.fullname).toBe('Someone')
    })
  })

  describe('401 versus 403 (§0.2)', () => {
    it('a user without permissions gets 403 with an empty body; no token gets 401', async () => {
      const user = await createUser(api, admin, 'powerless')
      const token = await tokenFor(api, user.username, user.password)
      const forbidden = await api.request('GET', '/v1/team', { token })
      expect(forbidden.status).toBe(403)
      expect(forbidden.text).toBe('')

      const anonymous = await api.request('GET', '/v1/team')
      expect(anonymous.status).toBe(401)
      expect(anonymous.text).toBe('')
    })
  })
})

describe('token expiry (§0.2, LOOKOUT_JWT_TTL_SECONDS=1)', () => {
  let server: TestServer
  let api: Api
  beforeAll(async () => {
    server = await startApiServer({ LOOKOUT_JWT_TTL_SECONDS: '1' })
    api = apiClient(server.baseUrl)
  })
  afterAll(async () => {
    await server?.close()
  })

  it('an expired token answers 401', async () => {
    const token = await api.adminToken()
    const { claims } = expectJwt(token)
    expect((claims.exp as number) - (claims.iat as number)).toBe(1)
    await sleep(2100)
    const response = await api.request('GET', '/v1/user/self', { token })
    expect(response.status).toBe(401)
    expect(response.text).toBe('')

    // Signing in again gives a new token that expires later (using it here could race its
    // one-second lifetime on a busy machine).
    const renewed = await api.login('admin', 'admin-password-1')
    expect(renewed.status).toBe(200)
    expect(expectJwt(renewed.text).claims.exp as number).toBeGreaterThan(claims.exp as number)
  })
})

describe('login throttling (Lookout: max 3 failures, 2 s lock)', () => {
  let server: TestServer
  let api: Api
  let admin: string
  beforeAll(async () => {
    server = await startApiServer({
      LOOKOUT_LOGIN_MAX_FAILURES: '3',
      LOOKOUT_LOGIN_LOCK_SECONDS: '2',
    })
    api = apiClient(server.baseUrl)
    admin = await api.adminToken()
  })
  afterAll(async () => {
    await server?.close()
  })

  async function failTimes(username: string, count: number) {
    for (let i = 0; i < count; i++) {
      const response = await api.login(username, `wrong-${i}`)
      expect(response.status).toBe(401)
      expect(response.text).toBe('INVALID_CREDENTIALS')
    }
  }

  it('locks after 3 failures, even for the correct password, then releases', async () => {
    const user = await createUser(api, admin, 'throttled')
    await failTimes(user.username, 3)

    const locked = await api.login(user.username, user.password)
    expect(locked.status).toBe(429)
    expect(locked.text).toBe('TOO_MANY_ATTEMPTS')
    const retryAfter = locked.headers.get('retry-after')
    expect(retryAfter).toMatch(/^\d+$/)
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1)
    expect(Number(retryAfter)).toBeLessThanOrEqual(2)

    const stillLocked = await api.login(user.username, 'wrong-again')
    expect(stillLocked.status).toBe(429)
    expect(stillLocked.text).toBe('TOO_MANY_ATTEMPTS')

    await sleep(Number(retryAfter) * 1000 + 300)
    const released = await api.login(user.username, user.password)
    expect(released.status).toBe(200)
    expectJwt(released.text)
  })

  it('does not affect another account while one is locked', async () => {
    const locked = await createUser(api, admin, 'throttled-a')
    const other = await createUser(api, admin, 'throttled-b')
    await failTimes(locked.username, 3)
    expect((await api.login(locked.username, locked.password)).status).toBe(429)

    const response = await api.login(other.username, other.password)
    expect(response.status).toBe(200)
    expectJwt(response.text)
  })

  it.each([
    ['a NUL character', 'admin\u0000'],
    ['256 characters', 'a'.repeat(256)],
    ['an incompressible 2.7 KB name', randomBytes(2048).toString('base64').slice(0, 2700)],
  ])(
    'answers a username with %s like an unknown account (401), never 500',
    async (_label, name) => {
      for (let attempt = 0; attempt < 2; attempt++) {
        const response = await api.login(name, 'whatever')
        expect(response.status).toBe(401)
        expect(response.text).toBe('INVALID_CREDENTIALS')
      }
      const forced = await api.request('POST', '/v1/user/forceChangePassword', {
        form: { username: name, password: 'x', newPassword: 'y-1', confirmPassword: 'y-1' },
      })
      expect(forced.status).toBe(401)
    },
  )

  it('forgets failures older than a day instead of keeping a row per name forever', async () => {
    const db = server.lookout.ctx!.db
    const stale = uniqueName('stale')
    const staleLocked = uniqueName('stale-locked')
    await db.query(
      `INSERT INTO login_throttle (username, failures, last_failure_at, locked_until) VALUES
         ($1, 1, now() - interval '2 days', NULL),
         ($2, 9, now() - interval '2 days', now() + interval '1 hour')`,
      [stale, staleLocked],
    )
    const fresh = uniqueName('unknown')
    expect((await api.login(fresh, 'wrong')).status).toBe(401)
    const rows = await db.query<{ username: string }>(
      'SELECT username FROM login_throttle WHERE username = ANY($1::text[])',
      [[stale, staleLocked, fresh]],
    )
    expect(rows.map((row) => row.username).sort()).toEqual([fresh, staleLocked].sort())
  })

  it('a successful login clears the failure counter', async () => {
    const user = await createUser(api, admin, 'throttled-reset')
    await failTimes(user.username, 2)
    expect((await api.login(user.username, user.password)).status).toBe(200)
    await failTimes(user.username, 2)
    const response = await api.login(user.username, user.password)
    expect(response.status).toBe(200)
  })
})
