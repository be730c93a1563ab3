import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { policyFixtures } from '../support/policy-fixtures.ts'

// Contract: dt-api-portfolio.md §1.6 (problem bodies), §3.12 (tags, global), §4.19 (tags on
// policies: /tag/{name}/policy, /tag/policy/{uuid}, /tag/{policyUuid}, policyCount, DELETE /tag).

let server: TestServer
let api: ReturnType<typeof apiClient>
let admin: string
const f = policyFixtures(
  () => server,
  () => api,
  () => admin,
)

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  admin = await api.adminToken()
})
afterAll(async () => {
  await server?.close()
})

const names = (response: { json: any }) => response.json.map((row: any) => row.name)

describe('/v1/tag/{name}/policy', () => {
  it('tags existing policies (others skipped), lists them paged and untags them', async () => {
    const tag = await f.createTag()
    const stem = f.unique('Tagged')
    const b = await f.createPolicy(`${stem}-b`)
    const a = await f.createPolicy(`${stem}-a`)
    const c = await f.createPolicy(`${stem}-c`)
    await f.clearReevaluations()
    const tagged = await f.call('POST', `/v1/tag/${tag}/policy`, [b.uuid, a.uuid, randomUUID()])
    expect(tagged.status).toBe(204)
    expect(await f.reevaluations()).toBeGreaterThan(0)
    await f.call('POST', `/v1/tag/${tag}/policy`, [c.uuid])
    const policy = await f.call('GET', `/v1/policy/${a.uuid}`)
    expect(policy.json).toMatchObject({ tags: [{ name: tag }], global: false })

    const list = await f.call('GET', `/v1/tag/${tag}/policy`)
    expect(list.status).toBe(200)
    expect(list.headers.get('x-total-count')).toBe('3')
    expect(list.json).toEqual([
      { uuid: a.uuid, name: a.name },
      { uuid: b.uuid, name: b.name },
      { uuid: c.uuid, name: c.name },
    ])
    const page = await f.call(
      'GET',
      `/v1/tag/${tag}/policy?pageNumber=1&pageSize=1&sortOrder=desc&sortName=name`,
    )
    expect(names(page)).toEqual([c.name])
    expect(page.headers.get('x-total-count')).toBe('3')
    const search = await f.call('GET', `/v1/tag/${tag}/policy?searchText=${stem}-b`)
    expect(names(search)).toEqual([b.name])

    expect((await f.call('DELETE', `/v1/tag/${tag}/policy`, [a.uuid, c.uuid])).status).toBe(204)
    expect(names(await f.call('GET', `/v1/tag/${tag}/policy`))).toEqual([b.name])
    expect((await f.call('GET', `/v1/policy/${a.uuid}`)).json).toMatchObject({
      tags: [],
      global: true,
    })
  })

  it('answers a 404 problem for an unknown tag and 400 for a bad body or sort', async () => {
    const policy = await f.createPolicy()
    const name = f.unique('missing')
    for (const method of ['POST', 'DELETE']) {
      const response = await f.call(method, `/v1/tag/${name}/policy`, [policy.uuid])
      expect(response.status).toBe(404)
      expect(response.json).toEqual({
        status: 404,
        title: 'Resource does not exist',
        detail: `A tag with name ${name} does not exist`,
      })
    }
    const tag = await f.createTag()
    expect((await f.call('POST', `/v1/tag/${tag}/policy`, [])).status).toBe(400)
    expect((await f.call('POST', `/v1/tag/${tag}/policy`, ['not-a-uuid'])).status).toBe(400)
    const sort = await f.call('GET', `/v1/tag/${tag}/policy?sortName=uuid&sortOrder=asc`)
    expect(sort.status).toBe(400)
    expect(sort.json.detail).toBe(
      'Can not sort by TaggedPolicy#uuid: Field does not exist or is not sortable',
    )
  })

  it('needs POLICY_MANAGEMENT to tag and VIEW_PORTFOLIO to list', async () => {
    const tag = await f.createTag()
    const policy = await f.createPolicy()
    const viewer = await f.apiKeyWith(['VIEW_PORTFOLIO'])
    const manager = await f.apiKeyWith(['POLICY_MANAGEMENT'])
    const post = (key: string) =>
      f.call('POST', `/v1/tag/${tag}/policy`, [policy.uuid], { apiKey: key })
    expect((await post(viewer)).status).toBe(403)
    expect((await post(manager)).status).toBe(204)
    const list = (key: string) => f.call('GET', `/v1/tag/${tag}/policy`, undefined, { apiKey: key })
    expect((await list(viewer)).status).toBe(200)
    expect((await list(manager)).status).toBe(403)
  })
})

describe('GET /v1/tag: policyCount', () => {
  it('counts the policies limited to each tag and sorts by that count', async () => {
    const stem = f.unique('count')
    const one = await f.createTag(`${stem}-one`)
    const two = await f.createTag(`${stem}-two`)
    const none = await f.createTag(`${stem}-none`)
    const [p, q] = [await f.createPolicy(), await f.createPolicy()]
    await f.call('POST', `/v1/tag/${two}/policy`, [p.uuid, q.uuid])
    await f.call('POST', `/v1/tag/${one}/policy`, [p.uuid])
    const list = await f.call(
      'GET',
      `/v1/tag?searchText=${stem}&sortName=policyCount&sortOrder=desc`,
    )
    expect(list.json.map((row: any) => [row.name, row.policyCount])).toEqual([
      [two, 2],
      [one, 1],
      [none, 0],
    ])
  })
})

describe('tags relevant to a policy', () => {
  it('lists every tag, most used by projects first, for a policy without projects', async () => {
    const stem = f.unique('relevant')
    const popular = await f.createTag(`${stem}-popular`)
    await f.createProject(undefined, undefined, [popular])
    await f.createProject(undefined, undefined, [popular])
    const policy = await f.createPolicy()
    for (const path of [`/v1/tag/policy/${policy.uuid}`, `/v1/tag/${policy.uuid}`]) {
      const response = await f.call('GET', path)
      expect(response.status).toBe(200)
      const all = names(response)
      expect(all).toContain(popular)
      expect(response.headers.get('x-total-count')).toBe(String(all.length))
      const counts = await f.sql(
        `SELECT t.name, count(pt.project_id)::int AS n FROM tag t
         LEFT JOIN project_tag pt ON pt.tag_id = t.id GROUP BY t.name`,
      )
      const byName = new Map(counts.map((row) => [row.name, row.n]))
      const used = all.map((name: string) => byName.get(name))
      expect(used).toEqual([...used].sort((x, y) => y - x))
    }
  })

  it("lists only its projects' tags for a policy limited to projects; 404 when unknown", async () => {
    const stem = f.unique('scoped')
    const project = await f.createProject(undefined, undefined, [`${stem}-b`, `${stem}-a`])
    await f.createProject(undefined, undefined, [`${stem}-other`])
    const policy = await f.createPolicy()
    await f.call('POST', `/v1/policy/${policy.uuid}/project/${project.uuid}`)
    const response = await f.call('GET', `/v1/tag/policy/${policy.uuid}`)
    expect(names(response)).toEqual([`${stem}-a`, `${stem}-b`])
    const missing = await f.call('GET', `/v1/tag/policy/${randomUUID()}`)
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The policy could not be found.')
  })
})

describe('DELETE /v1/tag with tags on policies', () => {
  it('needs POLICY_MANAGEMENT for a tag used by policies, all or nothing', async () => {
    const used = await f.createTag()
    const free = await f.createTag()
    const policy = await f.createPolicy()
    await f.call('POST', `/v1/tag/${used}/policy`, [policy.uuid])
    const tagger = await f.apiKeyWith(['TAG_MANAGEMENT'])
    const refused = await f.call('DELETE', '/v1/tag', [used, free], { apiKey: tagger })
    expect(refused.status).toBe(400)
    expect(refused.json).toEqual({
      status: 400,
      title: 'Tag operation failed',
      detail: `The tag(s) ${used} could not be deleted`,
      errors: {
        [used]:
          'The tag is assigned to 1 policies, but the authenticated principal is missing the ' +
          'POLICY_MANAGEMENT permission.',
      },
    })
    expect(names(await f.call('GET', `/v1/tag?searchText=${free}`))).toEqual([free])
    const manager = await f.apiKeyWith(['TAG_MANAGEMENT', 'POLICY_MANAGEMENT'])
    expect((await f.call('DELETE', '/v1/tag', [used, free], { apiKey: manager })).status).toBe(204)
    expect((await f.call('GET', `/v1/policy/${policy.uuid}`)).json).toMatchObject({
      tags: [],
      global: true,
    })
  })
})
