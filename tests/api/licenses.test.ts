import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonBatches, LICENSE_BATCH_BYTES } from '../../server/data/licenses.ts'
import { syncLicenseCatalogue } from '../../server/domain/licenses/catalogue.ts'
import { seed } from '../../server/domain/system/seed.ts'
import { apiKeyWith, startBomServer, type BomServer } from '../fixtures/boms/support.ts'

// Contract: dt-api-portfolio.md §1.2, §1.4 (paging, sorting), §1.6, §3.16, §4.16;
// dt-behaviour.md §1.7 (the bundled catalogue, synchronised at startup); decision 015.

let server: BomServer
let admin: string
let reader: string
let configurator: string

beforeAll(async () => {
  server = await startBomServer()
  admin = server.adminJwt
  reader = await apiKeyWith(server, [])
  configurator = await apiKeyWith(server, ['SYSTEM_CONFIGURATION'])
}, 60_000)
afterAll(async () => {
  await server?.close()
})

type Json = Record<string, any>

const get = (path: string, auth: { token: string } | { apiKey: string } = { token: admin }) =>
  server.api.request('GET', path, auth)
const put = (json: unknown, auth: { token: string } | { apiKey: string } = { token: admin }) =>
  server.api.request('PUT', '/v1/license', { ...auth, json })
const remove = (
  licenseId: string,
  auth: { token: string } | { apiKey: string } = { token: admin },
) => server.api.request('DELETE', `/v1/license/${encodeURIComponent(licenseId)}`, auth)

async function catalogueSize() {
  const [row] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM license')
  return Number(row!.n)
}

describe('the bundled catalogue (§1.7)', () => {
  it('holds the SPDX licenses with texts, OSI, FSF and deprecated flags, and the exceptions', async () => {
    const mit = await get('/v1/license/MIT')
    expect(mit.status).toBe(200)
    expect(mit.json).toMatchObject({
      name: 'MIT License',
      licenseId: 'MIT',
      isOsiApproved: true,
      isDeprecatedLicenseId: false,
      isCustomLicense: false,
    })
    expect(mit.json.licenseText).toContain('Permission is hereby granted')
    expect(mit.json.seeAlso).toEqual([expect.stringMatching(/^https:\/\//)])
    expect(mit.json.uuid).toMatch(/^[0-9a-f-]{36}$/)
    // No npm package ships SPDX templates or headers (decision 015).
    expect(mit.json).not.toHaveProperty('standardLicenseTemplate')
    expect(mit.json).not.toHaveProperty('standardLicenseHeader')

    expect((await get('/v1/license/GPL-3.0-only')).json).toMatchObject({
      isFsfLibre: true,
      isOsiApproved: true,
    })
    expect((await get('/v1/license/GPL-2.0')).json.isDeprecatedLicenseId).toBe(true)
    expect((await get('/v1/license/GPL-2.0%2B')).json.isDeprecatedLicenseId).toBe(true)
    expect((await get('/v1/license/Classpath-exception-2.0')).json).toMatchObject({
      licenseId: 'Classpath-exception-2.0',
      isCustomLicense: false,
    })
    expect(await catalogueSize()).toBeGreaterThan(750)
  })

  it('synchronises at start: unchanged entries keep their UUIDs, edited ones come back, custom ones stay', async () => {
    const custom = await put({ name: 'Sync Custom', licenseId: 'Sync-Custom' })
    expect(custom.status).toBe(201)
    const before = (await get('/v1/license/Apache-2.0')).json
    const size = await catalogueSize()
    // What every start runs: with the packages unchanged it writes nothing.
    expect((await seed(server.db, 4)).licenseCatalogueChanged).toBe(false)
    await server.db.query(`UPDATE license SET name = 'Edited' WHERE license_id = 'MIT'`)
    await server.db.query(`DELETE FROM system_setting WHERE name = 'license-catalogue.version'`)
    expect((await seed(server.db, 4)).licenseCatalogueChanged).toBe(true)
    expect(await catalogueSize()).toBe(size)
    expect((await get('/v1/license/MIT')).json.name).toBe('MIT License')
    expect((await get('/v1/license/Apache-2.0')).json.uuid).toBe(before.uuid)
    expect((await get('/v1/license/Sync-Custom')).json).toMatchObject({
      uuid: custom.json.uuid,
      isCustomLicense: true,
    })
  }, 60_000)
})

describe('the bundled catalogue written in statements of at most 512 KB (decision 025)', () => {
  const bundledRows = () =>
    server.db.query<Record<string, unknown>>(
      `SELECT license_id, name, license_text, osi_approved, fsf_libre, deprecated_license_id,
         exception, see_also, uuid FROM license WHERE NOT custom_license ORDER BY license_id`,
    )

  it('is larger than one statement, and rewriting every entry gives back the same catalogue', async () => {
    const before = await bundledRows()
    const texts = before.map((row) => ({ ...row, uuid: undefined }))
    expect(jsonBatches(texts, LICENSE_BATCH_BYTES).length).toBeGreaterThan(1)
    // Every bundled entry edited: the next synchronisation rewrites them all, batch by batch.
    await server.db.query(
      `UPDATE license SET name = 'Edited', license_text = NULL, see_also = NULL
       WHERE NOT custom_license`,
    )
    await server.db.query(`DELETE FROM system_setting WHERE name = 'license-catalogue.version'`)
    expect(await syncLicenseCatalogue(server.db)).toBe(true)
    expect(await bundledRows()).toEqual(before)
    expect((await get('/v1/license/MIT')).json.name).toBe('MIT License')
  }, 60_000)
})

describe('GET /v1/license (paged)', () => {
  it('answers 401 without credentials, and to any signed-in principal', async () => {
    expect((await server.api.request('GET', '/v1/license')).status).toBe(401)
    expect((await server.api.request('GET', '/v1/license/concise')).status).toBe(401)
    expect((await server.api.request('GET', '/v1/license/MIT')).status).toBe(401)
    expect((await get('/v1/license', { apiKey: reader })).status).toBe(200)
    expect((await get('/v1/license/MIT', { apiKey: reader })).status).toBe(200)
  })

  it('pages 100 full licenses by name with the total in X-Total-Count', async () => {
    const response = await get('/v1/license')
    expect(response.status).toBe(200)
    expect(Number(response.headers.get('x-total-count'))).toBe(await catalogueSize())
    expect(response.json).toHaveLength(100)
    const names = response.json.map((license: Json) => license.name)
    // The database's collation decides the order of names.
    const ordered = await server.db.query<{ name: string }>(
      'SELECT name FROM license ORDER BY name, id LIMIT 100',
    )
    expect(names).toEqual(ordered.map((row) => row.name))
    const page2 = await get('/v1/license?pageNumber=2&pageSize=10')
    expect(page2.json.map((license: Json) => license.name)).toEqual(names.slice(10, 20))
  })

  it('searches name or licenseId, ignoring case', async () => {
    const response = await get('/v1/license?searchText=APACHE-2')
    expect(response.json.map((license: Json) => license.licenseId)).toContain('Apache-2.0')
    for (const license of response.json as Json[]) {
      expect(`${license.name} ${license.licenseId}`.toLowerCase()).toContain('apache-2')
    }
    const byName = await get('/v1/license?searchText=mit%20license')
    expect(byName.json.map((license: Json) => license.licenseId)).toContain('MIT')
  })

  it('sorts by licenseId and the console’s flag columns; other fields are a 400 problem', async () => {
    const desc = await get('/v1/license?sortName=licenseId&sortOrder=desc&pageSize=5&pageNumber=1')
    const expected = await server.db.query<{ license_id: string }>(
      'SELECT license_id FROM license ORDER BY license_id DESC, id LIMIT 5',
    )
    expect(desc.json.map((license: Json) => license.licenseId)).toEqual(
      expected.map((row) => row.license_id),
    )
    const osi = await get(
      '/v1/license?sortName=isOsiApproved&sortOrder=desc&pageSize=3&pageNumber=1',
    )
    expect(osi.json.every((license: Json) => license.isOsiApproved)).toBe(true)
    const bad = await get('/v1/license?sortName=bogus&sortOrder=asc')
    expect(bad.status).toBe(400)
    expect(bad.json).toMatchObject({
      title: 'Field not sortable',
      detail: 'Can not sort by License#bogus: The field does not exist',
    })
  })
})

describe('GET /v1/license/concise', () => {
  it('lists every license, concise, by name, ignoring paging', async () => {
    const response = await get('/v1/license/concise?limit=10')
    expect(response.status).toBe(200)
    expect(response.json).toHaveLength(await catalogueSize())
    const mit = response.json.find((license: Json) => license.licenseId === 'MIT')
    expect(Object.keys(mit).sort()).toEqual(
      [
        'isCustomLicense',
        'isDeprecatedLicenseId',
        'isFsfLibre',
        'isOsiApproved',
        'licenseId',
        'name',
        'uuid',
      ].sort(),
    )
  })
})

describe('GET /v1/license/{licenseId}', () => {
  it('answers 404 with DT’s text for an unknown id', async () => {
    const response = await get('/v1/license/No-Such-License')
    expect(response.status).toBe(404)
    expect(response.text).toBe('The license could not be found.')
  })
})

describe('PUT /v1/license (custom licenses)', () => {
  it('needs SYSTEM_CONFIGURATION', async () => {
    expect((await put({ name: 'X', licenseId: 'X-1' }, { apiKey: reader })).status).toBe(403)
    const created = await put({ name: 'Key Made', licenseId: 'Key-Made' }, { apiKey: configurator })
    expect(created.status).toBe(201)
  })

  it('creates a custom license with every field and answers 201', async () => {
    const response = await put({
      name: '  Acme Commercial License ',
      licenseId: 'Acme-Commercial-1.0',
      licenseText: 'You may not.',
      standardLicenseTemplate: 'template',
      standardLicenseHeader: 'header',
      licenseComments: 'internal',
      isOsiApproved: false,
      isFsfLibre: false,
      isDeprecatedLicenseId: false,
      seeAlso: [' https://acme.example/license '],
      unknownField: 'ignored',
    })
    expect(response.status).toBe(201)
    expect(response.json).toMatchObject({
      name: 'Acme Commercial License',
      licenseId: 'Acme-Commercial-1.0',
      licenseText: 'You may not.',
      standardLicenseTemplate: 'template',
      standardLicenseHeader: 'header',
      licenseComments: 'internal',
      isCustomLicense: true,
      seeAlso: ['https://acme.example/license'],
    })
    expect((await get('/v1/license/Acme-Commercial-1.0')).json.uuid).toBe(response.json.uuid)
  })

  it('accepts the exception aliases licenseExceptionId and licenseExceptionText', async () => {
    const response = await put({
      name: 'Acme Linking Exception',
      licenseExceptionId: 'Acme-linking-exception',
      licenseExceptionText: 'Linking is fine.',
    })
    expect(response.status).toBe(201)
    expect(response.json).toMatchObject({
      licenseId: 'Acme-linking-exception',
      licenseText: 'Linking is fine.',
    })
  })

  it('answers 409 when the licenseId exists, custom or bundled', async () => {
    for (const licenseId of ['MIT', 'Acme-Commercial-1.0']) {
      const response = await put({ name: 'Again', licenseId })
      expect(response.status).toBe(409)
      expect(response.text).toBe('A license with the specified name already exists.')
    }
  })

  it('refuses a blank name and a licenseId outside DT’s identifier rule (400 list)', async () => {
    const blank = await put({ name: ' ', licenseId: 'Fine-1' })
    expect(blank.status).toBe(400)
    expect(blank.json).toEqual([
      expect.objectContaining({ path: 'body.name', message: 'must not be blank' }),
    ])
    const spaced = await put({ name: 'Fine', licenseId: 'Not fine' })
    expect(spaced.status).toBe(400)
    expect(spaced.json[0]).toMatchObject({
      path: 'body.licenseId',
      message: 'The licenseId may only contain alpha, numeric, and specific symbols _-.+',
    })
    expect((await put({ name: 'Fine' })).status).toBe(400)
    expect((await get('/v1/license/Fine-1')).status).toBe(404)
  })
})

describe('DELETE /v1/license/{licenseId}', () => {
  async function licenseCondition(value: string) {
    const [policy] = await server.db.query<{ id: number }>(
      `INSERT INTO policy (name) VALUES ($1) RETURNING id`,
      [`policy-${Math.random().toString(36).slice(2)}`],
    )
    const [condition] = await server.db.query<{ id: number }>(
      `INSERT INTO policy_condition (policy_id, subject, operator, value)
       VALUES ($1, 'LICENSE', 'IS', $2) RETURNING id`,
      [policy!.id, value],
    )
    return condition!.id
  }

  it('needs SYSTEM_CONFIGURATION, answers 404 and 409 with DT’s texts', async () => {
    expect((await remove('Key-Made', { apiKey: reader })).status).toBe(403)
    const missing = await remove('No-Such-License')
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The license could not be found.')
    const bundled = await remove('MIT')
    expect(bundled.status).toBe(409)
    expect(bundled.text).toBe('Only custom licenses can be deleted.')
    expect((await get('/v1/license/MIT')).status).toBe(200)
  })

  it('deletes a custom license with the LICENSE conditions naming its UUID, and nothing else', async () => {
    const created = await put({ name: 'Doomed License', licenseId: 'Doomed-1.0' })
    const doomed = await licenseCondition(created.json.uuid)
    const mitUuid = (await get('/v1/license/MIT')).json.uuid
    const kept = await licenseCondition(mitUuid)
    const response = await remove('Doomed-1.0', { apiKey: configurator })
    expect(response.status).toBe(204)
    expect((await get('/v1/license/Doomed-1.0')).status).toBe(404)
    const rows = await server.db.query<{ id: number }>(
      'SELECT id FROM policy_condition WHERE id = ANY($1::bigint[])',
      [[doomed, kept]],
    )
    expect(rows.map((row) => Number(row.id))).toEqual([Number(kept)])
  })
})
