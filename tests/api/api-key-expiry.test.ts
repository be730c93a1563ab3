import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { accessFixtures } from '../support/access-fixtures.ts'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'

// Contract: the additive "API key expiry" contract of the session brief (beyond 4.13, DT#7316):
// ApiKey JSON `expires`, PUT /team/{uuid}/key {expires}, POST /team/key/{id}/expires, and
// 401 "The API key has expired."; dt-api-admin.md §0.2 (other bad keys unchanged), §10.5 #7–#10.

const HOUR = 3_600_000

let server: TestServer
let api: ReturnType<typeof apiClient>
let admin: string
let teamUuid: string
const fx = accessFixtures(
  () => api,
  () => admin,
)

beforeAll(async () => {
  server = await startApiServer({ LOOKOUT_API_KEY_FLUSH_MS: '200' })
  api = apiClient(server.baseUrl)
  admin = await api.adminToken()
  teamUuid = (await fx.team(['VIEW_PORTFOLIO'])).uuid
})
afterAll(async () => {
  await server?.close()
})

const createKey = (json?: unknown) =>
  api.request('PUT', `/v1/team/${teamUuid}/key`, { token: admin, json })
const setExpiry = (publicIdOrKey: string, json: unknown) =>
  api.request('POST', `/v1/team/key/${publicIdOrKey}/expires`, { token: admin, json })
const useKey = (apiKey: string) => api.request('GET', '/v1/project', { apiKey })

async function listedKey(publicId: string) {
  const team = await api.request('GET', `/v1/team/${teamUuid}`, { token: admin })
  return team.json.apiKeys.find((key: { publicId: string }) => key.publicId === publicId)
}

/** Moves a key's expiry into the past, as time passing would. */
async function expire(publicId: string) {
  await server.lookout.ctx!.db.query(
    `UPDATE api_key SET expires = now() - interval '1 minute' WHERE public_id = $1`,
    [publicId],
  )
}

describe('PUT /v1/team/{uuid}/key with {"expires"}', () => {
  it('creates a key that carries its expiry and works until then', async () => {
    const expires = Date.now() + 24 * HOUR
    const response = await createKey({ expires })
    expect(response.status).toBe(201)
    expect(response.json.expires).toBe(expires)
    expect(response.json.key).toBeDefined()
    expect((await listedKey(response.json.publicId)).expires).toBe(expires)
    expect((await useKey(response.json.key)).status).toBe(200)
  })

  it('without a body, or with null, makes a key that never expires (as 4.13)', async () => {
    for (const body of [undefined, { expires: null }, {}]) {
      const response = await createKey(body)
      expect(response.status, response.text).toBe(201)
      expect(response.json).not.toHaveProperty('expires')
    }
  })

  it('refuses a date in the past with 400 and creates nothing', async () => {
    const before = (await api.request('GET', `/v1/team/${teamUuid}`, { token: admin })).json
    const response = await createKey({ expires: Date.now() - HOUR })
    expect(response.status).toBe(400)
    expect(response.text).toBe('The expiry date must be in the future.')
    const after = (await api.request('GET', `/v1/team/${teamUuid}`, { token: admin })).json
    expect(after.apiKeys).toHaveLength(before.apiKeys.length)
  })

  it('refuses an expiry that is not a number with a validation array', async () => {
    const response = await createKey({ expires: 'tomorrow' })
    expect(response.status).toBe(400)
    expect(response.json[0].path).toBe('body.expires')
  })
})

describe('POST /v1/team/key/{publicIdOrKey}/expires', () => {
  it('sets, changes and clears the expiry; the answer never shows the key', async () => {
    const { publicId, key } = (await createKey()).json
    const expires = Date.now() + 2 * HOUR
    const set = await setExpiry(publicId, { expires })
    expect(set.status).toBe(200)
    expect(set.json.expires).toBe(expires)
    expect(set.json).not.toHaveProperty('key')
    expect(set.json.publicId).toBe(publicId)
    const byFullKey = await setExpiry(key, { expires: expires + HOUR })
    expect(byFullKey.json.expires).toBe(expires + HOUR)
    const cleared = await setExpiry(publicId, { expires: null })
    expect(cleared.status).toBe(200)
    expect(cleared.json).not.toHaveProperty('expires')
    expect(await listedKey(publicId)).not.toHaveProperty('expires')
  })

  it('answers 404 for an unknown key and 400 for a past date', async () => {
    const missing = await setExpiry('ABCDEFGH', { expires: Date.now() + HOUR })
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The API key could not be found.')
    const { publicId } = (await createKey()).json
    const past = await setExpiry(publicId, { expires: Date.now() - 1000 })
    expect(past.status).toBe(400)
    expect(past.text).toBe('The expiry date must be in the future.')
  })

  it('needs ACCESS_MANAGEMENT', async () => {
    const { publicId, key } = (await createKey()).json
    const response = await api.request('POST', `/v1/team/key/${publicId}/expires`, {
      apiKey: key,
      json: { expires: null },
    })
    expect(response.status).toBe(403)
  })
})

describe('an expired key', () => {
  it('is refused with 401 "The API key has expired." on every endpoint', async () => {
    const { publicId, key } = (await createKey({ expires: Date.now() + HOUR })).json
    expect((await useKey(key)).status).toBe(200)
    await expire(publicId)
    for (const path of ['/v1/project', '/v1/team/self', '/v1/team/visible']) {
      const response = await api.request('GET', path, { apiKey: key })
      expect(response.status, path).toBe(401)
      expect(response.text, path).toBe('The API key has expired.')
    }
  })

  it('other bad keys still answer 401 with an empty body', async () => {
    const { key } = (await createKey()).json
    const wrongSecret = `${key.slice(0, -1)}${key.endsWith('a') ? 'b' : 'a'}`
    const response = await useKey(wrongSecret)
    expect(response.status).toBe(401)
    expect(response.text).toBe('')
  })

  it('a wrong secret for an expired key does not reveal the expiry', async () => {
    const { publicId, key } = (await createKey({ expires: Date.now() + HOUR })).json
    await expire(publicId)
    const wrongSecret = `${key.slice(0, -1)}${key.endsWith('a') ? 'b' : 'a'}`
    const response = await useKey(wrongSecret)
    expect(response.status).toBe(401)
    expect(response.text).toBe('')
  })

  it('works again once it is given a later date; regeneration keeps the date', async () => {
    const { publicId, key } = (await createKey({ expires: Date.now() + HOUR })).json
    await expire(publicId)
    expect((await useKey(key)).status).toBe(401)
    const later = Date.now() + 3 * HOUR
    expect((await setExpiry(publicId, { expires: later })).status).toBe(200)
    expect((await useKey(key)).status).toBe(200)
    const regenerated = await api.request('POST', `/v1/team/key/${publicId}`, { token: admin })
    expect(regenerated.status).toBe(200)
    expect(regenerated.json.expires).toBe(later)
    expect((await useKey(regenerated.json.key)).status).toBe(200)
  })

  it('does not record a use; a valid key still does', async () => {
    const expired = (await createKey({ expires: Date.now() + HOUR })).json
    await expire(expired.publicId)
    const valid = (await createKey({ expires: Date.now() + HOUR })).json
    expect((await useKey(expired.key)).status).toBe(401)
    expect((await useKey(valid.key)).status).toBe(200)
    await vi.waitFor(
      async () => expect(typeof (await listedKey(valid.publicId)).lastUsed).toBe('number'),
      { timeout: 5000, interval: 100 },
    )
    expect(await listedKey(expired.publicId)).not.toHaveProperty('lastUsed')
  })

  it('is refused next to a valid JWT too: a bad credential is never ignored (§0.2)', async () => {
    const { publicId, key } = (await createKey({ expires: Date.now() + HOUR })).json
    await expire(publicId)
    const response = await api.request('GET', '/v1/project', { token: admin, apiKey: key })
    expect(response.status).toBe(401)
    expect(response.text).toBe('The API key has expired.')
  })
})
