import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'

// Contract: dt-api-admin.md §0.2 (authentication), §10.1 (ApiKey JSON), §10.2 (key format),
// §10.5 #6–#11 (team key endpoints); dt-behaviour.md §11.3 (API keys).

const KEY_FORMAT = /^odt_[A-Za-z0-9]{8}_[A-Za-z0-9]{32}$/
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

interface ApiKeyJson {
  publicId: string
  maskedKey: string
  created: number
  legacy: boolean
  key?: string
  comment?: string
  lastUsed?: number
}

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
let plainJwt: string
let teamUuids: Record<string, string>

function randomAlnum(length: number) {
  let out = ''
  for (let i = 0; i < length; i++) out += ALNUM[Math.floor(Math.random() * ALNUM.length)]
  return out
}

/** The same string with its last character changed (a near miss). */
function flipLast(value: string) {
  const last = value.at(-1)!
  return value.slice(0, -1) + (last === 'a' ? 'b' : 'a')
}

async function createKey(teamName: string): Promise<ApiKeyJson> {
  const response = await api.request('PUT', `/v1/team/${teamUuids[teamName]}/key`, {
    token: adminJwt,
  })
  expect(response.status).toBe(201)
  return response.json
}

async function keysOfTeam(teamName: string): Promise<ApiKeyJson[]> {
  const response = await api.request('GET', '/v1/team', { token: adminJwt })
  expect(response.status).toBe(200)
  const team = response.json.find((t: { name: string }) => t.name === teamName)
  return team.apiKeys
}

beforeAll(async () => {
  server = await startApiServer({ LOOKOUT_API_KEY_FLUSH_MS: '200' })
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
  const teams = await api.request('GET', '/v1/team', { token: adminJwt })
  expect(teams.status).toBe(200)
  teamUuids = Object.fromEntries(
    teams.json.map((team: { name: string; uuid: string }) => [team.name, team.uuid]),
  )
  const created = await api.request('PUT', '/v1/user/managed', {
    token: adminJwt,
    json: {
      username: 'no-permissions',
      fullname: 'No Permissions',
      email: 'nobody@example.com',
      newPassword: 'plain-password-1',
      confirmPassword: 'plain-password-1',
      forcePasswordChange: false,
      nonExpiryPassword: true,
      suspended: false,
    },
  })
  expect(created.status).toBe(201)
  const login = await api.login('no-permissions', 'plain-password-1')
  expect(login.status).toBe(200)
  plainJwt = login.text
})

afterAll(async () => {
  await server?.close()
})

describe('PUT /v1/team/{uuid}/key (§10.5 #7)', () => {
  it('creates a new-format key and shows it in full exactly once', async () => {
    const before = Date.now()
    const response = await api.request('PUT', `/v1/team/${teamUuids.Automation}/key`, {
      token: adminJwt,
    })
    const after = Date.now()
    expect(response.status).toBe(201)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    const key: ApiKeyJson = response.json
    expect(Object.keys(key).sort()).toEqual(['created', 'key', 'legacy', 'maskedKey', 'publicId'])
    expect(key.legacy).toBe(false)
    expect(key.key).toMatch(KEY_FORMAT)
    expect(key.publicId).toMatch(/^[A-Za-z0-9]{8}$/)
    expect(key.key!.slice(4, 12)).toBe(key.publicId)
    expect(key.maskedKey).toBe(`odt_${key.publicId}${'*'.repeat(32)}`)
    expect(typeof key.created).toBe('number')
    expect(key.created).toBeGreaterThanOrEqual(before - 1000)
    expect(key.created).toBeLessThanOrEqual(after + 1000)

    const listed = (await keysOfTeam('Automation')).find((k) => k.publicId === key.publicId)
    expect(listed).toEqual({
      publicId: key.publicId,
      maskedKey: key.maskedKey,
      created: key.created,
      legacy: false,
    })
  })

  it('answers 404 for an unknown team', async () => {
    const response = await api.request('PUT', `/v1/team/${crypto.randomUUID()}/key`, {
      token: adminJwt,
    })
    expect(response.status).toBe(404)
    expect(response.text).toBe('The team could not be found.')
  })

  it('needs ACCESS_MANAGEMENT', async () => {
    const automation = await createKey('Automation')
    const byKey = await api.request('PUT', `/v1/team/${teamUuids.Automation}/key`, {
      apiKey: automation.key,
    })
    expect(byKey.status).toBe(403)
    const anonymous = await api.request('PUT', `/v1/team/${teamUuids.Automation}/key`)
    expect(anonymous.status).toBe(401)
  })
})

describe('authenticating with X-Api-Key (§0.2, dt-behaviour §11.3)', () => {
  it('gives an Automation key its team’s permissions only', async () => {
    const { key } = await createKey('Automation')
    const visible = await api.request('GET', '/v1/team/visible', { apiKey: key })
    expect(visible.status).toBe(200)
    expect(visible.json).toEqual([{ name: 'Automation', uuid: teamUuids.Automation }])

    const teams = await api.request('GET', '/v1/team', { apiKey: key })
    expect(teams.status).toBe(403)
    expect(teams.text).toBe('')
  })

  it('gives an Administrators key ACCESS_MANAGEMENT', async () => {
    const { key } = await createKey('Administrators')
    const teams = await api.request('GET', '/v1/team', { apiKey: key })
    expect(teams.status).toBe(200)
    expect(teams.json.map((team: { name: string }) => team.name)).toContain('Automation')
    const visible = await api.request('GET', '/v1/team/visible', { apiKey: key })
    expect(visible.status).toBe(200)
    expect(visible.json).toHaveLength(Object.keys(teamUuids).length)
  })

  it('GET /v1/team/self answers the key’s team (§10.5 #11)', async () => {
    const { key } = await createKey('Automation')
    const response = await api.request('GET', '/v1/team/self', { apiKey: key })
    expect(response.status).toBe(200)
    expect(Object.keys(response.json).sort()).toEqual(['name', 'permissions', 'uuid'])
    expect(response.json.uuid).toBe(teamUuids.Automation)
    expect(response.json.name).toBe('Automation')
    expect(response.json.permissions).toEqual([
      {
        name: 'BOM_UPLOAD',
        description: 'Allows the ability to upload CycloneDX Software Bill of Materials (SBOM)',
      },
      {
        name: 'VIEW_PORTFOLIO',
        description:
          'Provides the ability to view the portfolio of projects, components, and licenses',
      },
    ])
  })

  it('GET /v1/team/self with a user JWT is 400 "Invalid API key supplied."', async () => {
    const response = await api.request('GET', '/v1/team/self', { token: adminJwt })
    expect(response.status).toBe(400)
    expect(response.text).toBe('Invalid API key supplied.')
  })

  it('GET /v1/user/self with an API key is 401 (§2.6)', async () => {
    const { key } = await createKey('Administrators')
    const response = await api.request('GET', '/v1/user/self', { apiKey: key })
    expect(response.status).toBe(401)
    expect(response.text).toBe('')
  })

  it('rejects bad keys with 401 and an empty body', async () => {
    const known = await createKey('Administrators')
    const badKeys = [
      'definitely-not-an-api-key',
      `odt_${randomAlnum(8)}_${randomAlnum(32)}`,
      `odt_${known.publicId}_${randomAlnum(32)}`,
      `odt_${known.publicId}_${flipLast(known.key!.slice(13))}`,
      known.key!.toLowerCase() === known.key ? known.key!.toUpperCase() : known.key!.toLowerCase(),
    ]
    for (const apiKey of badKeys) {
      const response = await api.request('GET', '/v1/team/visible', { apiKey })
      expect(response.status, apiKey).toBe(401)
      expect(response.text, apiKey).toBe('')
    }
    // The real key still works, so the failures above were about the key alone.
    const good = await api.request('GET', '/v1/team/visible', { apiKey: known.key })
    expect(good.status).toBe(200)
  })
})

describe('revocation: DELETE /v1/team/key/{publicIdOrKey} (§10.5 #10)', () => {
  it('revokes the key; a second delete is 404', async () => {
    const { key, publicId } = await createKey('Automation')
    expect((await api.request('GET', '/v1/team/visible', { apiKey: key })).status).toBe(200)

    const deleted = await api.request('DELETE', `/v1/team/key/${publicId}`, { token: adminJwt })
    expect(deleted.status).toBe(204)
    expect(deleted.text).toBe('')
    expect((await api.request('GET', '/v1/team/visible', { apiKey: key })).status).toBe(401)
    expect((await keysOfTeam('Automation')).map((k) => k.publicId)).not.toContain(publicId)

    const again = await api.request('DELETE', `/v1/team/key/${publicId}`, { token: adminJwt })
    expect(again.status).toBe(404)
    expect(again.text).toBe('The API key could not be found.')
  })

  it('accepts the full key instead of the public id', async () => {
    const { key } = await createKey('Automation')
    const deleted = await api.request('DELETE', `/v1/team/key/${key}`, { token: adminJwt })
    expect(deleted.status).toBe(204)
    expect((await api.request('GET', '/v1/team/visible', { apiKey: key })).status).toBe(401)
  })
})

describe('regeneration: POST /v1/team/key/{publicIdOrKey} (§10.5 #8)', () => {
  it('keeps the public id, replaces the secret and invalidates the old key', async () => {
    const original = await createKey('Automation')
    const response = await api.request('POST', `/v1/team/key/${original.publicId}`, {
      token: adminJwt,
    })
    expect(response.status).toBe(200)
    const regenerated: ApiKeyJson = response.json
    expect(Object.keys(regenerated).sort()).toEqual([
      'created',
      'key',
      'legacy',
      'maskedKey',
      'publicId',
    ])
    expect(regenerated.publicId).toBe(original.publicId)
    expect(regenerated.maskedKey).toBe(original.maskedKey)
    expect(regenerated.created).toBe(original.created)
    expect(regenerated.legacy).toBe(false)
    expect(regenerated.key).toMatch(KEY_FORMAT)
    expect(regenerated.key).not.toBe(original.key)
    expect(regenerated.key!.slice(4, 12)).toBe(original.publicId)

    expect((await api.request('GET', '/v1/team/visible', { apiKey: original.key })).status).toBe(
      401,
    )
    const withNew = await api.request('GET', '/v1/team/visible', { apiKey: regenerated.key })
    expect(withNew.status).toBe(200)
    expect(withNew.json).toEqual([{ name: 'Automation', uuid: teamUuids.Automation }])
  })

  it('accepts the full key instead of the public id', async () => {
    const original = await createKey('Automation')
    const response = await api.request('POST', `/v1/team/key/${original.key}`, {
      token: adminJwt,
    })
    expect(response.status).toBe(200)
    expect(response.json.publicId).toBe(original.publicId)
    expect(response.json.key).not.toBe(original.key)
  })

  it('answers 404 for an unknown key', async () => {
    const response = await api.request('POST', `/v1/team/key/${randomAlnum(8)}`, {
      token: adminJwt,
    })
    expect(response.status).toBe(404)
    expect(response.text).toBe('The API key could not be found.')
  })
})

describe('comment: POST /v1/team/key/{publicIdOrKey}/comment (§10.5 #9)', () => {
  it('stores a plain-text comment and answers the key without its secret', async () => {
    const created = await createKey('Automation')
    const response = await api.request('POST', `/v1/team/key/${created.publicId}/comment`, {
      token: adminJwt,
      text: 'CI pipeline (nightly)',
    })
    expect(response.status).toBe(200)
    expect(response.json).toEqual({
      publicId: created.publicId,
      maskedKey: created.maskedKey,
      created: created.created,
      legacy: false,
      comment: 'CI pipeline (nightly)',
    })
    expect(response.json).not.toHaveProperty('key')

    const listed = (await keysOfTeam('Automation')).find((k) => k.publicId === created.publicId)
    expect(listed?.comment).toBe('CI pipeline (nightly)')
  })

  it('accepts the full key instead of the public id', async () => {
    const created = await createKey('Automation')
    const response = await api.request('POST', `/v1/team/key/${created.key}/comment`, {
      token: adminJwt,
      text: 'by full key',
    })
    expect(response.status).toBe(200)
    expect(response.json.publicId).toBe(created.publicId)
    expect(response.json.comment).toBe('by full key')
  })

  it('an empty body clears the comment; more than 255 characters is 400 (§10.1)', async () => {
    const created = await createKey('Automation')
    const path = `/v1/team/key/${created.publicId}/comment`
    expect((await api.request('POST', path, { token: adminJwt, text: 'temporary' })).status).toBe(
      200,
    )
    const cleared = await api.request('POST', path, { token: adminJwt, text: '' })
    expect(cleared.status).toBe(200)
    expect(cleared.json).not.toHaveProperty('comment')
    const listed = (await keysOfTeam('Automation')).find((k) => k.publicId === created.publicId)
    expect(listed).not.toHaveProperty('comment')

    const tooLong = await api.request('POST', path, { token: adminJwt, text: 'x'.repeat(256) })
    expect(tooLong.status).toBe(400)
    const longest = await api.request('POST', path, { token: adminJwt, text: 'y'.repeat(255) })
    expect(longest.status).toBe(200)
    expect(longest.json.comment).toBe('y'.repeat(255))
  })

  it('answers 404 for an unknown key and 415 for a JSON body (§0.4b)', async () => {
    const unknown = await api.request('POST', `/v1/team/key/${randomAlnum(8)}/comment`, {
      token: adminJwt,
      text: 'x',
    })
    expect(unknown.status).toBe(404)
    expect(unknown.text).toBe('The API key could not be found.')

    const created = await createKey('Automation')
    const json = await api.request('POST', `/v1/team/key/${created.publicId}/comment`, {
      token: adminJwt,
      json: { comment: 'x' },
    })
    expect(json.status).toBe(415)
  })
})

describe('lastUsed (§0.2, dt-behaviour §11.3)', () => {
  it('is recorded by the durable flush job shortly after the key is used', async () => {
    const { key, publicId } = await createKey('Automation')
    const before = Date.now()
    expect((await api.request('GET', '/v1/team/visible', { apiKey: key })).status).toBe(200)

    await vi.waitFor(
      async () => {
        const listed = (await keysOfTeam('Automation')).find((k) => k.publicId === publicId)
        expect(typeof listed?.lastUsed).toBe('number')
        expect(listed!.lastUsed).toBeGreaterThanOrEqual(before)
        expect(listed!.lastUsed).toBeLessThanOrEqual(Date.now())
      },
      { timeout: 5000, interval: 100 },
    )

    // The flush went through the job table, not a direct write.
    const jobs = await server.lookout.ctx!.db.query<{ status: string }>(
      `SELECT status FROM job WHERE kind = 'apiKey.lastUsed.flush'`,
    )
    expect(jobs.length).toBeGreaterThan(0)
    expect(jobs.map((job) => job.status)).toContain('succeeded')
  })

  it('stays absent for a key that was never used', async () => {
    const { publicId } = await createKey('Portfolio Managers')
    const listed = (await keysOfTeam('Portfolio Managers')).find((k) => k.publicId === publicId)
    expect(listed).toBeDefined()
    expect(listed).not.toHaveProperty('lastUsed')
  })
})

describe('a JWT and an API key together: the JWT principal wins (§0.2)', () => {
  it('admin JWT + Automation key → the admin’s permissions', async () => {
    const { key } = await createKey('Automation')
    const response = await api.request('GET', '/v1/team', { token: adminJwt, apiKey: key })
    expect(response.status).toBe(200)
  })

  it('JWT of a user without permissions + Administrators key → 403', async () => {
    const { key } = await createKey('Administrators')
    expect((await api.request('GET', '/v1/team', { apiKey: key })).status).toBe(200)
    const response = await api.request('GET', '/v1/team', { token: plainJwt, apiKey: key })
    expect(response.status).toBe(403)
    expect(response.text).toBe('')
  })

  it('an invalid JWT next to a valid key is 401: the bad credential is not ignored', async () => {
    const { key } = await createKey('Administrators')
    const response = await api.request('GET', '/v1/team', { token: 'not.a.jwt', apiKey: key })
    expect(response.status).toBe(401)
    expect(response.text).toBe('')
  })

  it('GET /v1/team/self with both is 400, because the principal is the user', async () => {
    const { key } = await createKey('Automation')
    const response = await api.request('GET', '/v1/team/self', { token: plainJwt, apiKey: key })
    expect(response.status).toBe(400)
    expect(response.text).toBe('Invalid API key supplied.')
  })
})
