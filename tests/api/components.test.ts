import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'

// Contract: dt-api-portfolio.md §1 (paging, ACL, JSON, errors), §2.1, §2.8, §2.16, §3.2, §3.20,
// §3.24, §4.3, §4.4, §4.8, §5.3, §5.4; dt-behaviour.md §1.8, §6.6, §8.1.

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
let viewerKey: string
let noPermissionKey: string

const sql = (text: string, params: unknown[] = []) =>
  server.lookout.ctx!.db.query<Record<string, any>>(text, params)

/** A project through PUT /v1/project when that exists, else straight into the database. */
async function createProject(name: string, version?: string) {
  const response = await api.request('PUT', '/v1/project', {
    token: adminJwt,
    json: { name, version, classifier: 'APPLICATION', active: true },
  })
  if (response.status === 201) return response.json.uuid as string
  expect([404, 405]).toContain(response.status)
  const [row] = await sql('INSERT INTO project (name, version) VALUES ($1, $2) RETURNING uuid', [
    name,
    version ?? null,
  ])
  return row!.uuid as string
}

async function createComponent(projectUuid: string, body: Record<string, unknown>) {
  const response = await api.request('PUT', `/v1/component/project/${projectUuid}`, {
    token: adminJwt,
    json: { classifier: 'LIBRARY', ...body },
  })
  expect(response.status, response.text).toBe(201)
  return response.json
}

async function teamKey(name: string, permissions: string[]) {
  const team = await api.request('PUT', '/v1/team', { token: adminJwt, json: { name } })
  expect(team.status).toBe(201)
  for (const permission of permissions) {
    const granted = await api.request(
      'POST',
      `/v1/permission/${permission}/team/${team.json.uuid}`,
      {
        token: adminJwt,
      },
    )
    expect(granted.status).toBe(200)
  }
  const key = await api.request('PUT', `/v1/team/${team.json.uuid}/key`, { token: adminJwt })
  expect(key.status).toBe(201)
  return { teamUuid: team.json.uuid as string, key: key.json.key as string }
}

function setConfig(groupName: string, propertyName: string, propertyValue: string) {
  return api.request('POST', '/v1/configProperty/aggregate', {
    token: adminJwt,
    json: [{ groupName, propertyName, propertyValue }],
  })
}

const uuidOf = (items: Array<{ uuid: string }>) => items.map((item) => item.uuid)
const namesOf = (items: Array<{ name: string }>) => items.map((item) => item.name)

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
  viewerKey = (await teamKey('Viewers', ['VIEW_PORTFOLIO'])).key
  noPermissionKey = (await teamKey('Nobody', [])).key
})

afterAll(async () => {
  await server?.close()
})

describe('PUT /v1/component/project/{uuid} (§4.3 create)', () => {
  let project: string

  beforeAll(async () => {
    project = await createProject('create-app', '1.0.0')
  })

  it('creates a component and answers 201 with the contract JSON', async () => {
    const response = await api.request('PUT', `/v1/component/project/${project}`, {
      token: adminJwt,
      json: {
        name: '  acme-lib  ',
        version: '1.2.3',
        group: 'org.acme',
        classifier: 'LIBRARY',
        description: 'A library',
        purl: 'pkg:Maven/org.acme/acme-lib@1.2.3?type=jar#src',
        cpe: 'cpe:2.3:a:acme:acme-lib:1.2.3:*:*:*:*:*:*:*',
        swidTagId: 'swid-1',
        filename: 'acme-lib.jar',
        copyright: '(c) Acme',
        md5: 'D41D8CD98F00B204E9800998ECF8427E',
        sha1: 'da39a3ee5e6b4b0d3255bfef95601890afd80709',
        license: 'Acme Proprietary',
        licenseUrl: 'https://acme.example/license',
        authors: [{ name: 'Jane', email: 'jane@acme.example' }, { name: 'Joe' }],
        publisher: 'Acme Inc',
        notes: 'sticky',
        externalReferences: [{ type: 'vcs', url: 'https://git.example/acme' }],
        unknownField: 'ignored',
      },
    })
    expect(response.status, response.text).toBe(201)
    const component = response.json
    expect(component).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'acme-lib',
      version: '1.2.3',
      group: 'org.acme',
      classifier: 'LIBRARY',
      description: 'A library',
      purl: 'pkg:maven/org.acme/acme-lib@1.2.3?type=jar#src',
      purlCoordinates: 'pkg:maven/org.acme/acme-lib@1.2.3',
      cpe: 'cpe:2.3:a:acme:acme-lib:1.2.3:*:*:*:*:*:*:*',
      swidTagId: 'swid-1',
      filename: 'acme-lib.jar',
      copyright: '(c) Acme',
      md5: 'd41d8cd98f00b204e9800998ecf8427e',
      sha1: 'da39a3ee5e6b4b0d3255bfef95601890afd80709',
      license: 'Acme Proprietary',
      licenseUrl: 'https://acme.example/license',
      authors: [{ name: 'Jane', email: 'jane@acme.example' }, { name: 'Joe' }],
      author: 'Jane, Joe',
      publisher: 'Acme Inc',
      notes: 'sticky',
      isInternal: false,
      expandDependencyGraph: false,
      project: expect.objectContaining({
        uuid: project,
        name: 'create-app',
        version: '1.0.0',
        active: true,
        isLatest: false,
        collectionLogic: 'NONE',
      }),
    })
    expect(response.headers.get('x-total-count')).toBeNull()
  })

  it('keeps only the license expression (and drops the URL) when no license name is given', async () => {
    const component = await createComponent(project, {
      name: 'expr-lib',
      licenseExpression: ' Apache-2.0 OR (MIT AND LicenseRef-acme) ',
      licenseUrl: 'https://example.com/license',
    })
    expect(component.licenseExpression).toBe('Apache-2.0 OR (MIT AND LicenseRef-acme)')
    expect(component).not.toHaveProperty('license')
    expect(component).not.toHaveProperty('licenseUrl')
  })

  it('takes the deprecated author text as the only author', async () => {
    const component = await createComponent(project, {
      name: 'author-lib',
      author: 'Solo Dev',
      authors: [{ name: 'ignored' }],
    })
    expect(component.authors).toEqual([{ name: 'Solo Dev' }])
    expect(component.author).toBe('Solo Dev')
  })

  it.each([
    [{ name: 'x' }, 'classifier', 'must not be null'],
    [{ name: 'x', classifier: 'GADGET' }, 'classifier', 'The classifier is not valid'],
    [{ classifier: 'LIBRARY' }, 'name', 'must not be blank'],
    [{ name: '   ', classifier: 'LIBRARY' }, 'name', 'must not be blank'],
    [
      { name: 'x', classifier: 'LIBRARY', md5: 'abc' },
      'md5',
      'The MD5 hash must be a valid 32 character HEX number',
    ],
    [
      { name: 'x', classifier: 'LIBRARY', sha256: 'z'.repeat(64) },
      'sha256',
      'The SHA-256 hash must be a valid 64 character HEX number',
    ],
    [
      { name: 'x', classifier: 'LIBRARY', sha3_512: 'a'.repeat(127) },
      'sha3_512',
      'The SHA3-512 hash must be a valid 128 character HEX number',
    ],
    [
      { name: 'x', classifier: 'LIBRARY', cpe: 'cpe:nonsense' },
      'cpe',
      'The CPE must conform to the CPE v2.2 or v2.3 specification defined by NIST',
    ],
    [
      { name: 'x', classifier: 'LIBRARY', purl: 'not-a-purl' },
      'purl',
      'The Package URL (purl) must be a valid URI and conform to https://github.com/package-url/purl-spec',
    ],
    [
      { name: 'x', classifier: 'LIBRARY', licenseExpression: 'MIT OR' },
      'licenseExpression',
      'The license expression must be a valid SPDX expression',
    ],
    [
      { name: 'x', classifier: 'LIBRARY', licenseUrl: 'not a url' },
      'licenseUrl',
      'The license URL must be a valid URL',
    ],
    [
      { name: 'x', classifier: 'LIBRARY', filename: 'a/b.jar' },
      'filename',
      'The specified filename is not valid and cannot be used as a filename',
    ],
    [
      { name: 'x\u0007', classifier: 'LIBRARY' },
      'name',
      'The name may only contain printable characters',
    ],
    [{ name: 'x'.repeat(256), classifier: 'LIBRARY' }, 'name', 'size must be between 1 and 255'],
  ])('400 validation array for %j', async (body, field, message) => {
    const response = await api.request('PUT', `/v1/component/project/${project}`, {
      token: adminJwt,
      json: body,
    })
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(response.json).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ message, path: expect.stringMatching(new RegExp(`${field}$`)) }),
      ]),
    )
  })

  it('accepts a CPE 2.2 URI and blank optional fields as absent', async () => {
    const component = await createComponent(project, {
      name: 'cpe22-lib',
      cpe: 'cpe:/a:acme:lib:1.0',
      md5: '  ',
      version: '',
    })
    expect(component.cpe).toBe('cpe:/a:acme:lib:1.0')
    expect(component).not.toHaveProperty('md5')
    expect(component).not.toHaveProperty('version')
  })

  it('ignores externalReferences on create, as Dependency-Track does', async () => {
    const component = await createComponent(project, {
      name: 'refs-lib',
      externalReferences: [{ type: 'website', url: 'https://acme.example' }],
    })
    expect(component).not.toHaveProperty('externalReferences')
  })

  it('404 for an unknown project, 400 for a collection project, 400 for a bad UUID', async () => {
    const missing = await api.request('PUT', `/v1/component/project/${crypto.randomUUID()}`, {
      token: adminJwt,
      json: { name: 'x', classifier: 'LIBRARY' },
    })
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The project could not be found.')

    const collection = await createProject('collection-app')
    await sql(`UPDATE project SET collection_logic = 'AGGREGATE_DIRECT_CHILDREN' WHERE uuid = $1`, [
      collection,
    ])
    const refused = await api.request('PUT', `/v1/component/project/${collection}`, {
      token: adminJwt,
      json: { name: 'x', classifier: 'LIBRARY' },
    })
    expect(refused.status).toBe(400)
    expect(refused.text).toBe('Collection project cannot contain components.')

    const badUuid = await api.request('PUT', '/v1/component/project/not-a-uuid', {
      token: adminJwt,
      json: { name: 'x', classifier: 'LIBRARY' },
    })
    expect(badUuid.status).toBe(400)
    expect(badUuid.json[0].message).toBe('Invalid UUID')
  })

  it('401 without credentials, 403 without PORTFOLIO_MANAGEMENT, 415 for non-JSON', async () => {
    const anonymous = await api.request('PUT', `/v1/component/project/${project}`, {
      json: { name: 'x', classifier: 'LIBRARY' },
    })
    expect(anonymous.status).toBe(401)
    expect(anonymous.text).toBe('')
    const viewer = await api.request('PUT', `/v1/component/project/${project}`, {
      apiKey: viewerKey,
      json: { name: 'x', classifier: 'LIBRARY' },
    })
    expect(viewer.status).toBe(403)
    const text = await api.request('PUT', `/v1/component/project/${project}`, {
      token: adminJwt,
      text: 'name=x',
    })
    expect(text.status).toBe(415)
  })
})

describe('GET /v1/component/{uuid} (§4.3)', () => {
  it('answers the component with its project; includeRepositoryMetaData is accepted', async () => {
    const project = await createProject('get-app', '2.0')
    const created = await createComponent(project, { name: 'get-lib', version: '1.0' })
    const response = await api.request(
      'GET',
      `/v1/component/${created.uuid}?includeRepositoryMetaData=true`,
      { apiKey: viewerKey },
    )
    expect(response.status).toBe(200)
    expect(response.json).toEqual(created)
    expect(response.json.project).toMatchObject({ uuid: project, name: 'get-app', version: '2.0' })
    expect(response.json.project.tags).toEqual([])
    expect(response.json).not.toHaveProperty('repositoryMeta')
    expect(response.json).not.toHaveProperty('metrics')
  })

  it('nests the owning project as the same project JSON, with its tags and metadata (§3.2)', async () => {
    const created = await api.request('PUT', '/v1/project', {
      token: adminJwt,
      json: {
        name: 'nested-app',
        version: '3.1',
        group: 'acme',
        description: 'Shop front',
        publisher: 'Acme Inc',
        authors: [{ name: 'Ann', email: 'ann@example.com' }, { name: 'Bob' }],
        manufacturer: { name: 'Acme Works', urls: ['https://works.example.com'] },
        supplier: { name: 'Acme Supply' },
        classifier: 'APPLICATION',
        cpe: 'cpe:2.3:a:acme:nested-app:3.1:*:*:*:*:*:*:*',
        purl: 'pkg:npm/%40acme/nested-app@3.1',
        swidTagId: 'swid-nested',
        tags: [{ name: 'Shop' }, { name: 'backend' }],
        externalReferences: [{ type: 'website', url: 'https://acme.example.com', comment: 'home' }],
        active: true,
        isLatest: true,
      },
    })
    expect(created.status, created.text).toBe(201)
    const project = created.json.uuid as string
    await sql(`UPDATE project SET metadata = $1::jsonb WHERE uuid = $2`, [
      JSON.stringify({ supplier: { name: 'BOM Supplier' }, authors: [{ name: 'Cleo' }] }),
      project,
    ])
    const component = await createComponent(project, { name: 'nested-lib', version: '1.0' })
    const expected = {
      name: 'nested-app',
      version: '3.1',
      group: 'acme',
      description: 'Shop front',
      publisher: 'Acme Inc',
      author: 'Ann, Bob',
      authors: [{ name: 'Ann', email: 'ann@example.com' }, { name: 'Bob' }],
      manufacturer: { name: 'Acme Works', urls: ['https://works.example.com'] },
      supplier: { name: 'Acme Supply' },
      classifier: 'APPLICATION',
      collectionLogic: 'NONE',
      cpe: 'cpe:2.3:a:acme:nested-app:3.1:*:*:*:*:*:*:*',
      purl: 'pkg:npm/%40acme/nested-app@3.1',
      swidTagId: 'swid-nested',
      uuid: project,
      active: true,
      isLatest: true,
      externalReferences: [{ type: 'website', url: 'https://acme.example.com', comment: 'home' }],
      metadata: { supplier: { name: 'BOM Supplier' }, authors: [{ name: 'Cleo' }] },
      tags: [{ name: 'backend' }, { name: 'shop' }],
    }
    const single = await api.request('GET', `/v1/component/${component.uuid}`, { token: adminJwt })
    expect(single.json.project).toEqual(expected)
    const listed = await api.request('GET', `/v1/component/project/${project}`, { token: adminJwt })
    expect(listed.json[0].project).toEqual(expected)
  })

  it('404, 400, 401 and 403 answers', async () => {
    const missing = await api.request('GET', `/v1/component/${crypto.randomUUID()}`, {
      token: adminJwt,
    })
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The component could not be found.')
    const bad = await api.request('GET', '/v1/component/1234', { token: adminJwt })
    expect(bad.status).toBe(400)
    expect(bad.json[0].message).toBe('Invalid UUID')
    expect((await api.request('GET', `/v1/component/${crypto.randomUUID()}`)).status).toBe(401)
    const forbidden = await api.request('GET', `/v1/component/${crypto.randomUUID()}`, {
      apiKey: noPermissionKey,
    })
    expect(forbidden.status).toBe(403)
    expect(forbidden.text).toBe('')
  })

  it('serializes stored purls canonically and leaves unparsable ones out', async () => {
    const project = await createProject('purl-app')
    const created = await createComponent(project, { name: 'purl-lib' })
    await sql(`UPDATE component SET purl = 'garbage', purl_coordinates = NULL WHERE uuid = $1`, [
      created.uuid,
    ])
    const response = await api.request('GET', `/v1/component/${created.uuid}`, { token: adminJwt })
    expect(response.json).not.toHaveProperty('purl')
  })

  it('accepts a conan purl with a namespace and stores the specification canonical form', async () => {
    const project = await createProject('purl-spec-app')
    const conan = await createComponent(project, {
      name: 'cctz',
      purl: 'pkg:conan/bincrafters/cctz@2.3?channel=stable',
    })
    expect(conan).toMatchObject({
      purl: 'pkg:conan/bincrafters/cctz@2.3?channel=stable',
      purlCoordinates: 'pkg:conan/bincrafters/cctz@2.3',
    })
    const deb = await createComponent(project, {
      name: 'attr',
      purl: 'pkg:deb/debian/attr@1:2.4.47-2+b1?arch=amd64&checksum=sha1:ad95',
    })
    expect(deb.purl).toBe('pkg:deb/debian/attr@1:2.4.47-2%2Bb1?arch=amd64&checksum=sha1:ad95')
    const brew = await createComponent(project, { name: 'SQLite', purl: 'pkg:brew/SQLite@3.43.2' })
    expect(brew.purl).toBe('pkg:brew/sqlite@3.43.2')
    const refused = await api.request('PUT', `/v1/component/project/${project}`, {
      token: adminJwt,
      json: { name: 'x', classifier: 'LIBRARY', purl: 'pkg:swift/Alamofire@5.4.3' },
    })
    expect(refused.status).toBe(400)
  })
})

describe('POST /v1/component (§4.3 update)', () => {
  let project: string

  beforeAll(async () => {
    project = await createProject('update-app')
  })

  it('replaces the updatable fields and leaves supplier, blake hashes and extension alone', async () => {
    const created = await createComponent(project, {
      name: 'old-name',
      version: '1.0',
      group: 'old.group',
      license: 'Old License',
      licenseUrl: 'https://old.example',
      md5: 'd41d8cd98f00b204e9800998ecf8427e',
      notes: 'old notes',
    })
    await sql(
      `UPDATE component SET supplier = '{"name":"Supplier Co"}'::jsonb, blake3 = 'abc123',
         extension = 'jar' WHERE uuid = $1`,
      [created.uuid],
    )
    const response = await api.request('POST', '/v1/component', {
      token: adminJwt,
      json: {
        ...created,
        name: 'new-name',
        version: '2.0',
        group: null,
        classifier: 'FRAMEWORK',
        license: '',
        licenseExpression: 'MIT',
        md5: null,
        sha512: 'F'.repeat(128),
        purl: 'pkg:npm/%40acme/new-name@2.0',
        externalReferences: [
          { type: 'ISSUE_TRACKER', url: 'https://issues.example' },
          { type: 'website', url: 'https://acme.example', comment: 'home' },
        ],
        notes: null,
        supplier: { name: 'ignored' },
        blake3: 'ignored',
      },
    })
    expect(response.status, response.text).toBe(200)
    const updated = response.json
    expect(updated).toMatchObject({
      uuid: created.uuid,
      name: 'new-name',
      version: '2.0',
      classifier: 'FRAMEWORK',
      licenseExpression: 'MIT',
      sha512: 'f'.repeat(128),
      purl: 'pkg:npm/%40acme/new-name@2.0',
      purlCoordinates: 'pkg:npm/%40acme/new-name@2.0',
      supplier: { name: 'Supplier Co' },
      blake3: 'abc123',
      extension: 'jar',
      externalReferences: [
        { type: 'issue-tracker', url: 'https://issues.example' },
        { type: 'website', url: 'https://acme.example', comment: 'home' },
      ],
    })
    for (const gone of ['group', 'license', 'licenseUrl', 'md5', 'notes']) {
      expect(updated).not.toHaveProperty(gone)
    }
  })

  it('clears the whole license triple when none is given', async () => {
    const created = await createComponent(project, {
      name: 'licensed',
      license: 'Some License',
      licenseUrl: 'https://license.example',
    })
    const response = await api.request('POST', '/v1/component', {
      token: adminJwt,
      json: { uuid: created.uuid, name: 'licensed', classifier: 'LIBRARY' },
    })
    expect(response.status).toBe(200)
    for (const gone of ['license', 'licenseUrl', 'licenseExpression']) {
      expect(response.json).not.toHaveProperty(gone)
    }
  })

  it('404 for an unknown or missing uuid, 400 for invalid fields, 403 without permission', async () => {
    for (const uuid of [crypto.randomUUID(), undefined, 'nope']) {
      const response = await api.request('POST', '/v1/component', {
        token: adminJwt,
        json: { uuid, name: 'x', classifier: 'LIBRARY' },
      })
      expect(response.status).toBe(404)
      expect(response.text).toBe('The UUID of the component could not be found.')
    }
    const created = await createComponent(project, { name: 'valid' })
    const invalid = await api.request('POST', '/v1/component', {
      token: adminJwt,
      json: { uuid: created.uuid, name: 'valid', classifier: 'LIBRARY', licenseExpression: '(' },
    })
    expect(invalid.status).toBe(400)
    expect(invalid.json[0].message).toBe('The license expression must be a valid SPDX expression')
    const viewer = await api.request('POST', '/v1/component', {
      apiKey: viewerKey,
      json: { uuid: created.uuid, name: 'x', classifier: 'LIBRARY' },
    })
    expect(viewer.status).toBe(403)
  })
})

describe('DELETE /v1/component/{uuid} (§4.3)', () => {
  it('deletes the component and its properties; 404 afterwards', async () => {
    const project = await createProject('delete-app')
    const created = await createComponent(project, { name: 'doomed' })
    await api.request('PUT', `/v1/component/${created.uuid}/property`, {
      token: adminJwt,
      json: { propertyName: 'p', propertyValue: 'v', propertyType: 'STRING' },
    })
    const deleted = await api.request('DELETE', `/v1/component/${created.uuid}`, {
      token: adminJwt,
    })
    expect(deleted.status).toBe(204)
    expect(deleted.text).toBe('')
    const again = await api.request('DELETE', `/v1/component/${created.uuid}`, { token: adminJwt })
    expect(again.status).toBe(404)
    expect(again.text).toBe('The UUID of the component could not be found.')
    const get = await api.request('GET', `/v1/component/${created.uuid}`, { token: adminJwt })
    expect(get.status).toBe(404)
    const [count] = await sql(
      `SELECT count(*)::int AS n FROM component_property cp JOIN component c
       ON c.id = cp.component_id WHERE c.uuid = $1`,
      [created.uuid],
    )
    expect(count!.n).toBe(0)
    const viewer = await api.request('DELETE', `/v1/component/${crypto.randomUUID()}`, {
      apiKey: viewerKey,
    })
    expect(viewer.status).toBe(403)
  })
})

describe('isInternal from internal-components regexes (dt-behaviour §8.1)', () => {
  afterAll(async () => {
    await setConfig('internal-components', 'groups.regex', '')
    await setConfig('internal-components', 'names.regex', '')
  })

  it('is computed on create and update, and by GET /component/internal/identify', async () => {
    const project = await createProject('internal-app')
    const before = await createComponent(project, { name: 'corp-tool', group: 'com.corp' })
    expect(before.isInternal).toBe(false)

    expect(
      (await setConfig('internal-components', 'groups.regex', 'com\\.corp(\\..*)?')).status,
    ).toBe(200)
    await setConfig('internal-components', 'names.regex', 'internal-.*')
    const byGroup = await createComponent(project, { name: 'x', group: 'com.corp.sub' })
    const byName = await createComponent(project, { name: 'internal-lib' })
    const partial = await createComponent(project, { name: 'my-internal-lib', group: 'xcom.corp' })
    expect(byGroup.isInternal).toBe(true)
    expect(byName.isInternal).toBe(true)
    expect(partial.isInternal).toBe(false)

    const updated = await api.request('POST', '/v1/component', {
      token: adminJwt,
      json: { uuid: byName.uuid, name: 'public-lib', classifier: 'LIBRARY' },
    })
    expect(updated.json.isInternal).toBe(false)

    const stale = await api.request('GET', `/v1/component/${before.uuid}`, { token: adminJwt })
    expect(stale.json.isInternal).toBe(false)
    const denied = await api.request('GET', '/v1/component/internal/identify', {
      apiKey: viewerKey,
    })
    expect(denied.status).toBe(403)
    const identify = await api.request('GET', '/v1/component/internal/identify', {
      token: adminJwt,
    })
    expect(identify.status).toBe(204)
    const fresh = await api.request('GET', `/v1/component/${before.uuid}`, { token: adminJwt })
    expect(fresh.json.isInternal).toBe(true)
  })
})

describe('GET /v1/component/project/{uuid} (§4.3 list, §1.4 paging)', () => {
  let project: string
  const uuids: Record<string, string> = {}

  beforeAll(async () => {
    project = await createProject('list-app')
    const rows: Array<Record<string, unknown>> = [
      { name: 'bravo', version: '1.0', group: 'org.one' },
      { name: 'alpha', version: '1.0' },
      { name: 'alpha', version: '2.0' },
      { name: 'charlie', version: '3.0', group: 'org.Match' },
      { name: 'delta', version: '0.1', group: 'org.two' },
    ]
    for (const row of rows) {
      const created = await createComponent(project, row)
      uuids[`${row.name}@${row.version}`] = created.uuid
    }
    const other = await createProject('list-other')
    await createComponent(other, { name: 'alpha', version: '9.9' })
  })

  const list = (query = '') =>
    api.request('GET', `/v1/component/project/${project}${query}`, { apiKey: viewerKey })

  it('orders by name asc, version desc by default and sets X-Total-Count', async () => {
    const response = await list()
    expect(response.status).toBe(200)
    expect(response.headers.get('x-total-count')).toBe('5')
    expect(response.json.map((c: any) => `${c.name}@${c.version}`)).toEqual([
      'alpha@2.0',
      'alpha@1.0',
      'bravo@1.0',
      'charlie@3.0',
      'delta@0.1',
    ])
    expect(response.json[0].project.uuid).toBe(project)
  })

  it('pages with pageNumber/pageSize, page/size and offset/limit', async () => {
    const byPage = await list('?pageNumber=2&pageSize=2')
    expect(namesOf(byPage.json)).toEqual(['bravo', 'charlie'])
    expect(byPage.headers.get('x-total-count')).toBe('5')
    expect(namesOf((await list('?page=3&size=2')).json)).toEqual(['delta'])
    expect(namesOf((await list('?offset=1&limit=2')).json)).toEqual(['alpha', 'bravo'])
    // §1.4: limit alone (no offset) keeps the default window of 100; so does a lone page number.
    expect((await list('?limit=2')).json).toHaveLength(5)
    expect((await list('?pageNumber=2')).json).toHaveLength(5)
  })

  it('searches name or group, case-insensitively, with searchText or filter', async () => {
    const byGroup = await list('?searchText=MATCH')
    expect(namesOf(byGroup.json)).toEqual(['charlie'])
    expect(byGroup.headers.get('x-total-count')).toBe('1')
    expect(namesOf((await list('?filter=ALP')).json)).toEqual(['alpha', 'alpha'])
    expect((await list('?searchText=org.')).headers.get('x-total-count')).toBe('3')
  })

  it('sorts by persistent fields and refuses computed or unknown ones', async () => {
    const byVersion = await list('?sortName=version&sortOrder=desc')
    expect(byVersion.json.map((c: any) => c.version)).toEqual(['3.0', '2.0', '1.0', '1.0', '0.1'])
    const byProjectName = await list('?sortName=project.name&sortOrder=asc')
    expect(byProjectName.status).toBe(200)
    const computed = await list('?sortName=metrics&sortOrder=asc')
    expect(computed.status).toBe(400)
    expect(computed.headers.get('content-type')).toMatch(/^application\/problem\+json/)
    expect(computed.json).toEqual({
      status: 400,
      title: 'Field not sortable',
      detail:
        'Can not sort by Component#metrics: The field is computed and can not be queried or sorted by',
    })
    const unknown = await list('?orderBy=nope&sort=asc')
    expect(unknown.status).toBe(400)
    expect(unknown.json.detail).toBe('Can not sort by Component#nope: The field does not exist')
  })

  it('onlyOutdated finds nothing without repository metadata', async () => {
    const response = await list('?onlyOutdated=true')
    expect(response.status).toBe(200)
    expect(response.json).toEqual([])
    expect(response.headers.get('x-total-count')).toBe('0')
    expect((await list('?onlyOutdated=false')).json).toHaveLength(5)
  })

  it('onlyDirect keeps the components named in the project directDependencies', async () => {
    const direct = [uuids['bravo@1.0'], uuids['delta@0.1']]
    await sql('UPDATE project SET direct_dependencies = $2 WHERE uuid = $1', [
      project,
      JSON.stringify(direct.map((uuid) => ({ uuid, objectType: 'COMPONENT', name: 'x' }))),
    ])
    const response = await list('?onlyDirect=true')
    expect(namesOf(response.json)).toEqual(['bravo', 'delta'])
    expect(response.headers.get('x-total-count')).toBe('2')
  })

  it('404 for an unknown project, 401 and 403 without rights', async () => {
    const missing = await api.request('GET', `/v1/component/project/${crypto.randomUUID()}`, {
      token: adminJwt,
    })
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The project could not be found.')
    expect((await api.request('GET', `/v1/component/project/${project}`)).status).toBe(401)
    const forbidden = await api.request('GET', `/v1/component/project/${project}`, {
      apiKey: noPermissionKey,
    })
    expect(forbidden.status).toBe(403)
  })
})

describe('GET /v1/component/identity (§4.3)', () => {
  let first: string
  let second: string

  beforeAll(async () => {
    first = await createProject('identity-one', '1')
    second = await createProject('identity-two', '1')
    await createComponent(first, {
      name: 'Identity-Widget',
      group: 'Org.Identity',
      version: '1.5.0',
      purl: 'pkg:npm/identity-widget@1.5.0',
      cpe: 'cpe:2.3:a:identity:widget:1.5.0:*:*:*:*:*:*:*',
      swidTagId: 'Identity-Swid-1',
    })
    await createComponent(second, {
      name: 'identity-widget',
      group: 'org.identity',
      version: '2.0.0',
      purl: 'pkg:npm/identity-widget@2.0.0',
    })
    await createComponent(second, { name: 'identity-gadget', version: '1.5.1' })
  })

  const search = (query: string) =>
    api.request('GET', `/v1/component/identity?${query}`, { apiKey: viewerKey })

  it('matches group, name and version as case-insensitive substrings, all together', async () => {
    const byName = await search('name=WIDGET')
    expect(byName.status).toBe(200)
    expect(byName.headers.get('x-total-count')).toBe('2')
    expect(byName.json.map((c: any) => c.version)).toEqual(['1.5.0', '2.0.0'])
    expect(byName.json[0].project).toMatchObject({ uuid: first, name: 'identity-one' })
    expect((await search('name=identity&version=1.5')).headers.get('x-total-count')).toBe('2')
    expect((await search('group=identity&version=1.5')).json).toHaveLength(1)
    expect((await search('name=widget&purl=pkg:npm/nothing')).json).toHaveLength(2)
  })

  it('falls back to purl (canonicalised), then cpe, then swidTagId', async () => {
    const byPurl = await search(`purl=${encodeURIComponent('pkg:NPM/identity-widget@2.0.0')}`)
    expect(byPurl.json.map((c: any) => c.version)).toEqual(['2.0.0'])
    expect((await search('purl=pkg:npm/identity-widget')).json).toHaveLength(2)
    expect((await search('cpe=IDENTITY:WIDGET')).json).toHaveLength(1)
    expect((await search('swidTagId=IDENTITY-swid')).json).toHaveLength(1)
    expect((await search('cpe=identity:widget&swidTagId=nothing')).json).toHaveLength(1)
  })

  it('answers 200 with an empty body and X-Total-Count 0 without any criterion', async () => {
    for (const query of ['', 'name=%20%20', 'purl=not-a-purl']) {
      const response = await search(query)
      expect(response.status).toBe(200)
      expect(response.text).toBe('')
      expect(response.headers.get('x-total-count')).toBe('0')
    }
  })

  it('restricts to one project, to active and to latest projects', async () => {
    const inSecond = await search(`name=widget&project=${second}`)
    expect(inSecond.json.map((c: any) => c.project.uuid)).toEqual([second])
    const missing = await search(`name=widget&project=${crypto.randomUUID()}`)
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The project could not be found.')
    const badUuid = await search('name=widget&project=nope')
    expect(badUuid.status).toBe(400)

    await sql('UPDATE project SET active = false WHERE uuid = $1', [first])
    await sql('UPDATE project SET is_latest = true WHERE uuid = $1', [second])
    expect((await search('name=widget&excludeInactiveProjects=true')).json).toHaveLength(1)
    expect((await search('name=widget&onlyLatestProjectVersions=true')).json).toHaveLength(1)
    await sql('UPDATE project SET active = true WHERE uuid = $1', [first])
  })

  it('pages its results', async () => {
    const response = await search('name=identity&pageNumber=2&pageSize=2')
    expect(response.json).toHaveLength(1)
    expect(response.headers.get('x-total-count')).toBe('3')
  })
})

describe('GET /v1/component/hash/{hash} (§4.3)', () => {
  const hex = (char: string, length: number) => char.repeat(length)
  const apiHashes: Array<[string, number]> = [
    ['md5', 32],
    ['sha1', 40],
    ['sha256', 64],
    ['sha384', 96],
    ['sha512', 128],
    ['sha3_256', 64],
    ['sha3_384', 96],
    ['sha3_512', 128],
  ]

  it('finds a component by each of the twelve hashes', async () => {
    const project = await createProject('hash-app')
    const expected: Array<[string, string, string]> = []
    for (const [index, [field, length]] of apiHashes.entries()) {
      const value = hex(String(index + 1), length)
      const created = await createComponent(project, { name: `hash-${field}`, [field]: value })
      expected.push([field, value, created.uuid])
    }
    const blakes: Array<[string, string]> = [
      ['blake2b_256', hex('a', 64)],
      ['blake2b_384', hex('b', 96)],
      ['blake2b_512', hex('c', 128)],
      ['blake3', hex('d', 50)],
    ]
    for (const [column, value] of blakes) {
      const created = await createComponent(project, { name: `hash-${column}` })
      await sql(`UPDATE component SET ${column} = $2 WHERE uuid = $1`, [created.uuid, value])
      expected.push([column, value, created.uuid])
    }
    for (const [field, value, uuid] of expected) {
      const response = await api.request('GET', `/v1/component/hash/${value}`, {
        apiKey: viewerKey,
      })
      expect(response.status, field).toBe(200)
      expect(uuidOf(response.json), field).toEqual([uuid])
      expect(response.headers.get('x-total-count'), field).toBe('1')
      expect(response.json[0][field], field).toBe(value)
    }
    const upper = await api.request('GET', `/v1/component/hash/${hex('A', 64)}`, {
      apiKey: viewerKey,
    })
    expect(upper.json).toHaveLength(1)
    const none = await api.request('GET', `/v1/component/hash/${hex('e', 40)}`, {
      apiKey: viewerKey,
    })
    expect(none.json).toEqual([])
    expect(none.headers.get('x-total-count')).toBe('0')
    expect((await api.request('GET', `/v1/component/hash/${hex('e', 40)}`)).status).toBe(401)
  })
})

describe('component properties (§4.4, §3.20)', () => {
  let component: string

  beforeAll(async () => {
    const project = await createProject('property-app')
    component = (await createComponent(project, { name: 'property-lib' })).uuid
  })

  const put = (json: unknown) =>
    api.request('PUT', `/v1/component/${component}/property`, { token: adminJwt, json })

  it('creates properties with a uuid, allowing the same name with another value', async () => {
    const created = await put({
      groupName: 'foo',
      propertyName: 'bar',
      propertyValue: 'baz',
      propertyType: 'STRING',
      description: 'qux',
    })
    expect(created.status).toBe(201)
    expect(created.json).toEqual({
      groupName: 'foo',
      propertyName: 'bar',
      propertyValue: 'baz',
      propertyType: 'STRING',
      description: 'qux',
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
    })
    const sibling = await put({
      groupName: 'foo',
      propertyName: 'bar',
      propertyValue: 'other',
      propertyType: 'STRING',
    })
    expect(sibling.status).toBe(201)
    const duplicate = await put({
      groupName: 'foo',
      propertyName: 'bar',
      propertyValue: 'baz',
      propertyType: 'STRING',
    })
    expect(duplicate.status).toBe(409)
    expect(duplicate.text).toBe(
      'A property with the specified component/group/name/value combination already exists.',
    )
    const noGroup = await put({ propertyName: 'bar', propertyValue: 'baz', propertyType: 'STRING' })
    expect(noGroup.status).toBe(201)
    expect(noGroup.json).not.toHaveProperty('groupName')
  })

  it('normalises typed values; a value of the wrong type is left out', async () => {
    const flag = await put({
      groupName: 't',
      propertyName: 'flag',
      propertyValue: 'TRUE',
      propertyType: 'BOOLEAN',
    })
    expect(flag.json.propertyValue).toBe('true')
    const count = await put({
      groupName: 't',
      propertyName: 'n',
      propertyValue: 42,
      propertyType: 'INTEGER',
    })
    expect(count.json.propertyValue).toBe('42')
    const wrong = await put({
      groupName: 't',
      propertyName: 'n2',
      propertyValue: 'many',
      propertyType: 'INTEGER',
    })
    expect(wrong.status).toBe(201)
    expect(wrong.json).not.toHaveProperty('propertyValue')
  })

  it('rejects ENCRYPTEDSTRING and invalid names with a validation array', async () => {
    const encrypted = await put({
      groupName: 'foo',
      propertyName: 'secret',
      propertyValue: 'baz',
      propertyType: 'ENCRYPTEDSTRING',
    })
    expect(encrypted.status).toBe(400)
    expect(encrypted.json).toEqual([
      expect.objectContaining({
        message: 'Encrypted component property values are not supported',
        path: expect.stringMatching(/propertyType$/),
      }),
    ])
    const blank = await put({ propertyName: ' ', propertyType: 'STRING' })
    expect(blank.status).toBe(400)
    expect(blank.json[0].message).toBe('must not be blank')
    const noType = await put({ propertyName: 'x' })
    expect(noType.json[0].message).toBe('must not be null')
    const control = await put({ propertyName: 'a\u0001b', propertyType: 'STRING' })
    expect(control.json[0].message).toBe('The propertyName must not contain control characters')
  })

  it('lists properties ordered by group and name, without X-Total-Count', async () => {
    const response = await api.request('GET', `/v1/component/${component}/property`, {
      apiKey: viewerKey,
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-total-count')).toBeNull()
    expect(response.json.map((p: any) => `${p.groupName ?? '-'}/${p.propertyName}`)).toEqual([
      'foo/bar',
      'foo/bar',
      't/flag',
      't/n',
      't/n2',
      '-/bar',
    ])
  })

  it('deletes a property by uuid; 404 for unknown property or component', async () => {
    const list = await api.request('GET', `/v1/component/${component}/property`, {
      token: adminJwt,
    })
    const target = list.json[0].uuid
    const deleted = await api.request('DELETE', `/v1/component/${component}/property/${target}`, {
      token: adminJwt,
    })
    expect(deleted.status).toBe(204)
    const again = await api.request('DELETE', `/v1/component/${component}/property/${target}`, {
      token: adminJwt,
    })
    expect(again.status).toBe(404)
    expect(again.text).toBe('The component property could not be found.')
    const noComponent = await api.request(
      'DELETE',
      `/v1/component/${crypto.randomUUID()}/property/${target}`,
      { token: adminJwt },
    )
    expect(noComponent.text).toBe('The component could not be found.')
    const get404 = await api.request('GET', `/v1/component/${crypto.randomUUID()}/property`, {
      token: adminJwt,
    })
    expect(get404.status).toBe(404)
    expect(get404.text).toBe('The component could not be found.')
    const put404 = await api.request('PUT', `/v1/component/${crypto.randomUUID()}/property`, {
      token: adminJwt,
      json: { propertyName: 'x', propertyType: 'STRING' },
    })
    expect(put404.text).toBe('The component could not be found.')
    const viewer = await api.request('PUT', `/v1/component/${component}/property`, {
      apiKey: viewerKey,
      json: { propertyName: 'x', propertyType: 'STRING' },
    })
    expect(viewer.status).toBe(403)
  })
})

describe('dependency graph (§4.3, §4.8, §5.3, §5.4)', () => {
  let project: string
  let empty: string
  const c: Record<string, string> = {}
  let service: string

  const entry = (uuid: string, objectType = 'COMPONENT') => ({ uuid, objectType, name: 'n' })

  beforeAll(async () => {
    project = await createProject('graph-app')
    empty = await createProject('graph-empty')
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      c[name] = (
        await createComponent(project, {
          name: `graph-${name}`,
          version: '1.0',
          purl: `pkg:npm/graph-${name}@1.0?x=1`,
        })
      ).uuid
    }
    const created = await api.request('PUT', `/v1/service/project/${project}`, {
      token: adminJwt,
      json: { name: 'graph-service', version: '2', endpoints: [] },
    })
    service = created.json.uuid
    const setDeps = (table: string, uuid: string, entries: unknown[]) =>
      sql(`UPDATE ${table} SET direct_dependencies = $2 WHERE uuid = $1`, [
        uuid,
        JSON.stringify(entries),
      ])
    await setDeps('project', project, [entry(c.a!), entry(service, 'SERVICE')])
    await setDeps('component', c.a!, [entry(c.b!), entry(c.c!)])
    await setDeps('component', c.b!, [entry(c.d!)])
    await setDeps('component', c.d!, [entry(c.e!), entry(crypto.randomUUID())])
  })

  it('GET /dependencyGraph/project/{uuid}/directDependencies resolves components and services', async () => {
    const response = await api.request(
      'GET',
      `/v1/dependencyGraph/project/${project}/directDependencies`,
      { apiKey: viewerKey },
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('x-total-count')).toBeNull()
    expect(response.json).toEqual([
      {
        uuid: c.a,
        name: 'graph-a',
        version: '1.0',
        purl: 'pkg:npm/graph-a@1.0?x=1',
        directDependencies: JSON.stringify([entry(c.b!), entry(c.c!)]),
      },
      { uuid: service, name: 'graph-service', version: '2' },
    ])
    const none = await api.request(
      'GET',
      `/v1/dependencyGraph/project/${empty}/directDependencies`,
      {
        token: adminJwt,
      },
    )
    expect(none.json).toEqual([])
    const missing = await api.request(
      'GET',
      `/v1/dependencyGraph/project/${crypto.randomUUID()}/directDependencies`,
      { token: adminJwt },
    )
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The component could not be found.')
  })

  it('GET /dependencyGraph/component/{uuid}/directDependencies drops unknown UUIDs', async () => {
    const response = await api.request(
      'GET',
      `/v1/dependencyGraph/component/${c.d}/directDependencies`,
      { apiKey: viewerKey },
    )
    expect(uuidOf(response.json)).toEqual([c.e])
    expect(response.json[0]).not.toHaveProperty('directDependencies')
    const leaf = await api.request(
      'GET',
      `/v1/dependencyGraph/component/${c.e}/directDependencies`,
      {
        token: adminJwt,
      },
    )
    expect(leaf.json).toEqual([])
    const missing = await api.request(
      'GET',
      `/v1/dependencyGraph/component/${crypto.randomUUID()}/directDependencies`,
      { token: adminJwt },
    )
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The component could not be found.')
  })

  it('GET /component/project/{p}/dependencyGraph/{c} expands the paths to the component', async () => {
    const response = await api.request(
      'GET',
      `/v1/component/project/${project}/dependencyGraph/${c.d}`,
      { apiKey: viewerKey },
    )
    expect(response.status).toBe(200)
    const graph = response.json
    expect(Object.keys(graph).sort()).toEqual([c.a, c.b, c.c, c.d, c.e].sort())
    expect(graph[c.a!]).toEqual({
      uuid: c.a,
      name: 'graph-a',
      version: '1.0',
      purl: 'pkg:npm/graph-a@1.0?x=1',
      purlCoordinates: 'pkg:npm/graph-a@1.0',
      dependencyGraph: [c.b, c.c],
      expandDependencyGraph: true,
      isInternal: false,
    })
    expect(graph[c.b!]).toMatchObject({ dependencyGraph: [c.d], expandDependencyGraph: true })
    expect(graph[c.d!]).toMatchObject({ dependencyGraph: [c.e], expandDependencyGraph: false })
    expect(graph[c.e!]).not.toHaveProperty('dependencyGraph')
    expect(graph[c.c!]).toMatchObject({ expandDependencyGraph: false })
  })

  it('accepts several components separated by | and answers {} without project roots', async () => {
    const both = await api.request(
      'GET',
      `/v1/component/project/${project}/dependencyGraph/${c.c}%7C${c.e}`,
      { token: adminJwt },
    )
    expect(both.status).toBe(200)
    expect(Object.keys(both.json)).toHaveLength(5)
    expect(both.json[c.d!].expandDependencyGraph).toBe(true)
    const emptyProject = await api.request(
      'GET',
      `/v1/component/project/${empty}/dependencyGraph/${c.a}`,
      { token: adminJwt },
    )
    expect(emptyProject.json).toEqual({})
  })

  it('404 texts for unknown project or component', async () => {
    const noProject = await api.request(
      'GET',
      `/v1/component/project/${crypto.randomUUID()}/dependencyGraph/${c.a}`,
      { token: adminJwt },
    )
    expect(noProject.status).toBe(404)
    expect(noProject.text).toBe('The UUID of the project could not be found.')
    const noComponent = await api.request(
      'GET',
      `/v1/component/project/${project}/dependencyGraph/${c.a}|${crypto.randomUUID()}`,
      { token: adminJwt },
    )
    expect(noComponent.status).toBe(404)
    expect(noComponent.text).toBe('The UUID of the component could not be found.')
  })
})

describe('portfolio access control (§1.3, dt-behaviour §6.6)', () => {
  let allowed: string
  let denied: string
  let allowedComponent: string
  let deniedComponent: string
  let restrictedKey: string
  let teamlessJwt: string

  beforeAll(async () => {
    allowed = await createProject('acl-allowed')
    denied = await createProject('acl-denied')
    const hash = 'ab'.repeat(16)
    allowedComponent = (await createComponent(allowed, { name: 'acl-lib', md5: hash })).uuid
    deniedComponent = (await createComponent(denied, { name: 'acl-lib', md5: hash })).uuid
    await sql('UPDATE project SET direct_dependencies = $2 WHERE uuid = $1', [
      denied,
      JSON.stringify([{ uuid: deniedComponent, objectType: 'COMPONENT', name: 'acl-lib' }]),
    ])
    const restricted = await teamKey('Restricted', ['VIEW_PORTFOLIO', 'PORTFOLIO_MANAGEMENT'])
    restrictedKey = restricted.key
    await sql(
      `INSERT INTO project_access_team (project_id, team_id)
       SELECT p.id, t.id FROM project p, team t WHERE p.uuid = $1 AND t.uuid = $2`,
      [allowed, restricted.teamUuid],
    )
    const user = await api.request('PUT', '/v1/user/managed', {
      token: adminJwt,
      json: {
        username: 'teamless',
        fullname: 'Teamless',
        email: 'teamless@example.com',
        newPassword: 'teamless-password-1',
        confirmPassword: 'teamless-password-1',
        forcePasswordChange: false,
        nonExpiryPassword: true,
        suspended: false,
      },
    })
    expect(user.status).toBe(201)
    await api.request('POST', '/v1/permission/VIEW_PORTFOLIO/user/teamless', { token: adminJwt })
    teamlessJwt = (await api.login('teamless', 'teamless-password-1')).text
    expect((await setConfig('access-management', 'acl.enabled', 'true')).status).toBe(200)
  })

  afterAll(async () => {
    await setConfig('access-management', 'acl.enabled', 'false')
  })

  const as = (method: string, path: string, json?: unknown) =>
    api.request(method, path, { apiKey: restrictedKey, json })

  it('single-object endpoints answer 403 with the component or project text', async () => {
    expect((await as('GET', `/v1/component/${allowedComponent}`)).status).toBe(200)
    const cases: Array<[string, string, unknown, string]> = [
      [
        'GET',
        `/v1/component/${deniedComponent}`,
        undefined,
        'Access to the specified component is forbidden',
      ],
      [
        'GET',
        `/v1/component/project/${denied}`,
        undefined,
        'Access to the specified project is forbidden',
      ],
      [
        'PUT',
        `/v1/component/project/${denied}`,
        { name: 'x', classifier: 'LIBRARY' },
        'Access to the specified project is forbidden',
      ],
      [
        'POST',
        '/v1/component',
        { uuid: deniedComponent, name: 'x', classifier: 'LIBRARY' },
        'Access to the specified component is forbidden',
      ],
      [
        'DELETE',
        `/v1/component/${deniedComponent}`,
        undefined,
        'Access to the specified component is forbidden',
      ],
      [
        'GET',
        `/v1/component/${deniedComponent}/property`,
        undefined,
        'Access to the specified project is forbidden',
      ],
      [
        'PUT',
        `/v1/component/${deniedComponent}/property`,
        { propertyName: 'x', propertyType: 'STRING' },
        'Access to the specified component is forbidden',
      ],
      [
        'GET',
        `/v1/component/identity?name=acl&project=${denied}`,
        undefined,
        'Access to the specified project is forbidden',
      ],
      [
        'GET',
        `/v1/component/project/${denied}/dependencyGraph/${deniedComponent}`,
        undefined,
        'Access to the specified project is forbidden.',
      ],
      [
        'GET',
        `/v1/dependencyGraph/project/${denied}/directDependencies`,
        undefined,
        'Access to the specified project is forbidden',
      ],
      [
        'GET',
        `/v1/dependencyGraph/component/${deniedComponent}/directDependencies`,
        undefined,
        'Access to the specified component is forbidden',
      ],
    ]
    for (const [method, path, body, message] of cases) {
      const response = await as(method, path, body)
      expect(response.status, `${method} ${path}`).toBe(403)
      expect(response.text, `${method} ${path}`).toBe(message)
    }
  })

  it('identity and hash searches are filtered to accessible projects', async () => {
    const identity = await as('GET', '/v1/component/identity?name=acl-lib')
    expect(uuidOf(identity.json)).toEqual([allowedComponent])
    expect(identity.headers.get('x-total-count')).toBe('1')
    const hash = await as('GET', `/v1/component/hash/${'ab'.repeat(16)}`)
    expect(uuidOf(hash.json)).toEqual([allowedComponent])
    expect(hash.headers.get('x-total-count')).toBe('1')
  })

  it('a principal with no teams sees nothing; ACCESS_MANAGEMENT sees everything', async () => {
    const teamless = await api.request('GET', '/v1/component/identity?name=acl-lib', {
      token: teamlessJwt,
    })
    expect(teamless.json).toEqual([])
    const admin = await api.request('GET', '/v1/component/identity?name=acl-lib', {
      token: adminJwt,
    })
    expect(admin.json).toHaveLength(2)
    expect(
      (await api.request('GET', `/v1/component/${deniedComponent}`, { token: adminJwt })).status,
    ).toBe(200)
  })
})
