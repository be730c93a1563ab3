import http from 'node:http'
import { type AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'

// Contract: dt-api-admin.md §0.1–§0.5, §1.4, §2.4, §2.5, §3.2 #4, §3.3, §12;
// dt-behaviour.md §0.1, §0.2, §11.1, §11.5.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const WELCOME_HTML_DEFAULT = '%3Chtml%3E%3Ch1%3EYour%20Welcome%20Message%3C%2Fh1%3E%3C%2Fhtml%3E'

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
})

afterAll(async () => {
  await server?.close()
})

async function teamUuid(name: string): Promise<string> {
  const teams = await api.request('GET', '/v1/team', { token: adminJwt })
  return teams.json.find((team: { name: string }) => team.name === name).uuid
}

describe('GET /api/version (§1.4)', () => {
  it('is public and describes the build, the framework and the database', async () => {
    const response = await api.request('GET', '/version')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    const about = response.json
    expect(typeof about.application).toBe('string')
    expect(about.application.length).toBeGreaterThan(0)
    expect(about.version).toBe('4.13.0')
    expect(about.timestamp).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    expect(about.uuid).toMatch(UUID)
    expect(about.systemUuid).toMatch(UUID)
    expect(Object.keys(about.framework).sort()).toEqual(['name', 'timestamp', 'uuid', 'version'])
    for (const field of ['name', 'version', 'timestamp', 'uuid']) {
      expect(typeof about.framework[field], field).toBe('string')
      expect(about.framework[field].length, field).toBeGreaterThan(0)
    }
    expect(Object.keys(about.database).sort()).toEqual(['productName', 'productVersion'])
    expect(about.database.productName).toMatch(/PostgreSQL|PGlite/)
    expect(about.database.productVersion.length).toBeGreaterThan(0)
    expect(typeof about.lookoutVersion).toBe('string')
    expect(about.lookoutVersion.length).toBeGreaterThan(0)
  })

  it('keeps the systemUuid and build uuid stable across calls', async () => {
    const first = await api.request('GET', '/version')
    const second = await api.request('GET', '/version', { token: adminJwt })
    expect(second.status).toBe(200)
    expect(second.json.systemUuid).toBe(first.json.systemUuid)
    expect(second.json.uuid).toBe(first.json.uuid)
  })
})

describe('GET /v1/configProperty/public/{group}/{name} (§3.2 #4, §3.3)', () => {
  async function publicProperty(group: string, name: string) {
    return api.request('GET', `/v1/configProperty/public/${group}/${name}`)
  }

  it('general/default.locale: no credentials, propertyValue absent while null', async () => {
    const response = await publicProperty('general', 'default.locale')
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({
      groupName: 'general',
      propertyName: 'default.locale',
      propertyType: 'STRING',
    })
    expect(response.json).not.toHaveProperty('propertyValue')
  })

  it('general/welcome.message.enabled defaults to "false"', async () => {
    const response = await publicProperty('general', 'welcome.message.enabled')
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({
      groupName: 'general',
      propertyName: 'welcome.message.enabled',
      propertyType: 'BOOLEAN',
      propertyValue: 'false',
    })
  })

  it('general/welcome.message.html defaults to the URL-encoded welcome HTML', async () => {
    const response = await publicProperty('general', 'welcome.message.html')
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({
      groupName: 'general',
      propertyName: 'welcome.message.html',
      propertyType: 'STRING',
      propertyValue: WELCOME_HTML_DEFAULT,
    })
  })

  it('access-management/acl.enabled defaults to "false"', async () => {
    const response = await publicProperty('access-management', 'acl.enabled')
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({
      groupName: 'access-management',
      propertyName: 'acl.enabled',
      propertyType: 'BOOLEAN',
      propertyValue: 'false',
    })
  })

  it('a known property that is not public is 403 with an empty body', async () => {
    for (const [group, name] of [
      ['general', 'base.url'],
      ['email', 'smtp.password'],
    ]) {
      const response = await publicProperty(group!, name!)
      expect(response.status, `${group}/${name}`).toBe(403)
      expect(response.text, `${group}/${name}`).toBe('')
      // Credentials do not open the public path either.
      const withAdmin = await api.request('GET', `/v1/configProperty/public/${group}/${name}`, {
        token: adminJwt,
      })
      expect(withAdmin.status, `${group}/${name} as admin`).toBe(403)
    }
  })

  it('an unknown property is 404', async () => {
    expect((await publicProperty('general', 'no.such.property')).status).toBe(404)
    expect((await publicProperty('no-such-group', 'default.locale')).status).toBe(404)
  })
})

describe('OpenID Connect availability (§2.4, §2.5)', () => {
  let issuerServer: http.Server
  let issuerBase: string
  const oidcServers: TestServer[] = []
  let matching: TestServer
  let mismatching: TestServer
  let failing: TestServer

  beforeAll(async () => {
    // One loopback HTTP server plays three issuers: a good one, one whose discovery document
    // names another issuer, and one that answers 500.
    issuerServer = http.createServer((request, response) => {
      const url = request.url ?? ''
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'Content-Type': 'application/json' })
        response.end(JSON.stringify(body))
      }
      if (url === '/good/.well-known/openid-configuration') {
        return send(200, {
          issuer: `${issuerBase}/good`,
          authorization_endpoint: `${issuerBase}/good/authorize`,
          token_endpoint: `${issuerBase}/good/token`,
          jwks_uri: `${issuerBase}/good/jwks`,
          userinfo_endpoint: `${issuerBase}/good/userinfo`,
        })
      }
      if (url === '/mismatch/.well-known/openid-configuration') {
        return send(200, {
          issuer: `${issuerBase}/somebody-else`,
          authorization_endpoint: `${issuerBase}/mismatch/authorize`,
          jwks_uri: `${issuerBase}/mismatch/jwks`,
        })
      }
      if (url === '/broken/.well-known/openid-configuration') {
        return send(500, { error: 'internal' })
      }
      return send(404, { error: 'not found' })
    })
    await new Promise<void>((resolve) => issuerServer.listen(0, '127.0.0.1', resolve))
    issuerBase = `http://127.0.0.1:${(issuerServer.address() as AddressInfo).port}`
    const started = await Promise.all(
      ['good', 'mismatch', 'broken'].map((path) =>
        startApiServer({ OIDC_ENABLED: 'true', OIDC_ISSUER: `${issuerBase}/${path}` }),
      ),
    )
    oidcServers.push(...started)
    ;[matching, mismatching, failing] = started as [TestServer, TestServer, TestServer]
  })

  afterAll(async () => {
    await Promise.all(oidcServers.map((s) => s.close()))
    await new Promise((resolve) => issuerServer?.close(resolve))
  })

  async function available(target: TestServer) {
    const response = await apiClient(target.baseUrl).request('GET', '/v1/oidc/available')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    return response.text
  }

  it('is "false" by default, without credentials', async () => {
    expect(await available(server)).toBe('false')
  })

  it('is "true" when enabled and the issuer’s discovery document matches', async () => {
    expect(await available(matching)).toBe('true')
  })

  it('is "false" when the discovery document names another issuer', async () => {
    expect(await available(mismatching)).toBe('false')
  })

  it('is "false" when the issuer answers 500', async () => {
    expect(await available(failing)).toBe('false')
  })

  it('POST /v1/user/oidc/login is 204 when OIDC is not available', async () => {
    for (const target of [server, mismatching, failing]) {
      const response = await apiClient(target.baseUrl).request('POST', '/v1/user/oidc/login', {
        form: { idToken: 'not-a-token', accessToken: 'not-a-token' },
      })
      expect(response.status).toBe(204)
      expect(response.text).toBe('')
    }
  })
})

describe('headers and CORS on every /api response (dt-behaviour §11.5, §0.3)', () => {
  const expectApiHeaders = (headers: Headers, label: string) => {
    expect(headers.get('access-control-allow-origin'), label).toBe('*')
    expect(headers.get('access-control-allow-methods'), label).toBe(
      'GET, POST, PUT, DELETE, OPTIONS',
    )
    const allowHeaders = headers.get('access-control-allow-headers') ?? ''
    for (const name of ['Origin', 'Content-Type', 'Authorization', 'X-Api-Key', 'X-Total-Count']) {
      expect(allowHeaders, label).toContain(name)
    }
    const exposeHeaders = headers.get('access-control-expose-headers') ?? ''
    expect(exposeHeaders, label).toContain('X-Total-Count')
    expect(exposeHeaders, label).toContain('X-Api-Key')
    expect(headers.get('access-control-allow-credentials'), label).toBe('true')
    expect(headers.get('access-control-max-age'), label).toBe('3600')
    expect(headers.get('x-powered-by'), label).toBe('Dependency-Track v4.13.0')
    expect(headers.get('cache-control'), label).toBe(
      'private, max-age=0, must-revalidate, no-cache',
    )
  }

  it('are present without an Origin header, on successes and on errors', async () => {
    const cases: Array<[string, Awaited<ReturnType<typeof api.request>>]> = [
      ['public 200', await api.request('GET', '/version')],
      ['authenticated 200', await api.request('GET', '/v1/team', { token: adminJwt })],
      ['401', await api.request('GET', '/v1/team')],
      ['403', await api.request('GET', '/v1/configProperty/public/general/base.url')],
      ['404', await api.request('GET', '/v1/no-such-resource', { token: adminJwt })],
      [
        '400 problem',
        await api.request('PUT', '/v1/team', {
          token: adminJwt,
          text: '{bad',
          headers: { 'Content-Type': 'application/json' },
        }),
      ],
      ['text/plain', await api.request('GET', '/v1/oidc/available')],
    ]
    for (const [label, response] of cases) expectApiHeaders(response.headers, label)
    expect(cases.map(([, response]) => response.status)).toEqual([
      200, 200, 401, 403, 404, 400, 200,
    ])
  })

  it('are present with an Origin header too', async () => {
    const response = await api.request('GET', '/version', {
      headers: { Origin: 'https://console.example.com' },
    })
    expect(response.status).toBe(200)
    expectApiHeaders(response.headers, 'with Origin')
  })

  it('an OPTIONS preflight on a protected path needs no credentials', async () => {
    const response = await api.request('OPTIONS', '/v1/team', {
      headers: {
        Origin: 'https://console.example.com',
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'Authorization, Content-Type',
      },
    })
    expect(response.status).toBe(200)
    expectApiHeaders(response.headers, 'preflight')
    const plain = await api.request('OPTIONS', '/v1/configProperty/aggregate')
    expect(plain.status).toBe(200)
  })
})

describe('URL layout (§0.1)', () => {
  it('accepts a trailing slash: GET /v1/configProperty/ works like without', async () => {
    const without = await api.request('GET', '/v1/configProperty', { token: adminJwt })
    const withSlash = await api.request('GET', '/v1/configProperty/', { token: adminJwt })
    expect(without.status).toBe(200)
    expect(withSlash.status).toBe(200)
    expect(withSlash.json).toEqual(without.json)
  })

  it('an unknown /api path is 404', async () => {
    const response = await api.request('GET', '/v1/definitely/not/here', { token: adminJwt })
    expect(response.status).toBe(404)
    const unversioned = await api.request('GET', '/nothing', { token: adminJwt })
    expect(unversioned.status).toBe(404)
  })
})

describe('error shapes (§0.4b, §0.5, dt-behaviour §0.1)', () => {
  it('malformed JSON is 400 problem+json "The provided JSON payload could not be mapped"', async () => {
    const response = await api.request('PUT', '/v1/team', {
      token: adminJwt,
      text: '{bad',
      headers: { 'Content-Type': 'application/json' },
    })
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/)
    expect(response.json.status).toBe(400)
    expect(response.json.title).toBe('The provided JSON payload could not be mapped')
    // Nothing was created.
    const teams = await api.request('GET', '/v1/team', { token: adminJwt })
    expect(teams.json).toHaveLength(4)
  })

  it('a bean-validation failure is 400 with a JSON array of {message, messageTemplate, path}', async () => {
    const response = await api.request('PUT', '/v1/team', { token: adminJwt, json: { name: '' } })
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(Array.isArray(response.json)).toBe(true)
    expect(response.json.length).toBeGreaterThan(0)
    for (const error of response.json) {
      expect(typeof error.message).toBe('string')
      expect(typeof error.messageTemplate).toBe('string')
      expect(typeof error.path).toBe('string')
    }
  })

  it('an invalid UUID in the path is 400 (§10.5 #2)', async () => {
    const response = await api.request('GET', '/v1/team/not-a-uuid', { token: adminJwt })
    expect(response.status).toBe(400)
  })

  it('a text/plain body to a JSON endpoint is 415', async () => {
    const response = await api.request('PUT', '/v1/team', { token: adminJwt, text: 'name' })
    expect(response.status).toBe(415)
  })

  it('GET /api/openapi.json is a public OpenAPI 3 document', async () => {
    const response = await api.request('GET', '/openapi.json')
    expect(response.status).toBe(200)
    expect(response.json.openapi).toMatch(/^3\./)
    const paths = Object.keys(response.json.paths)
    for (const path of [
      '/api/v1/user/login',
      '/api/version',
      '/api/v1/team',
      '/api/v1/configProperty/aggregate',
    ]) {
      expect(paths).toContain(path)
    }
  })

  it('GET /health reports the database', async () => {
    const response = await fetch(`${server.baseUrl}/health`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      status: 'UP',
      checks: [{ name: 'database', status: 'UP' }],
    })
  })
})

describe('request body limit (LOOKOUT_BODY_LIMIT_BYTES)', () => {
  let small: TestServer

  beforeAll(async () => {
    small = await startApiServer({ LOOKOUT_BODY_LIMIT_BYTES: '1024' })
  })

  afterAll(async () => {
    await small?.close()
  })

  it('answers 413 for a larger body and keeps serving', async () => {
    const client = apiClient(small.baseUrl)
    const token = await client.adminToken()
    const tooLarge = await client.request('PUT', '/v1/team', {
      token,
      json: { name: 'x'.repeat(2000) },
    })
    expect(tooLarge.status).toBe(413)

    const fits = await client.request('PUT', '/v1/team', { token, json: { name: 'Small team' } })
    expect(fits.status).toBe(201)
    const teams = await client.request('GET', '/v1/team', { token })
    expect(teams.status).toBe(200)
    expect(teams.json.map((team: { name: string }) => team.name).sort()).toEqual([
      'Administrators',
      'Automation',
      'Badge Viewers',
      'Portfolio Managers',
      'Small team',
    ])
  })
})

describe('GET /v1/event/token/{uuid} (§12, dt-behaviour §0.2)', () => {
  it('answers {processing:false} for an unknown token to any authenticated principal', async () => {
    const token = crypto.randomUUID()
    const asAdmin = await api.request('GET', `/v1/event/token/${token}`, { token: adminJwt })
    expect(asAdmin.status).toBe(200)
    expect(asAdmin.json).toEqual({ processing: false })

    // An API key of a team without any relevant permission (Badge Viewers: VIEW_BADGES only).
    const key = await api.request('PUT', `/v1/team/${await teamUuid('Badge Viewers')}/key`, {
      token: adminJwt,
    })
    expect(key.status).toBe(201)
    const asKey = await api.request('GET', `/v1/event/token/${token}`, { apiKey: key.json.key })
    expect(asKey.status).toBe(200)
    expect(asKey.json).toEqual({ processing: false })
  })

  it('is 401 without credentials', async () => {
    const response = await api.request('GET', `/v1/event/token/${crypto.randomUUID()}`)
    expect(response.status).toBe(401)
    expect(response.text).toBe('')
  })
})

describe('secrets never leak (§10.1, dt-behaviour §11.3)', () => {
  it('GET /v1/team and GET /v1/user/managed carry no password, hash or full key', async () => {
    const created = await api.request('PUT', `/v1/team/${await teamUuid('Automation')}/key`, {
      token: adminJwt,
    })
    expect(created.status).toBe(201)
    const fullKey: string = created.json.key
    const secret = fullKey.slice(13)
    const user = await api.request('PUT', '/v1/user/managed', {
      token: adminJwt,
      json: {
        username: 'leak-check',
        fullname: 'Leak Check',
        email: 'leak@example.com',
        newPassword: 'leak-check-password',
        confirmPassword: 'leak-check-password',
      },
    })
    expect(user.status).toBe(201)

    for (const path of ['/v1/team', '/v1/user/managed', '/v1/user/self']) {
      const response = await api.request('GET', path, { token: adminJwt })
      expect(response.status, path).toBe(200)
      for (const forbidden of [
        'password',
        'secret_hash',
        'secretHash',
        'passwordHash',
        'password_hash',
        fullKey,
        secret,
        'leak-check-password',
        'admin-password-1',
      ]) {
        expect(response.text, `${path} contains ${forbidden}`).not.toContain(forbidden)
      }
      expect(response.text, `${path} contains a bcrypt hash`).not.toMatch(/\$2[aby]\$/)
    }
  })
})
