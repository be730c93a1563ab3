import fs from 'node:fs'
import path from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateSecret } from '../../server/data/system.ts'
import { decryptValue, encryptValue } from '../../server/domain/config/crypto.ts'
import { signToken } from '../../server/domain/auth/jwt.ts'
import { configKeyOf } from '../../server/domain/system/installation-keys.ts'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'

// Hardening: API keys never reach the logs; signing and encryption keys never sit in the database.

const LEGACY_NAMES = ['jwt.secret', 'session.secret', 'config.encryption.key']

function keyFileOf(server: TestServer) {
  return path.join(server.dataDir, 'keys', 'secret.keys')
}

async function settings(server: TestServer) {
  return server.lookout.ctx!.db.query<{ name: string; value: string }>(
    'SELECT name, value FROM system_setting',
  )
}

describe('request logs', () => {
  const lines: string[] = []
  let server: TestServer

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk))
        done()
      },
    })
    server = await startApiServer({}, { logStream: sink })
  })
  afterAll(() => server.close())

  it('never carry a full API key used as the key path parameter', async () => {
    const api = apiClient(server.baseUrl)
    const token = await api.adminToken()
    const teams = await api.request('GET', '/v1/team', { token })
    const team = teams.json.find((t: { name: string }) => t.name === 'Automation')
    const created = await api.request('PUT', `/v1/team/${team.uuid}/key`, { token })
    expect(created.status).toBe(201)
    const key: string = created.json.key
    const comment = await api.request('POST', `/v1/team/key/${key}/comment`, {
      token,
      text: 'rotated monthly',
    })
    expect(comment.status).toBe(200)
    const regenerated = await api.request('POST', `/v1/team/key/${key}`, { token })
    expect(regenerated.status).toBe(200)
    const newKey: string = regenerated.json.key
    expect((await api.request('DELETE', `/v1/team/key/${newKey}`, { token })).status).toBe(204)

    const log = lines.join('')
    expect(log).toContain('/api/v1/team/key/[redacted]/comment')
    expect(log).not.toContain(key)
    expect(log).not.toContain(newKey)
    expect(log).not.toContain(key.split('_')[2])
  })
})

describe('installation keys', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startApiServer()
  })
  afterAll(() => server.close())

  it('live in an owner-only key file, not in the database', async () => {
    const file = keyFileOf(server)
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700)
    const keys = JSON.parse(fs.readFileSync(file, 'utf8'))
    const rows = await settings(server)
    for (const row of rows) {
      expect(LEGACY_NAMES).not.toContain(row.name)
      for (const secret of Object.values(keys)) expect(row.value).not.toContain(secret)
    }
  })

  it('stay the same over a restart, so tokens signed before still verify', async () => {
    const api = apiClient(server.baseUrl)
    const token = await api.adminToken()
    await server.restart()
    const self = await apiClient(server.baseUrl).request('GET', '/v1/user/self', { token })
    expect(self.status).toBe(200)
  })
  it('refuse to start from a damaged key file rather than make new keys', async () => {
    fs.writeFileSync(keyFileOf(server), '{"jwtSecret": "trunc')
    await expect(server.restart()).rejects.toThrow(/not a Lookout key file/)
  })
})

describe('an installation that kept its keys in the database', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startApiServer()
  })
  afterAll(() => server.close())

  it('has them moved to the key file at start; old tokens and encrypted values still work', async () => {
    const db = server.lookout.ctx!.db
    const legacy = {
      jwtSecret: generateSecret(),
      sessionSecret: generateSecret(),
      configEncryptionKey: generateSecret(),
    }
    await db.query('DELETE FROM system_setting WHERE name = $1', ['keys.fingerprint'])
    await db.query('INSERT INTO system_setting (name, value) VALUES ($1, $2), ($3, $4), ($5, $6)', [
      'jwt.secret',
      legacy.jwtSecret,
      'session.secret',
      legacy.sessionSecret,
      'config.encryption.key',
      legacy.configEncryptionKey,
    ])
    fs.rmSync(keyFileOf(server))
    const oldToken = await signToken(
      new Uint8Array(Buffer.from(legacy.jwtSecret, 'base64')),
      { sub: 'admin', idp: 'LOCAL', permissions: '' },
      3600,
    )
    const encrypted = encryptValue(Buffer.from(legacy.configEncryptionKey, 'base64'), 'hunter2')

    await server.restart()

    expect(JSON.parse(fs.readFileSync(keyFileOf(server), 'utf8'))).toEqual(legacy)
    expect(fs.statSync(keyFileOf(server)).mode & 0o777).toBe(0o600)
    const names = (await settings(server)).map((row) => row.name)
    for (const name of LEGACY_NAMES) expect(names).not.toContain(name)
    const self = await apiClient(server.baseUrl).request('GET', '/v1/user/self', {
      token: oldToken,
    })
    expect(self.status).toBe(200)
    expect(decryptValue(configKeyOf(server.lookout.ctx!.db), encrypted)).toBe('hunter2')

    // Starting again finds the file and nothing left to move.
    await server.restart()
    expect(
      (await apiClient(server.baseUrl).request('GET', '/v1/user/self', { token: oldToken })).status,
    ).toBe(200)
  })

  it('refuses to start a process whose key file differs from the one the database knows', async () => {
    fs.writeFileSync(
      keyFileOf(server),
      JSON.stringify({
        jwtSecret: generateSecret(),
        sessionSecret: generateSecret(),
        configEncryptionKey: generateSecret(),
      }),
    )
    await expect(server.restart()).rejects.toThrow(/same key file/)
  })
})
