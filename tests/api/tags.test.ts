import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'

// Contract: dt-api-portfolio.md §1.4 (paging), §1.6 (problem bodies), §3.18, §4.19.
// Notification rules do not exist yet: their counts are 0 and their lists empty. Tags on
// policies are tested in policy-tags.test.ts.

let server: TestServer
let api: ReturnType<typeof apiClient>
let admin: string

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  admin = await api.adminToken()
})
afterAll(async () => {
  await server?.close()
})

type Json = Record<string, any>

let sequence = 0
function unique(prefix: string) {
  sequence += 1
  return `${prefix}-${Date.now().toString(36)}-${sequence}`
}

const get = (path: string, token = admin) => api.request('GET', path, { token })

async function project(name: string, tags: string[], extra: Json = {}) {
  const response = await api.request('PUT', '/v1/project', {
    token: admin,
    json: { name, tags: tags.map((tag) => ({ name: tag })), ...extra },
  })
  expect(response.status, response.text).toBe(201)
  return response.json as Json
}

async function principalWith(permissions: string[]) {
  const team = await api.request('PUT', '/v1/team', { token: admin, json: { name: unique('t') } })
  for (const permission of permissions) {
    const granted = await api.request(
      'POST',
      `/v1/permission/${permission}/team/${team.json.uuid}`,
      {
        token: admin,
      },
    )
    expect(granted.status).toBe(200)
  }
  const username = unique('user')
  await api.request('PUT', '/v1/user/managed', {
    token: admin,
    json: {
      username,
      fullname: username,
      email: `${username}@example.com`,
      newPassword: `pw-${username}`,
      confirmPassword: `pw-${username}`,
      forcePasswordChange: false,
      nonExpiryPassword: true,
      suspended: false,
    },
  })
  await api.request('POST', `/v1/user/${username}/membership`, {
    token: admin,
    json: { uuid: team.json.uuid },
  })
  const login = await api.login(username, `pw-${username}`)
  expect(login.status).toBe(200)
  return { token: login.text, team: team.json as Json }
}

async function setAcl(enabled: boolean) {
  const response = await api.request('POST', '/v1/configProperty/aggregate', {
    token: admin,
    json: [
      {
        groupName: 'access-management',
        propertyName: 'acl.enabled',
        propertyValue: String(enabled),
      },
    ],
  })
  expect(response.status).toBe(200)
}

describe('GET /v1/tag (§4.19)', () => {
  let prefix: string
  beforeAll(async () => {
    prefix = unique('list')
    await project(unique('p'), [`${prefix}-b`, `${prefix}-c`])
    await project(unique('p'), [`${prefix}-b`])
    const created = await api.request('PUT', '/v1/tag', { token: admin, json: [`${prefix}-A`] })
    expect(created.status).toBe(201)
  })

  it('answers name and counts, ordered by name, with X-Total-Count', async () => {
    const response = await get(`/v1/tag?searchText=${prefix.toUpperCase()}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('x-total-count')).toBe('3')
    expect(response.json).toEqual([
      {
        name: `${prefix}-a`,
        projectCount: 0,
        collectionProjectCount: 0,
        policyCount: 0,
        notificationRuleCount: 0,
      },
      {
        name: `${prefix}-b`,
        projectCount: 2,
        collectionProjectCount: 0,
        policyCount: 0,
        notificationRuleCount: 0,
      },
      {
        name: `${prefix}-c`,
        projectCount: 1,
        collectionProjectCount: 0,
        policyCount: 0,
        notificationRuleCount: 0,
      },
    ])
  })

  it('counts the collection projects that aggregate children with the tag', async () => {
    const tag = unique('collect')
    const collection = {
      collectionLogic: 'AGGREGATE_DIRECT_CHILDREN_WITH_TAG',
      collectionTag: { name: tag },
    }
    await project(unique('collection'), [], collection)
    await project(unique('collection'), [tag], collection)
    await project(unique('tagged-child'), [tag])
    await project(unique('latest-collection'), [tag], {
      collectionLogic: 'AGGREGATE_LATEST_VERSION_CHILDREN',
    })
    const response = await get(`/v1/tag?searchText=${tag}`)
    expect(response.json).toEqual([
      expect.objectContaining({ name: tag, projectCount: 3, collectionProjectCount: 2 }),
    ])
  })

  it('pages and sorts by the allowed fields only', async () => {
    const page = await get(`/v1/tag?searchText=${prefix}&pageNumber=2&pageSize=2`)
    expect(page.headers.get('x-total-count')).toBe('3')
    expect(page.json.map((t: Json) => t.name)).toEqual([`${prefix}-c`])
    const byCount = await get(`/v1/tag?searchText=${prefix}&sortName=projectCount&sortOrder=desc`)
    expect(byCount.json.map((t: Json) => t.name)).toEqual([
      `${prefix}-b`,
      `${prefix}-c`,
      `${prefix}-a`,
    ])
    const byName = await get(`/v1/tag?searchText=${prefix}&sortName=name&sortOrder=desc`)
    expect(byName.json.map((t: Json) => t.name)).toEqual([
      `${prefix}-c`,
      `${prefix}-b`,
      `${prefix}-a`,
    ])
    for (const field of ['policyCount', 'notificationRuleCount']) {
      expect((await get(`/v1/tag?sortName=${field}&sortOrder=asc`)).status).toBe(200)
    }
    const invalid = await get('/v1/tag?sortName=id&sortOrder=asc')
    expect(invalid.status).toBe(400)
    expect(invalid.headers.get('content-type')).toMatch(/^application\/problem\+json/)
    expect(invalid.json).toEqual({
      status: 400,
      title: 'Field not sortable',
      detail: 'Can not sort by Tag#id: Field does not exist or is not sortable',
    })
    const none = await get('/v1/tag?searchText=no-such-tag-at-all')
    expect(none.json).toEqual([])
    expect(none.headers.get('x-total-count')).toBe('0')
  })

  it('needs VIEW_PORTFOLIO', async () => {
    expect((await api.request('GET', '/v1/tag')).status).toBe(401)
    const nobody = await principalWith([])
    expect((await get('/v1/tag', nobody.token)).status).toBe(403)
  })
})

describe('PUT /v1/tag (§4.19)', () => {
  it('creates missing tags lower-cased; 201 without body', async () => {
    const name = unique('NEW')
    const response = await api.request('PUT', '/v1/tag', { token: admin, json: [name, name] })
    expect(response.status).toBe(201)
    expect(response.text).toBe('')
    const again = await api.request('PUT', '/v1/tag', { token: admin, json: [name] })
    expect(again.status).toBe(201)
    const listed = await get(`/v1/tag?searchText=${name}`)
    expect(listed.json.map((t: Json) => t.name)).toEqual([name.toLowerCase()])
  })

  it('validates the body and needs TAG_MANAGEMENT', async () => {
    const empty = await api.request('PUT', '/v1/tag', { token: admin, json: [] })
    expect(empty.status).toBe(400)
    expect(empty.json[0].message).toBe('size must be between 1 and 100')
    const blank = await api.request('PUT', '/v1/tag', { token: admin, json: [' '] })
    expect(blank.status).toBe(400)
    expect(blank.json[0].message).toBe('must not be blank')
    const tooMany = Array.from({ length: 101 }, (_, i) => `t${i}`)
    expect((await api.request('PUT', '/v1/tag', { token: admin, json: tooMany })).status).toBe(400)
    const viewer = await principalWith(['VIEW_PORTFOLIO', 'PORTFOLIO_MANAGEMENT'])
    const denied = await api.request('PUT', '/v1/tag', { token: viewer.token, json: ['x'] })
    expect(denied.status).toBe(403)
  })
})

describe('/v1/tag/{name}/project (§4.19)', () => {
  it('lists tagged projects with paging, search and the allowed sorts', async () => {
    const tag = unique('tagged')
    const name = unique('app')
    await project(name, [tag], { version: '1' })
    await project(name, [tag], { version: '2' })
    const other = await project(unique('zz'), [tag])
    const response = await get(`/v1/tag/${tag}/project`)
    expect(response.status).toBe(200)
    expect(response.headers.get('x-total-count')).toBe('3')
    expect(response.json).toEqual([
      { uuid: expect.any(String), name, version: '2' },
      { uuid: expect.any(String), name, version: '1' },
      { uuid: other.uuid, name: other.name },
    ])
    const searched = await get(`/v1/tag/${tag}/project?searchText=${name}&pageSize=1&pageNumber=2`)
    expect(searched.headers.get('x-total-count')).toBe('2')
    expect(searched.json).toEqual([expect.objectContaining({ version: '1' })])
    const byVersion = await get(`/v1/tag/${tag}/project?searchText=${name}&sortName=version`)
    expect(byVersion.json.map((p: Json) => p.version)).toEqual(['1', '2'])
    const invalid = await get(`/v1/tag/${tag}/project?sortName=uuid`)
    expect(invalid.status).toBe(400)
    expect(invalid.json.detail).toBe(
      'Can not sort by TaggedProject#uuid: Field does not exist or is not sortable',
    )
    const unknown = await get('/v1/tag/no-such-tag/project')
    expect(unknown.status).toBe(200)
    expect(unknown.json).toEqual([])
    expect(unknown.headers.get('x-total-count')).toBe('0')
  })

  it('tags and untags projects by UUID; unknown projects are skipped', async () => {
    const tag = unique('assign')
    await api.request('PUT', '/v1/tag', { token: admin, json: [tag] })
    const a = await project(unique('a'), [])
    const b = await project(unique('b'), ['keep'])
    const path = `/v1/tag/${tag.toUpperCase()}/project`
    const tagged = await api.request('POST', path, {
      token: admin,
      json: [a.uuid, b.uuid, randomUUID()],
    })
    expect(tagged.status).toBe(204)
    expect((await get(`/v1/project/${b.uuid}`)).json.tags).toEqual([
      { name: tag },
      { name: 'keep' },
    ])
    expect((await get(`/v1/tag/${tag}/project`)).headers.get('x-total-count')).toBe('2')
    const untagged = await api.request('DELETE', path, { token: admin, json: [b.uuid] })
    expect(untagged.status).toBe(204)
    expect((await get(`/v1/project/${b.uuid}`)).json.tags).toEqual([{ name: 'keep' }])
    expect((await get(`/v1/project/${a.uuid}`)).json.tags).toEqual([{ name: tag }])
  })

  it('answers a 404 problem for an unknown tag and 400 for invalid bodies', async () => {
    const p = await project(unique('p'), [])
    for (const method of ['POST', 'DELETE']) {
      const response = await api.request(method, '/v1/tag/Missing-Tag/project', {
        token: admin,
        json: [p.uuid],
      })
      expect(response.status, method).toBe(404)
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/)
      expect(response.json).toEqual({
        status: 404,
        title: 'Resource does not exist',
        detail: 'A tag with name Missing-Tag does not exist',
      })
      const invalid = await api.request(method, '/v1/tag/x/project', { token: admin, json: ['x'] })
      expect(invalid.status).toBe(400)
      expect(invalid.json[0].message).toBe('Invalid UUID')
      const empty = await api.request(method, '/v1/tag/x/project', { token: admin, json: [] })
      expect(empty.status).toBe(400)
    }
    const viewer = await principalWith(['VIEW_PORTFOLIO'])
    const denied = await api.request('POST', '/v1/tag/x/project', {
      token: viewer.token,
      json: [p.uuid],
    })
    expect(denied.status).toBe(403)
  })
})

describe('DELETE /v1/tag (§4.19)', () => {
  it('deletes unused and used tags; projects lose them', async () => {
    const unused = unique('unused')
    const used = unique('used')
    await api.request('PUT', '/v1/tag', { token: admin, json: [unused] })
    const p = await project(unique('p'), [used, 'stays'])
    const response = await api.request('DELETE', '/v1/tag', { token: admin, json: [unused, used] })
    expect(response.status).toBe(204)
    expect((await get(`/v1/tag?searchText=${unused}`)).json).toEqual([])
    expect((await get(`/v1/project/${p.uuid}`)).json.tags).toEqual([{ name: 'stays' }])
  })

  it('deletes nothing when a tag does not exist', async () => {
    const existing = unique('exists')
    await api.request('PUT', '/v1/tag', { token: admin, json: [existing] })
    const response = await api.request('DELETE', '/v1/tag', {
      token: admin,
      json: [existing, 'ghost-tag'],
    })
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/)
    expect(response.json).toEqual({
      status: 400,
      title: 'Tag operation failed',
      detail: 'The tag(s) ghost-tag could not be deleted',
      errors: { 'ghost-tag': 'Tag does not exist' },
    })
    expect((await get(`/v1/tag?searchText=${existing}`)).json).toHaveLength(1)
  })

  it('needs PORTFOLIO_MANAGEMENT for tags in use', async () => {
    const used = unique('in-use')
    const free = unique('free')
    await api.request('PUT', '/v1/tag', { token: admin, json: [free] })
    await project(unique('p'), [used])
    const tagManager = await principalWith(['TAG_MANAGEMENT', 'VIEW_PORTFOLIO'])
    const response = await api.request('DELETE', '/v1/tag', {
      token: tagManager.token,
      json: [used, free],
    })
    expect(response.status).toBe(400)
    expect(response.json).toEqual({
      status: 400,
      title: 'Tag operation failed',
      detail: `The tag(s) ${used} could not be deleted`,
      errors: {
        [used]:
          'The tag is assigned to 1 project(s), but the authenticated principal is missing the ' +
          'PORTFOLIO_MANAGEMENT permission.',
      },
    })
    expect((await get(`/v1/tag?searchText=${free}`)).json).toHaveLength(1)
    const viewer = await principalWith(['VIEW_PORTFOLIO'])
    const denied = await api.request('DELETE', '/v1/tag', { token: viewer.token, json: [free] })
    expect(denied.status).toBe(403)
    const empty = await api.request('DELETE', '/v1/tag', { token: admin, json: [] })
    expect(empty.status).toBe(400)
  })
})

describe('tags under portfolio access control (§1.3)', () => {
  let member: Awaited<ReturnType<typeof principalWith>>
  let tag: string
  let visible: Json
  let hidden: Json
  beforeAll(async () => {
    member = await principalWith(['VIEW_PORTFOLIO', 'PORTFOLIO_MANAGEMENT', 'TAG_MANAGEMENT'])
    tag = unique('acl')
    visible = await project(unique('visible'), [tag], {
      accessTeams: [{ uuid: member.team.uuid }],
    })
    hidden = await project(unique('hidden'), [tag])
    await setAcl(true)
  })
  afterAll(async () => {
    await setAcl(false)
  })

  it('counts and lists only accessible projects', async () => {
    const tags = await get(`/v1/tag?searchText=${tag}`, member.token)
    expect(tags.json).toEqual([expect.objectContaining({ name: tag, projectCount: 1 })])
    expect(tags.json[0].collectionProjectCount).toBe(0)
    const projects = await get(`/v1/tag/${tag}/project`, member.token)
    expect(projects.json.map((p: Json) => p.uuid)).toEqual([visible.uuid])
    expect(projects.headers.get('x-total-count')).toBe('1')
    expect((await get(`/v1/tag?searchText=${tag}`)).json[0].projectCount).toBe(2)
  })

  it('skips inaccessible projects when untagging', async () => {
    const response = await api.request('DELETE', `/v1/tag/${tag}/project`, {
      token: member.token,
      json: [visible.uuid, hidden.uuid],
    })
    expect(response.status).toBe(204)
    expect((await get(`/v1/project/${hidden.uuid}`)).json.tags).toEqual([{ name: tag }])
    expect((await get(`/v1/project/${visible.uuid}`)).json.tags).toEqual([])
  })

  it('refuses to delete a tag used by inaccessible projects', async () => {
    const response = await api.request('DELETE', '/v1/tag', { token: member.token, json: [tag] })
    expect(response.status).toBe(400)
    expect(response.json.errors).toEqual({
      [tag]:
        'The tag is assigned to 1 project(s) that are not accessible by the authenticated ' +
        'principal.',
    })
  })
})

describe('policy and notification rule tags (§4.19)', () => {
  it('lists nothing for a tag no policy or rule carries', async () => {
    const tag = unique('policy')
    await api.request('PUT', '/v1/tag', { token: admin, json: [tag] })
    const policies = await get(`/v1/tag/${tag}/policy`)
    expect(policies.status).toBe(200)
    expect(policies.json).toEqual([])
    expect(policies.headers.get('x-total-count')).toBe('0')
    const rules = await get(`/v1/tag/${tag}/notificationRule`)
    expect(rules.status).toBe(200)
    expect(rules.json).toEqual([])
    expect(rules.headers.get('x-total-count')).toBe('0')
    const invalidSort = await get(`/v1/tag/${tag}/policy?sortName=uuid`)
    expect(invalidSort.status).toBe(400)
    expect(invalidSort.json.detail).toBe(
      'Can not sort by TaggedPolicy#uuid: Field does not exist or is not sortable',
    )
    const viewer = await principalWith(['VIEW_PORTFOLIO'])
    expect((await get(`/v1/tag/${tag}/notificationRule`, viewer.token)).status).toBe(403)
  })

  it('accepts assignments for an existing tag and 404s for an unknown one', async () => {
    const tag = unique('assign')
    await api.request('PUT', '/v1/tag', { token: admin, json: [tag] })
    for (const kind of ['policy', 'notificationRule']) {
      for (const method of ['POST', 'DELETE']) {
        const ok = await api.request(method, `/v1/tag/${tag}/${kind}`, {
          token: admin,
          json: [randomUUID()],
        })
        expect(ok.status, `${method} ${kind}`).toBe(204)
        const missing = await api.request(method, `/v1/tag/ghost/${kind}`, {
          token: admin,
          json: [randomUUID()],
        })
        expect(missing.status).toBe(404)
        expect(missing.json.detail).toBe('A tag with name ghost does not exist')
      }
    }
    const manager = await principalWith(['PORTFOLIO_MANAGEMENT', 'VIEW_PORTFOLIO'])
    const denied = await api.request('POST', `/v1/tag/${tag}/policy`, {
      token: manager.token,
      json: [randomUUID()],
    })
    expect(denied.status).toBe(403)
  })

  it('answers 404 for tags of an unknown policy', async () => {
    for (const path of [`/v1/tag/policy/${randomUUID()}`, `/v1/tag/${randomUUID()}`]) {
      const response = await get(path)
      expect(response.status, path).toBe(404)
      expect(response.text).toBe('The policy could not be found.')
    }
    expect((await get('/v1/tag/not-a-uuid')).status).toBe(400)
  })
})
