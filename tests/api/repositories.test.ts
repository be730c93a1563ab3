import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HIDDEN_PASSWORD_PLACEHOLDER } from '../../common/repository-shapes.ts'
import { decryptValue } from '../../server/domain/config/crypto.ts'
import { synchroniseDefaultRepositories } from '../../server/domain/repositories/defaults.ts'
import { configKeyOf } from '../../server/domain/system/installation-keys.ts'
import { apiKeyWith, startBomServer, type BomServer } from '../fixtures/boms/support.ts'

// Contract: dt-api-admin.md §7 (model, endpoints 1–6, default repositories).

let server: BomServer
let admin: string
let configKey: string
let portfolioKey: string

beforeAll(async () => {
  server = await startBomServer()
  admin = server.adminJwt
  configKey = await apiKeyWith(server, ['SYSTEM_CONFIGURATION'])
  portfolioKey = await apiKeyWith(server, ['VIEW_PORTFOLIO'])
}, 60_000)
afterAll(async () => {
  await server?.close()
})

type Json = Record<string, any>
type Auth = { token: string } | { apiKey: string }

const call = (method: string, path: string, json?: unknown, auth: Auth = { token: admin }) =>
  server.api.request(method, `/v1/repository${path}`, { ...auth, json })

let sequence = 0
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++sequence}`

async function create(body: Json) {
  const response = await call('PUT', '', {
    enabled: true,
    internal: false,
    authenticationRequired: false,
    ...body,
  })
  expect(response.status, response.text).toBe(201)
  return response.json as Json
}

const storedPassword = async (uuid: string) =>
  (
    await server.db.query<{ password: string | null; username: string | null }>(
      'SELECT username, password FROM repository WHERE uuid = $1',
      [uuid],
    )
  )[0]!

describe('default repositories', () => {
  it('are 4.13’s seventeen, enabled, not internal, Maven’s in resolution order 1–5', async () => {
    const all = await call('GET', '?limit=100&offset=0')
    expect(all.status).toBe(200)
    const defaults = (all.json as Json[]).filter((r) => r.url.includes('/repositories/'))
    expect(defaults).toHaveLength(17)
    expect(defaults.every((r) => r.enabled && r.internal === false)).toBe(true)
    const maven = await call('GET', '/MAVEN?orderBy=resolutionOrder&sort=asc')
    expect(maven.json.map((r: Json) => [r.identifier, r.resolutionOrder])).toEqual([
      ['central', 1],
      ['atlassian-public', 2],
      ['jboss-releases', 3],
      ['clojars', 4],
      ['google-android', 5],
    ])
    // Rebased by LOOKOUT_REPOSITORY_DEFAULTS_URL onto a loopback server: never the internet.
    expect(maven.json[0].url).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/repositories\/central\/maven2\/$/,
    )
  })

  it('come back at the next start when deleted; a changed one stays as it was changed', async () => {
    const [hex] = (await call('GET', '/HEX')).json
    const [gem] = (await call('GET', '/GEM')).json
    expect((await call('DELETE', `/${hex.uuid}`)).status).toBe(204)
    const changed = await call('POST', '', {
      ...gem,
      url: 'http://127.0.0.1:9/gems',
      enabled: false,
    })
    expect(changed.status).toBe(200)
    // What every start does (server/lookout.ts), with the test server's base URL.
    const base = new URL(gem.url).origin + '/repositories'
    expect(await synchroniseDefaultRepositories(server.db, base)).toBe(1)
    const hexAgain = (await call('GET', '/HEX')).json
    expect(hexAgain.map((r: Json) => r.identifier)).toEqual(['hex.pm'])
    expect(hexAgain[0].uuid).not.toBe(hex.uuid)
    const gemAgain = (await call('GET', '/GEM')).json[0]
    expect(gemAgain).toMatchObject({
      uuid: gem.uuid,
      url: 'http://127.0.0.1:9/gems',
      enabled: false,
    })
  })
})

describe('PUT /v1/repository', () => {
  it('creates a repository last in its type’s order, trimmed, without credentials unless required', async () => {
    const identifier = unique('internal-npm')
    const made = await create({
      type: 'NPM',
      identifier: `  ${identifier} `,
      url: ' http://127.0.0.1:9/npm/ ',
      internal: true,
      username: 'ignored',
      password: 'ignored',
    })
    expect(made).toMatchObject({
      type: 'NPM',
      identifier,
      url: 'http://127.0.0.1:9/npm/',
      internal: true,
      enabled: true,
      authenticationRequired: false,
    })
    expect(made.resolutionOrder).toBe(2)
    expect(made).not.toHaveProperty('password')
    expect(made).not.toHaveProperty('username')
    expect(await storedPassword(made.uuid)).toEqual({ username: null, password: null })
  })

  it('keeps an encrypted password, never returned, when authentication is required', async () => {
    const made = await create({
      type: 'MAVEN',
      identifier: unique('private-maven'),
      url: 'http://127.0.0.1:9/maven/',
      authenticationRequired: true,
      username: ' deploy ',
      password: 's3cret-password',
    })
    expect(made.username).toBe('deploy')
    expect(JSON.stringify(made)).not.toContain('s3cret')
    const stored = await storedPassword(made.uuid)
    expect(stored.password).not.toContain('s3cret')
    expect(decryptValue(configKeyOf(server.lookout.ctx!.db), stored.password!)).toBe(
      's3cret-password',
    )
    const listed = await call('GET', `/MAVEN?searchText=${made.identifier}`)
    expect(listed.text).not.toContain('s3cret')
    expect(listed.text).not.toContain(stored.password!)
  })

  it('answers 409 with 4.13’s text for a type and identifier that exist', async () => {
    const identifier = unique('twice')
    await create({ type: 'PYPI', identifier, url: 'http://127.0.0.1:9/a' })
    const again = await call('PUT', '', { type: 'PYPI', identifier, url: 'http://127.0.0.1:9/b' })
    expect(again.status).toBe(409)
    expect(again.text).toBe('A repository with the specified identifier already exists.')
    // Another type may use the same identifier.
    await create({ type: 'CARGO', identifier, url: 'http://127.0.0.1:9/c' })
  })

  it('refuses a blank identifier or url with a validation array', async () => {
    const response = await call('PUT', '', { type: 'NPM', identifier: '  ', url: '' })
    expect(response.status).toBe(400)
    const paths = (response.json as Json[]).map((error) => error.path).sort()
    expect(paths).toEqual(['body.identifier', 'body.url'])
    expect(response.json[0].message).toBe('must not be blank')
  })
})

describe('POST /v1/repository', () => {
  it('updates url and switches; identifier and resolution order stay; the placeholder keeps the password', async () => {
    const made = await create({
      type: 'COMPOSER',
      identifier: unique('satis'),
      url: 'http://127.0.0.1:9/satis/',
      authenticationRequired: true,
      username: 'user',
      password: 'first-password',
    })
    const before = await storedPassword(made.uuid)
    const updated = await call('POST', '', {
      uuid: made.uuid,
      identifier: 'renamed',
      url: ' http://127.0.0.1:9/satis2/ ',
      enabled: false,
      internal: true,
      authenticationRequired: true,
      username: 'user2',
      password: HIDDEN_PASSWORD_PLACEHOLDER,
    })
    expect(updated.status, updated.text).toBe(200)
    expect(updated.json).toMatchObject({
      identifier: made.identifier,
      url: 'http://127.0.0.1:9/satis2/',
      enabled: false,
      internal: true,
      username: 'user2',
      resolutionOrder: made.resolutionOrder,
    })
    expect((await storedPassword(made.uuid)).password).toBe(before.password)
    // null keeps it too; a new one replaces it.
    await call('POST', '', { ...updated.json, password: null })
    expect((await storedPassword(made.uuid)).password).toBe(before.password)
    await call('POST', '', { ...updated.json, password: 'second-password' })
    const after = await storedPassword(made.uuid)
    expect(decryptValue(configKeyOf(server.lookout.ctx!.db), after.password!)).toBe(
      'second-password',
    )
    // Authentication off clears the credentials.
    const plain = await call('POST', '', { ...updated.json, authenticationRequired: false })
    expect(plain.json).not.toHaveProperty('username')
    expect(await storedPassword(made.uuid)).toEqual({ username: null, password: null })
  })

  it('answers 404 with 4.13’s text for an unknown UUID', async () => {
    const response = await call('POST', '', {
      uuid: '0b8e4a6e-5a0e-4c9e-9d8c-2c2d3f0f4a11',
      identifier: 'x',
      url: 'http://127.0.0.1:9/',
    })
    expect(response.status).toBe(404)
    expect(response.text).toBe('The UUID of the repository could not be found.')
  })
})

describe('DELETE /v1/repository/{uuid}', () => {
  it('deletes (204), then answers 404 with 4.13’s text', async () => {
    const made = await create({
      type: 'GEM',
      identifier: unique('gems'),
      url: 'http://127.0.0.1:9/',
    })
    expect((await call('DELETE', `/${made.uuid}`)).status).toBe(204)
    const again = await call('DELETE', `/${made.uuid}`)
    expect(again.status).toBe(404)
    expect(again.text).toBe('The UUID of the repository could not be found.')
  })
})

describe('GET /v1/repository and /v1/repository/{type}', () => {
  it('pages in SQL with X-Total-Count, type then identifier order, and searches the identifier', async () => {
    const all = await call('GET', '')
    const total = Number(all.headers.get('x-total-count'))
    const rows = await server.db.query<{ type: string; identifier: string }>(
      'SELECT type, identifier FROM repository ORDER BY type, identifier, id',
    )
    expect(total).toBe(rows.length)
    expect(all.json.map((r: Json) => [r.type, r.identifier])).toEqual(
      rows.map((r) => [r.type, r.identifier]),
    )
    const second = await call('GET', '?pageSize=2&pageNumber=2')
    expect(second.json.map((r: Json) => r.identifier)).toEqual(
      rows.slice(2, 4).map((r) => r.identifier),
    )
    const search = await call('GET', '?searchText=JBOSS')
    expect(search.json.map((r: Json) => r.identifier)).toEqual(['jboss-releases'])
    expect(search.headers.get('x-total-count')).toBe('1')
  })

  it('lists one type by identifier, sorts by resolutionOrder, and answers 404 for an unknown type', async () => {
    const maven = await call('GET', '/MAVEN')
    const identifiers = maven.json.map((r: Json) => r.identifier)
    expect(identifiers).toEqual([...identifiers].sort())
    const desc = await call('GET', '/MAVEN?orderBy=resolutionOrder&sort=desc')
    const orders = desc.json.map((r: Json) => r.resolutionOrder)
    expect(orders).toEqual([...orders].sort((a: number, b: number) => b - a))
    expect((await call('GET', '/NOPE')).status).toBe(404)
    expect((await call('GET', '?sortName=nope&sortOrder=asc')).status).toBe(400)
  })
})

describe('permissions', () => {
  it('needs SYSTEM_CONFIGURATION for all but latest, which any signed-in caller may use', async () => {
    expect((await server.api.request('GET', '/v1/repository')).status).toBe(401)
    expect((await server.api.request('GET', '/v1/repository/latest?purl=pkg:npm/a')).status).toBe(
      401,
    )
    const portfolio = { apiKey: portfolioKey }
    expect((await call('GET', '', undefined, portfolio)).status).toBe(403)
    expect((await call('GET', '/NPM', undefined, portfolio)).status).toBe(403)
    expect(
      (await call('PUT', '', { type: 'NPM', identifier: 'x', url: 'y' }, portfolio)).status,
    ).toBe(403)
    expect(
      (await call('GET', '/latest?purl=pkg:npm/nothing-known', undefined, portfolio)).status,
    ).toBe(404)
    expect((await call('GET', '', undefined, { apiKey: configKey })).status).toBe(200)
  })
})

describe('GET /v1/repository/latest', () => {
  it('answers the package’s metadata, 204 for an unsupported type, 400 malformed, 404 unknown', async () => {
    await server.db.query(
      `INSERT INTO repository_meta_component (repository_type, namespace, name, latest_version, published, last_check)
       VALUES ('NPM', '@acme', 'widget', '2.0.0', '2024-01-02T03:04:05Z', '2026-01-01T00:00:00Z')`,
    )
    const found = await call('GET', '/latest?purl=pkg:npm/%40acme/widget@1.0.0')
    expect(found.status).toBe(200)
    expect(found.json).toEqual({
      repositoryType: 'NPM',
      namespace: '@acme',
      name: 'widget',
      latestVersion: '2.0.0',
      published: Date.parse('2024-01-02T03:04:05Z'),
      lastCheck: Date.parse('2026-01-01T00:00:00Z'),
    })
    expect((await call('GET', '/latest?purl=pkg:deb/debian/openssl@1.1.1')).status).toBe(204)
    expect((await call('GET', '/latest?purl=not-a-purl')).status).toBe(400)
    const unknown = await call('GET', '/latest?purl=pkg:npm/unknown-package@1.0.0')
    expect(unknown.status).toBe(404)
    expect(unknown.text).toBe(
      'The repository metadata for the specified component cannot be found.',
    )
  })
})
