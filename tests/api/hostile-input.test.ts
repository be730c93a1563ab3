import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'

// Hostile input at the trust boundary: every request below once answered 500. Each must answer
// a 4xx in the contract's error shape (dt-behaviour.md §0.1: a Bean Validation array, or a
// problem document), leave stored data as it was, and the server must keep serving.

let server: TestServer
let api: ReturnType<typeof apiClient>
let admin: string
let projectUuid: string

const NUL = '\u0000'
/** Longer than a PostgreSQL btree index row may be (~2.7 KB), and incompressible. */
const HUGE = (() => {
  let seed = 12345
  let text = ''
  for (let i = 0; i < 3000; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648
    text += String.fromCharCode(97 + (seed % 26))
  }
  return text
})()
const base64 = (text: string) => Buffer.from(text).toString('base64')
const BOM = JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5', components: [] })

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  admin = await api.adminToken()
  const project = await api.request('PUT', '/v1/project', {
    token: admin,
    json: { name: 'hostile-input', version: '1' },
  })
  expect(project.status).toBe(201)
  projectUuid = project.json.uuid
})
afterAll(async () => {
  await server?.close()
})

async function snapshot() {
  const db = server.lookout.ctx!.db
  const rows = async (sql: string) => JSON.stringify(await db.query(sql))
  return {
    projects: await rows('SELECT uuid, name, version FROM project ORDER BY id'),
    tags: await rows('SELECT name FROM tag ORDER BY id'),
    projectTags: await rows('SELECT project_id, tag_id FROM project_tag ORDER BY 1, 2'),
    users: await rows('SELECT username, fullname FROM app_user ORDER BY id'),
    uploads: await rows('SELECT id FROM bom_upload ORDER BY id'),
  }
}

async function expectServing() {
  const version = await fetch(`${server.baseUrl}/api/version`)
  expect(version.status).toBe(200)
  const projects = await api.request('GET', '/v1/project?name=hostile-input', { token: admin })
  expect(projects.status).toBe(200)
  expect(projects.json.map((p: { uuid: string }) => p.uuid)).toEqual([projectUuid])
}

interface JsonCase {
  method: 'GET' | 'PUT' | 'POST'
  path: string
  json?: unknown
  /** The Bean Validation path the refusal names. */
  field: string
}

const nulCases: Record<string, JsonCase> = {
  'project tag name': {
    method: 'PUT',
    path: '/v1/project',
    json: { name: 'nul-tag', tags: [{ name: `a${NUL}b` }] },
    field: 'body.tags.0.name',
  },
  'PUT /tag': { method: 'PUT', path: '/v1/tag', json: [`t${NUL}`], field: 'body.0' },
  'managed-user username': {
    method: 'PUT',
    path: '/v1/user/managed',
    json: { username: `u${NUL}`, fullname: 'F', email: 'u@example.com', newPassword: 'p' },
    field: 'body.username',
  },
  'managed-user full name': {
    method: 'PUT',
    path: '/v1/user/managed',
    json: { username: 'nul-full', fullname: `F${NUL}`, email: 'u@example.com', newPassword: 'p' },
    field: 'body.fullname',
  },
  'PUT /bom projectName with autoCreate': {
    method: 'PUT',
    path: '/v1/bom',
    json: { projectName: `p${NUL}`, projectVersion: '1', autoCreate: true, bom: base64(BOM) },
    field: 'body.projectName',
  },
  'project searchText': {
    method: 'GET',
    path: '/v1/project?searchText=%00',
    field: 'query.searchText',
  },
  'tag searchText': { method: 'GET', path: '/v1/tag?searchText=a%00', field: 'query.searchText' },
  'project name filter': { method: 'GET', path: '/v1/project?name=%00', field: 'query.name' },
  'latest project': { method: 'GET', path: '/v1/project/latest/a%00', field: 'params.name' },
  'project lookup': {
    method: 'GET',
    path: '/v1/project/lookup?name=%00&version=1',
    field: 'query.name',
  },
  'tagged projects': { method: 'GET', path: '/v1/tag/a%00/project', field: 'params.name' },
  'component hash': { method: 'GET', path: '/v1/component/hash/%00', field: 'params.hash' },
}

const lengthCases: Record<string, JsonCase> = {
  'project version': {
    method: 'PUT',
    path: '/v1/project',
    json: { name: 'long-version', version: HUGE },
    field: 'version',
  },
  'project tag name': {
    method: 'PUT',
    path: '/v1/project',
    json: { name: 'long-tag', tags: [{ name: HUGE }] },
    field: 'tags[0].name',
  },
  'PUT /tag name': { method: 'PUT', path: '/v1/tag', json: [HUGE], field: 'body.0' },
  'managed-user username': {
    method: 'PUT',
    path: '/v1/user/managed',
    json: {
      username: HUGE,
      fullname: 'F',
      email: 'u@example.com',
      newPassword: 'p',
      confirmPassword: 'p',
    },
    field: 'body.username',
  },
  'PUT /bom projectVersion with autoCreate': {
    method: 'PUT',
    path: '/v1/bom',
    json: { projectName: 'long-bom', projectVersion: HUGE, autoCreate: true, bom: base64(BOM) },
    field: 'projectVersion',
  },
  'PUT /bom projectTags with autoCreate': {
    method: 'PUT',
    path: '/v1/bom',
    json: {
      projectName: 'long-bom-tags',
      projectVersion: '1',
      autoCreate: true,
      projectTags: [{ name: HUGE }],
      bom: base64(BOM),
    },
    field: 'projectTags[0].name',
  },
}

function expectValidationArray(
  response: { status: number; json: any; text: string },
  field: string,
) {
  expect(response.status, response.text).toBe(400)
  expect(Array.isArray(response.json), response.text).toBe(true)
  for (const error of response.json) {
    expect(Object.keys(error).sort()).toEqual(
      expect.arrayContaining(['message', 'messageTemplate', 'path']),
    )
  }
  expect(response.json.map((error: { path: string }) => error.path)).toContain(field)
}

describe('NUL characters are refused before they reach the database', () => {
  it.each(Object.entries(nulCases))('%s', async (_name, request) => {
    const before = await snapshot()
    const response = await api.request(request.method, request.path, {
      token: admin,
      json: request.json,
    })
    expectValidationArray(response, request.field)
    expect(response.json[0].message).toBe('must not contain NUL characters')
    expect(await snapshot()).toEqual(before)
    await expectServing()
  })

  it('in multipart BOM upload fields', async () => {
    const before = await snapshot()
    const response = await multipartBom({
      projectName: `m${NUL}`,
      projectVersion: '1',
      autoCreate: 'true',
    })
    expectValidationArray(response, 'projectName')
    expect(await snapshot()).toEqual(before)
    await expectServing()
  })

  it('before sign-in is checked only for signed-in callers (401 first)', async () => {
    const response = await api.request('GET', '/v1/project?searchText=%00')
    expect(response.status).toBe(401)
  })
})

describe('values longer than their Dependency-Track column are refused', () => {
  it.each(Object.entries(lengthCases))('%s', async (_name, request) => {
    const before = await snapshot()
    const response = await api.request(request.method, request.path, {
      token: admin,
      json: request.json,
    })
    expectValidationArray(response, request.field)
    expect(response.json[0].message).toBe('size must be between 0 and 255')
    expect(await snapshot()).toEqual(before)
    await expectServing()
  })

  it('in multipart BOM upload fields', async () => {
    const before = await snapshot()
    const response = await multipartBom({
      projectName: 'long-multipart',
      projectVersion: HUGE,
      autoCreate: 'true',
    })
    expectValidationArray(response, 'projectVersion')
    expect(await snapshot()).toEqual(before)
    await expectServing()
  })

  it('accepts exactly 255 characters', async () => {
    const name = 'x'.repeat(255)
    const created = await api.request('PUT', '/v1/tag', { token: admin, json: [name] })
    expect(created.status).toBe(201)
    const project = await api.request('PUT', '/v1/project', {
      token: admin,
      json: { name: 'edge-255', version: 'v'.repeat(255), tags: [{ name }] },
    })
    expect(project.status, project.text).toBe(201)
    expect(project.json.version).toHaveLength(255)
  })
})

describe('paging parameters beyond the range of an int fall back as in Dependency-Track', () => {
  const lists = () => [
    '/v1/project',
    '/v1/tag',
    `/v1/component/project/${projectUuid}`,
    `/v1/service/project/${projectUuid}`,
    '/v1/project/tag/x',
    '/v1/tag/x/project',
    '/v1/component/hash/0123456789abcdef0123456789abcdef',
    '/v1/component/identity?name=x',
  ]
  const overflows = [
    'offset=99999999999999999999',
    'offset=99999999999999999999&limit=99999999999999999999',
    'pageSize=9223372036854775808&pageNumber=2',
    'pageNumber=2147483647&pageSize=2147483647',
    'pageNumber=99999999999999999999999&pageSize=10',
  ]

  it.each(overflows)('%s', async (params) => {
    for (const path of lists()) {
      const response = await api.request(
        'GET',
        `${path}${path.includes('?') ? '&' : '?'}${params}`,
        { token: admin },
      )
      expect(response.status, `${path} ${response.text}`).toBe(200)
      expect(Array.isArray(response.json)).toBe(true)
      expect(response.headers.get('x-total-count')).toMatch(/^\d+$/)
    }
    await expectServing()
  })

  it('an unparsable offset starts at the first row, an unparsable page size lists 100', async () => {
    const all = await api.request('GET', '/v1/project?name=hostile-input', { token: admin })
    const overflowing = await api.request(
      'GET',
      '/v1/project?name=hostile-input&offset=99999999999999999999',
      { token: admin },
    )
    expect(overflowing.json).toEqual(all.json)
  })
})

async function multipartBom(fields: Record<string, string>, body?: BodyInit, type?: string) {
  let payload = body
  let contentType = type
  if (!payload) {
    const form = new FormData()
    for (const [name, value] of Object.entries(fields)) form.append(name, value)
    form.append('bom', new Blob([BOM]), 'bom.json')
    const encoded = new Response(form)
    contentType = encoded.headers.get('content-type')!
    payload = await encoded.arrayBuffer()
  }
  const response = await fetch(`${server.baseUrl}/api/v1/bom`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${admin}`, 'Content-Type': contentType! },
    body: payload,
  })
  const text = await response.text()
  let json: any
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: response.status, json, text, headers: response.headers }
}

describe('malformed multipart bodies', () => {
  it('a boundary that does not match the body answers 400', async () => {
    const before = await snapshot()
    const body = [
      '--real-boundary',
      'Content-Disposition: form-data; name="project"',
      '',
      projectUuid,
      '--real-boundary',
      'Content-Disposition: form-data; name="bom"; filename="bom.json"',
      '',
      BOM,
      '--real-boundary--',
      '',
    ].join('\r\n')
    const response = await multipartBom({}, body, 'multipart/form-data; boundary=other-boundary')
    expect(response.status, response.text).toBe(400)
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/)
    expect(response.json).toMatchObject({ status: 400 })
    expect(await snapshot()).toEqual(before)
    await expectServing()
  })

  it('a body cut off before its closing boundary answers 400', async () => {
    const body = [
      '--b',
      'Content-Disposition: form-data; name="bom"; filename="bom.json"',
      '',
      BOM.slice(0, 10),
    ].join('\r\n')
    const response = await multipartBom({}, body, 'multipart/form-data; boundary=b')
    expect(response.status, response.text).toBe(400)
    await expectServing()
  })
})
