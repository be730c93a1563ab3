import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEARCH_LIMIT } from '../../server/domain/search/search.ts'
import { accessFixtures } from '../support/access-fixtures.ts'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { vulnerabilityFixtures } from '../support/vulnerability-fixtures.ts'

// Contract: dt-api-admin.md §4 (endpoints, SearchResult shape, fields per index, reindex types
// and its 400 text), dt-behaviour.md §10 (exact, then prefix, then substring; 1000 hits per
// index). Beyond 4.13 (issue 13): project, component and service hits follow portfolio ACL.

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
const access = accessFixtures(
  () => api,
  () => adminJwt,
)
const fixtures = vulnerabilityFixtures(
  () => server,
  () => api,
  () => adminJwt,
)

type Auth = { token?: string; apiKey?: string }
type Hit = Record<string, string>
type Hits = Record<
  'project' | 'component' | 'servicecomponent' | 'vulnerability' | 'license' | 'vulnerablesoftware',
  Hit[]
>
async function results(path: string, auth: Auth = { token: adminJwt }) {
  const response = await api.request('GET', path, auth)
  expect(response.status, `${path}: ${response.text}`).toBe(200)
  return response.json.results as Hits
}
const q = (text: string) => encodeURIComponent(text)

let shop: { uuid: string }
let vault: { uuid: string }
let shopComponent: string
let vaultComponent: string
let shopService: string
let vaultService: string

async function service(projectUuid: string, body: Record<string, unknown>) {
  const response = await api.request('PUT', `/v1/service/project/${projectUuid}`, {
    token: adminJwt,
    json: { endpoints: [], ...body },
  })
  expect(response.status, response.text).toBe(201)
  return response.json.uuid as string
}

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
  shop = await access.project({ name: 'zebrashop', version: '2.1', description: 'Online shop' })
  vault = await access.project({ name: 'zebravault', classifier: 'APPLICATION' })
  shopComponent = await fixtures.createComponent(shop.uuid, 'zebra-cart', '1.4.0', {
    group: 'com.zebra',
    sha1: 'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3',
    description: 'Cart library',
  })
  vaultComponent = await fixtures.createComponent(vault.uuid, 'zebra-lock')
  shopService = await service(shop.uuid, { name: 'zebra-payments', group: 'billing', version: '3' })
  vaultService = await service(vault.uuid, { name: 'zebra-keys' })
  await fixtures.mirror([
    { source: 'NVD', vulnId: 'CVE-2024-4242', description: 'A zebra overflow' },
    { source: 'NVD', vulnId: 'CVE-2024-42420', description: 'Another one' },
  ])
  await server.lookout.ctx!.db.query(
    `INSERT INTO vulnerable_software (content_key, part, vendor, product, version, cpe23, cpe22)
     VALUES ('search-test', 'a', 'zebracorp', 'zebrad', '1.0',
             'cpe:2.3:a:zebracorp:zebrad:1.0:*:*:*:*:*:*:*', 'cpe:/a:zebracorp:zebrad:1.0')`,
  )
})

afterAll(async () => {
  await server?.close()
})

describe('GET /v1/search and its per-index endpoints', () => {
  it('answers every portfolio index with only the non-blank fields §4 lists', async () => {
    const found = await results(`/v1/search?query=zebra`)
    expect(Object.keys(found).sort()).toEqual(
      ['component', 'license', 'project', 'servicecomponent', 'vulnerability'].sort(),
    )
    expect(found.project).toContainEqual({
      uuid: shop.uuid,
      name: 'zebrashop',
      version: '2.1',
      description: 'Online shop',
    })
    expect(found.project).toContainEqual({ uuid: vault.uuid, name: 'zebravault' })
    expect(found.component).toContainEqual({
      uuid: shopComponent,
      name: 'zebra-cart',
      group: 'com.zebra',
      version: '1.4.0',
      sha1: 'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3',
      description: 'Cart library',
    })
    expect(found.servicecomponent).toContainEqual({
      uuid: shopService,
      name: 'zebra-payments',
      group: 'billing',
      version: '3',
    })
    const [cve] = found.vulnerability.filter((hit) => hit.vulnId === 'CVE-2024-4242')
    expect(cve).toEqual({
      uuid: expect.any(String),
      vulnId: 'CVE-2024-4242',
      source: 'NVD',
      description: 'A zebra overflow',
    })
    expect(found.license).toEqual([])
  })

  it('searches one index per endpoint under the index key', async () => {
    expect(await results(`/v1/search/project?query=zebrav`)).toEqual({
      project: [{ uuid: vault.uuid, name: 'zebravault' }],
    })
    const components = await results(`/v1/search/component?query=a94a8fe5`)
    expect(components.component.map((hit) => hit.uuid)).toEqual([shopComponent])
    const services = await results(`/v1/search/service?query=KEYS`)
    expect(services.servicecomponent.map((hit) => hit.uuid)).toEqual([vaultService])
    const licenses = await results(`/v1/search/license?query=Apache-2.0`)
    expect(licenses.license[0]).toEqual({
      uuid: expect.any(String),
      licenseId: 'Apache-2.0',
      name: 'Apache License 2.0',
    })
    const software = await results(`/v1/search/vulnerablesoftware?query=zebrad`)
    expect(software.vulnerablesoftware).toEqual([
      {
        uuid: expect.any(String),
        cpe22: 'cpe:/a:zebracorp:zebrad:1.0',
        cpe23: 'cpe:2.3:a:zebracorp:zebrad:1.0:*:*:*:*:*:*:*',
        vendor: 'zebracorp',
        product: 'zebrad',
        version: '1.0',
      },
    ])
    const byCpe = await results(
      `/v1/search/vulnerablesoftware?cpe=${q('cpe:2.3:a:ZebraCorp:zebrad:9.9:*:*:*:*:*:*:*')}`,
    )
    expect(byCpe.vulnerablesoftware.map((hit) => hit.product)).toEqual(['zebrad'])
  })

  it('ranks a whole-field match first, then a prefix, then a match inside', async () => {
    const found = await results(`/v1/search/vulnerability?query=${q('cve-2024-4242')}`)
    expect(found.vulnerability.map((hit) => hit.vulnId)).toEqual([
      'CVE-2024-4242',
      'CVE-2024-42420',
    ])
    await access.project({ name: 'a-zebra' })
    await access.project({ name: 'zebra' })
    const projects = await results(`/v1/search/project?query=zebra`)
    expect(projects.project.map((hit) => hit.name)).toEqual([
      'zebra',
      'zebrashop',
      'zebravault',
      'a-zebra',
    ])
  })

  it('takes LIKE wildcards in the query literally', async () => {
    await access.project({ name: 'odd_name%1' })
    for (const query of ['%', '_', 'zebra%', 'z_bra', '\\']) {
      const found = await results(`/v1/search/project?query=${q(query)}`)
      expect(
        found.project.map((hit) => hit.name),
        query,
      ).toEqual(query === '%' || query === '_' ? ['odd_name%1'] : [])
    }
    expect((await results(`/v1/search/project?query=${q('d_name%')}`)).project).toHaveLength(1)
  })

  it('answers empty lists for a missing or blank query and refuses an overlong one', async () => {
    expect((await results('/v1/search/project')).project).toEqual([])
    expect((await results('/v1/search?query=%20')).component).toEqual([])
    const long = await api.request('GET', `/v1/search?query=${'x'.repeat(2000)}`, {
      token: adminJwt,
    })
    expect(long.status).toBe(400)
  })

  it('caps each index at 1000 hits as 4.13 does', () => {
    expect(SEARCH_LIMIT).toBe(1000)
  })

  it('needs VIEW_PORTFOLIO', async () => {
    const nobody = await access.teamKey((await access.team([])).uuid)
    for (const path of ['/v1/search?query=zebra', '/v1/search/license?query=mit']) {
      expect((await api.request('GET', path, { apiKey: nobody })).status, path).toBe(403)
    }
  })
})

describe('portfolio access control (beyond 4.13)', () => {
  let outsider: string
  let member: string
  let manager: string

  beforeAll(async () => {
    const shopTeam = await access.team(['VIEW_PORTFOLIO'])
    await access.grant(shopTeam.uuid, shop.uuid)
    member = (await access.user({ teams: [shopTeam] })).token
    outsider = (await access.user({ permissions: ['VIEW_PORTFOLIO'] })).token
    manager = (await access.user({ permissions: ['VIEW_PORTFOLIO', 'ACCESS_MANAGEMENT'] })).token
  })
  afterAll(() => access.setAcl(false))

  const uuids = async (token: string) => {
    const all = await results('/v1/search?query=zebra', { token })
    const single = {
      project: (await results('/v1/search/project?query=zebra', { token })).project,
      component: (await results('/v1/search/component?query=zebra', { token })).component,
      servicecomponent: (await results('/v1/search/service?query=zebra', { token }))
        .servicecomponent,
    }
    expect(single.project).toEqual(all.project)
    expect(single.component).toEqual(all.component)
    expect(single.servicecomponent).toEqual(all.servicecomponent)
    return {
      projects: all.project.map((hit) => hit.uuid),
      components: all.component.map((hit) => hit.uuid),
      services: all.servicecomponent.map((hit) => hit.uuid),
      vulnerabilities: all.vulnerability.length,
    }
  }

  it('hides projects, components and services of other teams when ACL is on', async () => {
    await access.setAcl(true)
    const seen = await uuids(outsider)
    expect(seen.projects).toEqual([])
    expect(seen.components).toEqual([])
    expect(seen.services).toEqual([])
    expect(seen.vulnerabilities).toBeGreaterThan(0)

    const mine = await uuids(member)
    expect(mine.projects).toEqual([shop.uuid])
    expect(mine.components).toEqual([shopComponent])
    expect(mine.services).toEqual([shopService])

    const all = await uuids(manager)
    expect(all.projects).toEqual(expect.arrayContaining([shop.uuid, vault.uuid]))
    expect(all.components).toEqual(expect.arrayContaining([shopComponent, vaultComponent]))
    expect(all.services).toEqual(expect.arrayContaining([shopService, vaultService]))
  })

  it('shows everything to everyone with VIEW_PORTFOLIO when ACL is off', async () => {
    await access.setAcl(false)
    for (const token of [outsider, member]) {
      const seen = await uuids(token)
      expect(seen.projects).toEqual(expect.arrayContaining([shop.uuid, vault.uuid]))
      expect(seen.components).toEqual(expect.arrayContaining([shopComponent, vaultComponent]))
      expect(seen.services).toEqual(expect.arrayContaining([shopService, vaultService]))
    }
  })
})

describe('POST /v1/search/reindex', () => {
  const reindex = (query: string, auth: Auth = { token: adminJwt }) =>
    api.request('POST', `/v1/search/reindex${query}`, auth)

  it('answers a token that is already done, dropping invalid types', async () => {
    const response = await reindex('?type=PROJECT&type=CPE&type=COMPONENT')
    expect(response.status, response.text).toBe(200)
    expect(response.json).toEqual({ token: expect.stringMatching(/^[0-9a-f-]{36}$/) })
    const status = await api.request('GET', `/v1/event/token/${response.json.token}`, {
      token: adminJwt,
    })
    expect(status.json).toEqual({ processing: false })
  })

  it('refuses a request without a valid type', async () => {
    for (const query of ['', '?type=CPE', '?type=project']) {
      const response = await reindex(query)
      expect([response.status, response.text], query).toEqual([
        400,
        'No valid index type was provided',
      ])
    }
  })

  it('needs SYSTEM_CONFIGURATION', async () => {
    const reader = (await access.user({ permissions: ['VIEW_PORTFOLIO'] })).token
    expect((await reindex('?type=LICENSE', { token: reader })).status).toBe(403)
  })
})
