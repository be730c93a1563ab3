import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { startOsvFake, type OsvFake } from '../support/fakes/osv.ts'

// dt-api-portfolio §4.25, dt-api-admin §6: the ecosystems listed in `{base}ecosystems.txt`
// (fetched live; blank lines skipped, trimmed; empty on failure) and those not yet enabled in
// `google.osv.enabled`. Both need SYSTEM_CONFIGURATION.

let server: TestServer
let fake: OsvFake
let api: ReturnType<typeof apiClient>
let token: string

beforeAll(async () => {
  fake = await startOsvFake()
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  token = await api.adminToken()
})

afterAll(async () => {
  await server?.close()
  await fake?.close()
})

async function configure(properties: Record<string, string | null>) {
  const response = await api.request('POST', '/v1/configProperty/aggregate', {
    token,
    json: Object.entries(properties).map(([propertyName, propertyValue]) => ({
      groupName: 'vuln-source',
      propertyName,
      propertyValue,
    })),
  })
  expect(response.status).toBe(200)
}

async function teamKey(permissions: string[]) {
  const team = await api.request('PUT', '/v1/team', {
    token,
    json: { name: `team-${permissions.join('-') || 'none'}` },
  })
  for (const permission of permissions) {
    await api.request('POST', `/v1/permission/${permission}/team/${team.json.uuid}`, { token })
  }
  const key = await api.request('PUT', `/v1/team/${team.json.uuid}/key`, { token })
  return key.json.key as string
}

describe('GET /v1/integration/osv/ecosystem', () => {
  it('lists the ecosystems OSV publishes, trimmed and without blank lines', async () => {
    fake.setEcosystems(['AlmaLinux', '  Debian:12 ', '', 'GitHub Actions', 'crates.io', 'npm'])
    await configure({ 'google.osv.base.url': fake.baseUrl.replace(/\/$/, '') })
    const response = await api.request('GET', '/v1/integration/osv/ecosystem', { token })
    expect(response.status).toBe(200)
    expect(response.json).toEqual(['AlmaLinux', 'Debian:12', 'GitHub Actions', 'crates.io', 'npm'])
    expect(fake.requests.at(-1)?.path).toBe('/ecosystems.txt')
  })

  it('answers an empty list when the list cannot be fetched', async () => {
    fake.setEcosystems(null)
    await configure({ 'google.osv.base.url': fake.baseUrl })
    const failing = await api.request('GET', '/v1/integration/osv/ecosystem', { token })
    expect(failing.status).toBe(200)
    expect(failing.json).toEqual([])

    await configure({ 'google.osv.base.url': 'http://127.0.0.1:9/' })
    const unreachable = await api.request('GET', '/v1/integration/osv/ecosystem/inactive', {
      token,
    })
    expect(unreachable.status).toBe(200)
    expect(unreachable.json).toEqual([])
  })
})

describe('GET /v1/integration/osv/ecosystem/inactive', () => {
  it('leaves out the ecosystems enabled for mirroring', async () => {
    fake.setEcosystems(['Go', 'Maven', 'PyPI', 'crates.io', 'npm'])
    await configure({
      'google.osv.base.url': fake.baseUrl,
      'google.osv.enabled': 'Maven; npm ;PyPI',
    })
    const response = await api.request('GET', '/v1/integration/osv/ecosystem/inactive', { token })
    expect(response.status).toBe(200)
    expect(response.json).toEqual(['Go', 'crates.io'])

    await configure({ 'google.osv.enabled': null })
    const none = await api.request('GET', '/v1/integration/osv/ecosystem/inactive', { token })
    expect(none.json).toEqual(['Go', 'Maven', 'PyPI', 'crates.io', 'npm'])
  })
})

describe('permissions', () => {
  it('401 without credentials and 403 without SYSTEM_CONFIGURATION', async () => {
    const viewer = await teamKey(['VIEW_PORTFOLIO'])
    const configurer = await teamKey(['SYSTEM_CONFIGURATION'])
    for (const path of [
      '/v1/integration/osv/ecosystem',
      '/v1/integration/osv/ecosystem/inactive',
    ]) {
      expect((await api.request('GET', path)).status).toBe(401)
      expect((await api.request('GET', path, { apiKey: viewer })).status).toBe(403)
      expect((await api.request('GET', path, { apiKey: configurer })).status).toBe(200)
    }
  })
})
