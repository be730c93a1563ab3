import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seed } from '../../server/domain/system/seed.ts'
import { apiKeyWith, startBomServer, type BomServer } from '../fixtures/boms/support.ts'

// Contract: dt-api-portfolio.md §1.4, §3.17, §4.17; the default groups 4.13 seeds.

let server: BomServer
let admin: string
let policyKey: string
let otherKey: string

beforeAll(async () => {
  server = await startBomServer()
  admin = server.adminJwt
  policyKey = await apiKeyWith(server, ['POLICY_MANAGEMENT'])
  otherKey = await apiKeyWith(server, ['VIEW_PORTFOLIO', 'SYSTEM_CONFIGURATION'])
}, 60_000)
afterAll(async () => {
  await server?.close()
})

type Json = Record<string, any>
type Auth = { token: string } | { apiKey: string }

const call = (method: string, path: string, json?: unknown, auth: Auth = { token: admin }) =>
  server.api.request(method, `/v1/licenseGroup${path}`, { ...auth, json })
const licenseUuid = async (licenseId: string) =>
  (await server.api.request('GET', `/v1/license/${licenseId}`, { token: admin })).json
    .uuid as string

let sequence = 0
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}-${++sequence}`

async function create(name = unique('Group')) {
  const response = await call('PUT', '', { name })
  expect(response.status, response.text).toBe(201)
  return response.json as Json
}

describe('default license groups', () => {
  it('are seeded with 4.13’s names, risk weights and licenses', async () => {
    const response = await call('GET', '?searchText=&sortName=name&sortOrder=asc')
    const byName = new Map<string, Json>(response.json.map((group: Json) => [group.name, group]))
    expect(byName.get('Copyleft')?.riskWeight).toBe(8)
    expect(byName.get('Weak Copyleft')?.riskWeight).toBe(3)
    expect(byName.get('Permissive')?.riskWeight).toBe(0)
    expect(byName.get('Non-Commercial')?.riskWeight).toBe(10)
    const ids = (name: string) => byName.get(name)!.licenses.map((l: Json) => l.licenseId)
    expect(ids('Copyleft')).toEqual(expect.arrayContaining(['GPL-3.0-only', 'AGPL-3.0-or-later']))
    expect(ids('Weak Copyleft')).toEqual(
      expect.arrayContaining(['LGPL-2.1-only', 'MPL-2.0', 'GPL-2.0-with-classpath-exception']),
    )
    expect(ids('Permissive')).toEqual(expect.arrayContaining(['MIT', 'Apache-2.0']))
    expect(ids('Non-Commercial')).toEqual(expect.arrayContaining(['CC-BY-NC-4.0']))
    expect(byName.get('Copyleft')!.licenses.length).toBeGreaterThan(30)
  })

  it('are seeded once: a deleted default group does not come back at the next start', async () => {
    const permissive = (await call('GET', '?searchText=permissive')).json[0]
    expect((await call('DELETE', `/${permissive.uuid}`)).status).toBe(204)
    await seed(server.db, 4)
    expect((await call('GET', '?searchText=permissive')).json).toEqual([])
  })
})

describe('permissions', () => {
  it('every operation needs POLICY_MANAGEMENT (401 without credentials)', async () => {
    expect((await server.api.request('GET', '/v1/licenseGroup')).status).toBe(401)
    expect((await call('GET', '', undefined, { apiKey: otherKey })).status).toBe(403)
    expect((await call('PUT', '', { name: 'Nope' }, { apiKey: otherKey })).status).toBe(403)
    expect((await call('GET', '', undefined, { apiKey: policyKey })).status).toBe(200)
    const made = await call('PUT', '', { name: unique('Key group') }, { apiKey: policyKey })
    expect(made.status).toBe(201)
  })
})

describe('GET /v1/licenseGroup (paged)', () => {
  it('pages by name with X-Total-Count, searches the name and sorts by risk weight', async () => {
    const all = await call('GET', '')
    const total = Number(all.headers.get('x-total-count'))
    expect(total).toBe(all.json.length)
    const names = all.json.map((group: Json) => group.name)
    const ordered = await server.db.query<{ name: string }>(
      'SELECT name FROM license_group ORDER BY name, id',
    )
    expect(names).toEqual(ordered.map((row) => row.name))
    const copy = await call('GET', '?searchText=COPYLEFT')
    expect(copy.json.map((group: Json) => group.name).sort()).toEqual(['Copyleft', 'Weak Copyleft'])
    expect(copy.headers.get('x-total-count')).toBe('2')
    const heavy = await call('GET', '?sortName=riskWeight&sortOrder=desc&pageSize=1&pageNumber=1')
    expect(heavy.json.map((group: Json) => group.name)).toEqual(['Non-Commercial'])
    expect(heavy.headers.get('x-total-count')).toBe(String(total))
    const bad = await call('GET', '?sortName=licenses&sortOrder=asc')
    expect(bad.status).toBe(200)
    const unknown = await call('GET', '?sortName=bogus&sortOrder=asc')
    expect(unknown.status).toBe(400)
    expect(unknown.json.detail).toBe('Can not sort by LicenseGroup#bogus: The field does not exist')
  })
})

describe('one group', () => {
  it('GET answers the group or 404; a malformed UUID is a 400 list', async () => {
    const group = await create()
    expect((await call('GET', `/${group.uuid}`)).json).toEqual(group)
    const missing = await call('GET', '/4a3f1e0c-1b2d-4c3e-8f4a-5b6c7d8e9f00')
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The license group could not be found.')
    expect((await call('GET', '/not-a-uuid')).status).toBe(400)
  })

  it('PUT creates with risk weight 0 and no licenses; a taken name is 409; a blank one 400', async () => {
    const name = unique('New')
    const response = await call('PUT', '', { name: `  ${name} ` })
    expect(response.status).toBe(201)
    expect(response.json).toEqual({
      uuid: expect.any(String),
      name,
      licenses: [],
      riskWeight: 0,
    })
    const again = await call('PUT', '', { name })
    expect(again.status).toBe(409)
    expect(again.text).toBe('A license group with the specified name already exists.')
    const blank = await call('PUT', '', { name: '' })
    expect(blank.status).toBe(400)
    expect(blank.json[0]).toMatchObject({ path: 'body.name', message: 'must not be blank' })
  })

  it('POST renames and keeps the risk weight; unknown UUID 404; another group’s name 409', async () => {
    const copyleft = (await call('GET', '?searchText=copyleft&sortName=name&sortOrder=asc')).json[0]
    const name = unique('Strong copyleft')
    const renamed = await call('POST', '', { uuid: copyleft.uuid, name })
    expect(renamed.status).toBe(200)
    expect(renamed.json).toMatchObject({ name, riskWeight: 8 })
    expect(renamed.json.licenses).toHaveLength(copyleft.licenses.length)
    const missing = await call('POST', '', { uuid: '4a3f1e0c-1b2d-4c3e-8f4a-5b6c7d8e9f00', name })
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The license group could not be found.')
    expect((await call('POST', '', { name })).status).toBe(404)
    const taken = await call('POST', '', { uuid: copyleft.uuid, name: 'Weak Copyleft' })
    expect(taken.status).toBe(409)
    await call('POST', '', { uuid: copyleft.uuid, name: 'Copyleft' })
  })

  it('DELETE answers 204, then 404 with DT’s text', async () => {
    const group = await create()
    expect((await call('DELETE', `/${group.uuid}`)).status).toBe(204)
    const again = await call('DELETE', `/${group.uuid}`)
    expect(again.status).toBe(404)
    expect(again.text).toBe('The UUID of the license group could not be found.')
  })
})

describe('licenses of a group', () => {
  it('adds and removes licenses (ordered by name), 304 when nothing changes', async () => {
    const group = await create()
    const mit = await licenseUuid('MIT')
    const apache = await licenseUuid('Apache-2.0')
    const added = await call('POST', `/${group.uuid}/license/${mit}`)
    expect(added.status).toBe(200)
    expect(added.json.licenses.map((l: Json) => l.licenseId)).toEqual(['MIT'])
    await call('POST', `/${group.uuid}/license/${apache}`)
    const both = (await call('GET', `/${group.uuid}`)).json
    expect(both.licenses.map((l: Json) => l.name)).toEqual(['Apache License 2.0', 'MIT License'])
    expect(both.licenses[0]).toEqual({
      name: 'Apache License 2.0',
      licenseId: 'Apache-2.0',
      isOsiApproved: true,
      isFsfLibre: true,
      isDeprecatedLicenseId: false,
      isCustomLicense: false,
      uuid: apache,
    })
    const again = await call('POST', `/${group.uuid}/license/${mit}`)
    expect(again.status).toBe(304)
    const removed = await call('DELETE', `/${group.uuid}/license/${mit}`)
    expect(removed.status).toBe(200)
    expect(removed.json.licenses.map((l: Json) => l.licenseId)).toEqual(['Apache-2.0'])
    expect((await call('DELETE', `/${group.uuid}/license/${mit}`)).status).toBe(304)
  })

  it('answers 404 for an unknown group or license', async () => {
    const group = await create()
    const mit = await licenseUuid('MIT')
    const noGroup = await call('POST', `/4a3f1e0c-1b2d-4c3e-8f4a-5b6c7d8e9f00/license/${mit}`)
    expect(noGroup.status).toBe(404)
    expect(noGroup.text).toBe('The license group could not be found.')
    const noLicense = await call(
      'DELETE',
      `/${group.uuid}/license/4a3f1e0c-1b2d-4c3e-8f4a-5b6c7d8e9f00`,
    )
    expect(noLicense.status).toBe(404)
    expect(noLicense.text).toBe('The license could not be found.')
  })
})
