import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'

let server: TestServer
beforeAll(async () => {
  server = await startApiServer()
})
afterAll(async () => {
  await server?.close()
})

describe('smoke', () => {
  it('answers the version', async () => {
    const api = apiClient(server.baseUrl)
    const response = await api.request('GET', '/version')
    expect(response.status).toBe(200)
    expect(response.json.version).toBe('4.13.0')
  })
})
