import fs from 'node:fs'
import path from 'node:path'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'

// Lookout extension: POST /v1/user/logout revokes the presented token (Dependency-Track has none).

let server: TestServer
let api: ReturnType<typeof apiClient>

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  await api.adminToken()
})
afterAll(() => server.close())

async function signIn() {
  const response = await api.login('admin', 'admin-password-1')
  expect(response.status).toBe(200)
  return response.text
}

const self = (token: string) => api.request('GET', '/v1/user/self', { token })

describe('POST /v1/user/logout', () => {
  it('ends the bearer token at once; other sessions of the same user go on', async () => {
    const token = await signIn()
    const other = await signIn()
    expect((await self(token)).status).toBe(200)

    const logout = await api.request('POST', '/v1/user/logout', { token })
    expect(logout.status).toBe(204)
    expect(logout.text).toBe('')

    expect((await self(token)).status).toBe(401)
    expect((await api.request('POST', '/v1/user/logout', { token })).status).toBe(401)
    expect((await self(other)).status).toBe(200)
  })

  it('ends a token presented as the Authorization-Token cookie', async () => {
    const token = await signIn()
    const cookie = { Cookie: `Authorization-Token=${token}` }
    expect((await api.request('POST', '/v1/user/logout', { headers: cookie })).status).toBe(204)
    expect((await self(token)).status).toBe(401)
  })

  it('ends tokens issued before tokens carried an ID', async () => {
    const keys = JSON.parse(
      fs.readFileSync(path.join(server.dataDir, 'keys', 'secret.keys'), 'utf8'),
    )
    const now = Math.floor(Date.now() / 1000)
    const token = await new SignJWT({ permissions: '', idp: 'LOCAL' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('admin')
      .setIssuer('Dependency-Track')
      .setIssuedAt(now - 5)
      .setExpirationTime(now + 3600)
      .sign(Buffer.from(keys.jwtSecret, 'base64'))
    expect((await self(token)).status).toBe(200)
    expect((await api.request('POST', '/v1/user/logout', { token })).status).toBe(204)
    expect((await self(token)).status).toBe(401)
  })

  it('answers 401 without a user session', async () => {
    expect((await api.request('POST', '/v1/user/logout')).status).toBe(401)
    expect((await api.request('POST', '/v1/user/logout', { token: 'not.a.jwt' })).status).toBe(401)
  })

  it('is in the OpenAPI document', async () => {
    const openapi = await api.request('GET', '/openapi.json')
    expect(openapi.json.paths['/api/v1/user/logout']?.post).toBeDefined()
  })
})
