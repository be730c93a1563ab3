import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'

// Contract: dt-api-admin.md §0.4 (JSON), §0.5 (errors), §3.2 (endpoints and type rules),
// §3.3 (public properties), §3.4 (catalogue of 100 properties, plus Lookout's two KEV properties and five risk weights), §15 #3–#5.

const PLACEHOLDER = 'HiddenDecryptedPropertyPlaceholder'

interface ConfigProperty {
  groupName: string
  propertyName: string
  propertyValue?: string
  propertyType: string
  description?: string
}

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

async function allProperties(): Promise<ConfigProperty[]> {
  const response = await api.request('GET', '/v1/configProperty', { token: adminJwt })
  expect(response.status).toBe(200)
  return response.json
}

async function property(groupName: string, propertyName: string) {
  const found = (await allProperties()).find(
    (p) => p.groupName === groupName && p.propertyName === propertyName,
  )
  expect(found, `${groupName}/${propertyName}`).toBeDefined()
  return found!
}

function aggregate(items: unknown[]) {
  return api.request('POST', '/v1/configProperty/aggregate', { token: adminJwt, json: items })
}

describe('GET /v1/configProperty (§3.2 #1)', () => {
  it('lists all 107 properties ordered by groupName, then propertyName', async () => {
    const response = await api.request('GET', '/v1/configProperty', { token: adminJwt })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-total-count')).toBeNull()
    const properties: ConfigProperty[] = response.json
    expect(properties).toHaveLength(107)
    const keys = properties.map((p) => [p.groupName, p.propertyName] as const)
    const sorted = [...keys].sort(([g1, n1], [g2, n2]) =>
      g1 === g2 ? (n1 < n2 ? -1 : n1 > n2 ? 1 : 0) : g1 < g2 ? -1 : 1,
    )
    expect(keys).toEqual(sorted)
    expect(new Set(keys.map(([g, n]) => `${g}/${n}`)).size).toBe(107)
    for (const p of properties) {
      expect([
        'BOOLEAN',
        'INTEGER',
        'NUMBER',
        'STRING',
        'ENCRYPTEDSTRING',
        'TIMESTAMP',
        'URL',
        'UUID',
      ]).toContain(p.propertyType)
      for (const key of Object.keys(p)) {
        expect([
          'groupName',
          'propertyName',
          'propertyValue',
          'propertyType',
          'description',
        ]).toContain(key)
      }
    }
  })

  it('shows every ENCRYPTEDSTRING as the placeholder, set or not', async () => {
    const encrypted = (await allProperties()).filter((p) => p.propertyType === 'ENCRYPTEDSTRING')
    expect(encrypted.length).toBeGreaterThan(0)
    expect(encrypted.map((p) => `${p.groupName}/${p.propertyName}`)).toContain(
      'email/smtp.password',
    )
    for (const p of encrypted) {
      expect(p.propertyValue, `${p.groupName}/${p.propertyName}`).toBe(PLACEHOLDER)
    }
  })

  it('omits propertyValue when it is null (§0.4)', async () => {
    const locale = await property('general', 'default.locale')
    expect(locale).not.toHaveProperty('propertyValue')
  })

  it('needs SYSTEM_CONFIGURATION', async () => {
    const teams = await api.request('GET', '/v1/team', { token: adminJwt })
    const automation = teams.json.find((t: { name: string }) => t.name === 'Automation')
    const key = await api.request('PUT', `/v1/team/${automation.uuid}/key`, { token: adminJwt })
    expect(key.status).toBe(201)
    const asKey = await api.request('GET', '/v1/configProperty', { apiKey: key.json.key })
    expect(asKey.status).toBe(403)
    const update = await api.request('POST', '/v1/configProperty/aggregate', {
      apiKey: key.json.key,
      json: [{ groupName: 'general', propertyName: 'badge.enabled', propertyValue: 'true' }],
    })
    expect(update.status).toBe(403)
    expect((await api.request('GET', '/v1/configProperty')).status).toBe(401)
  })
})

describe('POST /v1/configProperty/aggregate (§3.2 #3)', () => {
  it('answers one entry per item, in input order, and saves the successes', async () => {
    const response = await aggregate([
      { groupName: 'general', propertyName: 'badge.enabled', propertyValue: 'yes' },
      { groupName: 'email', propertyName: 'smtp.enabled', propertyValue: 'TRUE' },
      { groupName: 'email', propertyName: 'smtp.server.port', propertyValue: 'abc' },
      { groupName: 'task-scheduler', propertyName: 'ldap.sync.cadence', propertyValue: '0' },
      { groupName: 'general', propertyName: 'base.url', propertyValue: 'not a url' },
      { groupName: 'email', propertyName: 'smtp.password', propertyValue: PLACEHOLDER },
      { groupName: 'artifact', propertyName: 'bom.validation.mode', propertyValue: 'NOPE' },
      {
        groupName: 'artifact',
        propertyName: 'bom.validation.tags.inclusive',
        propertyValue: '["a", "b"]',
      },
      { groupName: 'general', propertyName: 'no.such.property', propertyValue: 'x' },
      { groupName: 'general', propertyName: 'welcome.message.enabled', propertyValue: true },
      { groupName: 'email', propertyName: 'smtp.server.port', propertyValue: 2525 },
    ])
    expect(response.status).toBe(200)
    const results = response.json
    expect(Array.isArray(results)).toBe(true)
    expect(results).toHaveLength(11)
    expect(results[0]).toMatchObject({
      groupName: 'general',
      propertyName: 'badge.enabled',
      propertyType: 'BOOLEAN',
      propertyValue: 'false',
    })
    expect(results[1]).toMatchObject({
      groupName: 'email',
      propertyName: 'smtp.enabled',
      propertyValue: 'true',
    })
    expect(results[2]).toBe('The property expected an integer and an integer was not sent.')
    expect(results[3]).toBe(
      'A Task scheduler cadence (ldap.sync.cadence) cannot be inferior to one hour.' +
        'A value of 0 was provided.',
    )
    expect(results[4]).toBe('The property expected a URL but the URL was malformed.')
    expect(results[5]).toBeNull()
    expect(results[6]).toBe(
      'Value must be any of: ENABLED, DISABLED, ENABLED_FOR_TAGS, DISABLED_FOR_TAGS',
    )
    expect(results[7]).toMatchObject({
      groupName: 'artifact',
      propertyName: 'bom.validation.tags.inclusive',
      propertyValue: '["a","b"]',
    })
    expect(results[8]).toBe('The config property could not be found.')
    expect(results[9]).toMatchObject({
      groupName: 'general',
      propertyName: 'welcome.message.enabled',
      propertyValue: 'true',
    })
    expect(results[10]).toMatchObject({
      groupName: 'email',
      propertyName: 'smtp.server.port',
      propertyType: 'INTEGER',
      propertyValue: '2525',
    })

    const stored = await allProperties()
    const value = (group: string, name: string) =>
      stored.find((p) => p.groupName === group && p.propertyName === name)?.propertyValue
    expect(value('general', 'badge.enabled')).toBe('false')
    expect(value('email', 'smtp.enabled')).toBe('true')
    expect(value('email', 'smtp.server.port')).toBe('2525')
    expect(value('task-scheduler', 'ldap.sync.cadence')).not.toBe('0')
    expect(value('general', 'base.url')).toBeUndefined()
    expect(value('artifact', 'bom.validation.mode')).toBe('ENABLED')
    expect(value('artifact', 'bom.validation.tags.inclusive')).toBe('["a","b"]')
    expect(value('general', 'welcome.message.enabled')).toBe('true')
    expect(value('email', 'smtp.password')).toBe(PLACEHOLDER)
  })

  it('applies the BOOLEAN rule: only "true" (any case, trimmed) and "1" are true', async () => {
    const inputs: Array<[unknown, string]> = [
      [' True ', 'true'],
      ['1', 'true'],
      ['yes', 'false'],
      ['on', 'false'],
      [null, 'false'],
      [false, 'false'],
      [true, 'true'],
    ]
    const response = await aggregate(
      inputs.map(([propertyValue]) => ({
        groupName: 'general',
        propertyName: 'badge.enabled',
        propertyValue,
      })),
    )
    expect(response.status).toBe(200)
    expect(response.json.map((r: ConfigProperty) => r.propertyValue)).toEqual(
      inputs.map(([, stored]) => stored),
    )
  })

  it('rejects the whole request with a 400 array when an item has an empty value', async () => {
    const before = await property('email', 'subject.prefix')
    const response = await aggregate([
      { groupName: 'email', propertyName: 'subject.prefix', propertyValue: '[Changed]' },
      { groupName: 'email', propertyName: 'smtp.from.address', propertyValue: '' },
    ])
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(Array.isArray(response.json)).toBe(true)
    expect(response.json.length).toBeGreaterThan(0)
    for (const error of response.json) {
      expect(typeof error.message).toBe('string')
      expect(typeof error.messageTemplate).toBe('string')
      expect(typeof error.path).toBe('string')
    }
    expect(await property('email', 'subject.prefix')).toEqual(before)
  })

  it('rejects a value with a control character (§3.2 bean constraints)', async () => {
    const response = await aggregate([
      { groupName: 'email', propertyName: 'subject.prefix', propertyValue: 'line\nbreak' },
    ])
    expect(response.status).toBe(400)
    expect(Array.isArray(response.json)).toBe(true)
  })
})

describe('POST /v1/configProperty (§3.2 #2)', () => {
  it('stores an encrypted value but never shows it', async () => {
    const secret = 'clear-text-smtp-secret-42'
    const response = await api.request('POST', '/v1/configProperty', {
      token: adminJwt,
      json: { groupName: 'email', propertyName: 'smtp.password', propertyValue: secret },
    })
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({
      groupName: 'email',
      propertyName: 'smtp.password',
      propertyType: 'ENCRYPTEDSTRING',
      propertyValue: PLACEHOLDER,
    })
    expect(response.text).not.toContain(secret)

    const list = await api.request('GET', '/v1/configProperty', { token: adminJwt })
    expect(list.text).not.toContain(secret)
    const stored = (list.json as ConfigProperty[]).find((p) => p.propertyName === 'smtp.password')
    expect(stored?.propertyValue).toBe(PLACEHOLDER)

    // It is stored, and stored encrypted.
    const [row] = await server.lookout.ctx!.db.query<{ property_value: string | null }>(
      `SELECT property_value FROM config_property
       WHERE group_name = 'email' AND property_name = 'smtp.password'`,
    )
    expect(row?.property_value).toBeTruthy()
    expect(row?.property_value).not.toContain(secret)
  })

  it('answers 304 for the placeholder and keeps the stored secret', async () => {
    const read = async () =>
      (
        await server.lookout.ctx!.db.query<{ property_value: string | null }>(
          `SELECT property_value FROM config_property
           WHERE group_name = 'email' AND property_name = 'smtp.password'`,
        )
      )[0]?.property_value
    await api.request('POST', '/v1/configProperty', {
      token: adminJwt,
      json: { groupName: 'email', propertyName: 'smtp.password', propertyValue: 'kept-secret' },
    })
    const before = await read()
    expect(before).toBeTruthy()
    const response = await api.request('POST', '/v1/configProperty', {
      token: adminJwt,
      json: { groupName: 'email', propertyName: 'smtp.password', propertyValue: PLACEHOLDER },
    })
    expect(response.status).toBe(304)
    expect(await read()).toBe(before)
  })

  it('answers 404 for an unknown property', async () => {
    const response = await api.request('POST', '/v1/configProperty', {
      token: adminJwt,
      json: { groupName: 'general', propertyName: 'no.such.property', propertyValue: 'x' },
    })
    expect(response.status).toBe(404)
    expect(response.text).toBe('The config property could not be found.')
  })

  it('answers a type-rule failure as 400 text', async () => {
    const response = await api.request('POST', '/v1/configProperty', {
      token: adminJwt,
      json: { groupName: 'email', propertyName: 'smtp.server.port', propertyValue: 'abc' },
    })
    expect(response.status).toBe(400)
    expect(response.text).toBe('The property expected an integer and an integer was not sent.')
  })

  it('answers an empty value as a 400 validation array (§3.2, §15 #4)', async () => {
    const response = await api.request('POST', '/v1/configProperty', {
      token: adminJwt,
      json: { groupName: 'email', propertyName: 'subject.prefix', propertyValue: '' },
    })
    expect(response.status).toBe(400)
    expect(Array.isArray(response.json)).toBe(true)
    expect(response.json[0]).toHaveProperty('message')
    expect(response.json[0]).toHaveProperty('path')
  })

  it('accepts the console’s trailing slash (§0.1)', async () => {
    const response = await api.request('POST', '/v1/configProperty/', {
      token: adminJwt,
      json: { groupName: 'email', propertyName: 'subject.prefix', propertyValue: '[Lookout]' },
    })
    expect(response.status).toBe(200)
    expect(response.json.propertyValue).toBe('[Lookout]')
    expect((await property('email', 'subject.prefix')).propertyValue).toBe('[Lookout]')
  })
})

describe('public properties follow updates (§3.3)', () => {
  it('general/default.locale set to "de" is served publicly, and null clears it', async () => {
    const set = await aggregate([
      { groupName: 'general', propertyName: 'default.locale', propertyValue: 'de' },
    ])
    expect(set.status).toBe(200)
    expect(set.json[0]).toMatchObject({ propertyName: 'default.locale', propertyValue: 'de' })
    const read = await api.request('GET', '/v1/configProperty/public/general/default.locale')
    expect(read.status).toBe(200)
    expect(read.json).toMatchObject({
      groupName: 'general',
      propertyName: 'default.locale',
      propertyType: 'STRING',
      propertyValue: 'de',
    })

    const cleared = await aggregate([
      { groupName: 'general', propertyName: 'default.locale', propertyValue: null },
    ])
    expect(cleared.status).toBe(200)
    const after = await api.request('GET', '/v1/configProperty/public/general/default.locale')
    expect(after.json).not.toHaveProperty('propertyValue')
  })
})
