import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'

// The published contract (/api/openapi.json) describes every status each operation answers,
// the media type of its body and whether it needs credentials (server/api/kit).

interface Operation {
  security?: Array<Record<string, string[]>>
  requestBody?: { content: Record<string, unknown> }
  responses: Record<string, { content?: Record<string, unknown> }>
}

const PUBLIC_OPERATIONS = [
  'GET /api/version',
  'POST /api/v1/user/login',
  'POST /api/v1/user/forceChangePassword',
  'POST /api/v1/user/oidc/login',
  'GET /api/v1/oidc/available',
  'GET /api/v1/configProperty/public/{groupName}/{propertyName}',
  // Badges check credentials themselves (general/badge.enabled may open them to anyone).
  'GET /api/v1/badge/vulns/project/{uuid}',
  'GET /api/v1/badge/vulns/project/{name}/{version}',
  'GET /api/v1/badge/violations/project/{uuid}',
  'GET /api/v1/badge/violations/project/{name}/{version}',
]
const ANY_PRINCIPAL = [
  'GET /api/v1/user/self',
  'POST /api/v1/user/self',
  'GET /api/v1/team/self',
  'GET /api/v1/team/visible',
  'GET /api/v1/event/token/{uuid}',
  'POST /api/v1/user/logout',
  'GET /api/v1/cwe',
  'GET /api/v1/cwe/{cweId}',
  'GET /api/v1/calculator/cvss',
  'GET /api/v1/calculator/owasp',
  'GET /api/v1/license',
  'GET /api/v1/license/concise',
  'GET /api/v1/repository/latest',
  'GET /api/v1/license/{licenseId}',
]

let server: TestServer
let api: ReturnType<typeof apiClient>
let operations: Map<string, Operation>

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  const response = await api.request('GET', '/openapi.json')
  expect(response.status).toBe(200)
  operations = new Map()
  for (const [path, methods] of Object.entries<Record<string, Operation>>(response.json.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      operations.set(`${method.toUpperCase()} ${path}`, operation)
    }
  }
})

afterAll(async () => {
  await server?.close()
})

describe('GET /api/openapi.json', () => {
  it('lists every operation of the API', () => {
    expect(operations.size).toBeGreaterThanOrEqual(96)
  })

  it('documents a success response for every operation', () => {
    const withoutSuccess = [...operations]
      .filter(([, operation]) => !Object.keys(operation.responses).some((s) => /^2\d\d$/.test(s)))
      .map(([name]) => name)
    expect(withoutSuccess).toEqual([])
  })

  it('documents 401 for every non-public operation and 403 where a permission is required', () => {
    const missing: string[] = []
    for (const [name, operation] of operations) {
      if (PUBLIC_OPERATIONS.includes(name)) continue
      if (!operation.responses['401']) missing.push(`${name} 401`)
      if (!ANY_PRINCIPAL.includes(name) && !operation.responses['403']) missing.push(`${name} 403`)
    }
    expect(missing).toEqual([])
  })

  it('marks public operations as needing no credentials and the others as API key or bearer', () => {
    for (const name of PUBLIC_OPERATIONS) {
      expect(operations.get(name)?.security, name).toEqual([])
    }
    for (const [name, operation] of operations) {
      if (PUBLIC_OPERATIONS.includes(name)) continue
      // No own security: the document-wide API key / bearer requirement applies.
      expect(operation.security, name).toBeUndefined()
    }
  })

  it('declares the API key and bearer schemes document-wide', async () => {
    const { json } = await api.request('GET', '/openapi.json')
    expect(Object.keys(json.components.securitySchemes).sort()).toEqual([
      'ApiKeyAuth',
      'BearerAuth',
    ])
    expect(json.security).toEqual([{ ApiKeyAuth: [] }, { BearerAuth: [] }])
  })

  it('describes the sign-in forms as application/x-www-form-urlencoded bodies', () => {
    for (const name of ['POST /api/v1/user/login', 'POST /api/v1/user/forceChangePassword']) {
      expect(Object.keys(operations.get(name)!.requestBody!.content), name).toEqual([
        'application/x-www-form-urlencoded',
      ])
    }
  })

  it('describes plain-text and empty error replies with their real media type', () => {
    const teamByUuid = operations.get('GET /api/v1/team/{uuid}')!
    expect(Object.keys(teamByUuid.responses['404']!.content!)).toEqual(['text/plain'])
    expect(teamByUuid.responses['401']!.content).toBeUndefined()
    const login = operations.get('POST /api/v1/user/login')!
    expect(Object.keys(login.responses['200']!.content!)).toEqual(['text/plain'])
  })
})

describe('error replies keep their shape although their statuses have response schemas', () => {
  it('a plain-text 404 stays plain text', async () => {
    const token = await api.adminToken()
    const response = await api.request('GET', '/v1/team/00000000-0000-4000-8000-000000000000', {
      token,
    })
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(response.text).toBe('The team could not be found.')
  })

  it('an empty 401 stays empty', async () => {
    const response = await api.request('GET', '/v1/team')
    expect(response.status).toBe(401)
    expect(response.text).toBe('')
  })

  it('a bean-validation 400 stays a JSON list', async () => {
    const token = await api.adminToken()
    const response = await api.request('GET', '/v1/team/not-a-uuid', { token })
    expect(response.status).toBe(400)
    expect(Array.isArray(response.json)).toBe(true)
    expect(response.json[0]).toMatchObject({ path: expect.stringContaining('uuid') })
  })
})
