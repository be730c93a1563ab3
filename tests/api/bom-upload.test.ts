import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  apiKeyWith,
  componentsOf,
  createProject,
  fixture,
  graph,
  ingest,
  npmBom,
  postBom,
  projectByName,
  projectRow,
  projectTags,
  propertiesOf,
  putBom,
  servicesOf,
  startBomServer,
  waitForToken,
  type BomServer,
  type ComponentRow,
} from '../fixtures/boms/support.ts'

// Contract: dt-api-portfolio.md §1.7, §2.12–§2.14, §3.1–§3.3, §3.24, §4.6 (PUT/POST /v1/bom,
// GET /v1/bom/token); dt-behaviour.md §0.2, §0.3, §1.1–§1.8 (upload handling, formats, validation,
// asynchronous processing, conversion, identity and replace-on-re-upload, licenses, graph).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

let server: BomServer
let admin: { token: string }

beforeAll(async () => {
  server = await startBomServer()
  admin = { token: server.adminJwt }
  // Generated once per run; cyclonedx-npm takes a few seconds.
  await Promise.all([npmBom('JSON'), npmBom('XML')])
}, 120_000)

afterAll(async () => {
  await server?.close()
})

interface Json {
  [key: string]: any
}

/** Components in processing order: nested ones flattened, children before their parent. */
function flatten(components: Json[] = [], out: Json[] = []): Json[] {
  for (const component of components) {
    flatten(component.components, out)
    out.push(component)
  }
  return out
}

const byName = (rows: ComponentRow[], name: string) => {
  const row = rows.find((r) => r.name === name)
  if (!row) throw new Error(`no component ${name} in ${rows.map((r) => r.name).join(', ')}`)
  return row
}

function bom(components: Json[], extra: Json = {}): string {
  return JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    version: 1,
    components,
    ...extra,
  })
}

const library = (name: string, version: string, extra: Json = {}) => ({
  type: 'library',
  'bom-ref': `${name}@${version}`,
  name,
  version,
  purl: `pkg:npm/${name}@${version}`,
  ...extra,
})

describe('PUT /v1/bom and POST /v1/bom with real BOMs (cyclonedx-npm over this project)', () => {
  it('ingests a JSON BOM for an existing project: token, components, graph, import record', async () => {
    const text = await npmBom('JSON')
    const document = JSON.parse(text) as Json
    const uuid = await createProject(server, 'npm-json', '1.0')

    const response = await putBom(server, admin, { project: uuid }, text)
    expect(response.status).toBe(200)
    expect(Object.keys(response.json)).toEqual(['token'])
    expect(response.json.token).toMatch(UUID)
    await waitForToken(server, response.json.token)

    const deprecated = await server.api.request(
      'GET',
      `/v1/bom/token/${response.json.token}`,
      admin,
    )
    expect(deprecated.status).toBe(200)
    expect(deprecated.json).toEqual({ processing: false })

    const flat = flatten([
      ...(document.metadata.component.components ?? []),
      ...document.components,
    ])
    const identities = new Set(
      flat.map((c) => JSON.stringify([c.purl, c.group ?? null, c.name, c.version ?? null])),
    )
    const rows = await componentsOf(server, uuid)
    expect(rows.length).toBe(identities.size)
    expect(new Set(rows.map((r) => r.purl))).toEqual(new Set(flat.map((c) => c.purl)))

    const sample = flat.find(
      (c) => c.group && c.licenses?.[0]?.license?.id && c.properties?.length,
    )!
    const stored = rows.find((r) => r.purl === sample.purl)!
    expect(stored).toMatchObject({
      name: sample.name,
      group: sample.group,
      version: sample.version,
      classifier: sample.type.toUpperCase(),
      license_id: sample.licenses[0].license.id,
      purl_coordinates: sample.purl.split('?')[0],
      internal: false,
    })
    expect(stored.uuid).toMatch(UUID)
    expect((stored.external_references as Json[]).length).toBe(sample.externalReferences.length)
    const properties = await propertiesOf(server, stored.id)
    expect(properties.length).toBeGreaterThan(0)
    for (const property of properties) expect(property).toMatchObject({ property_type: 'STRING' })

    const project = (await projectRow(server, uuid))!
    expect(project.last_bom_import).toBeInstanceOf(Date)
    expect(project.last_bom_import_format).toBe(`CycloneDX ${document.specVersion}`)
    const rootRef = document.metadata.component['bom-ref']
    const rootDependencies = document.dependencies.find((d: Json) => d.ref === rootRef).dependsOn
    const purlByRef = new Map(flat.map((c) => [c['bom-ref'], c.purl]))
    expect(graph(project.direct_dependencies).map((node) => node.purl)).toEqual(
      rootDependencies.map((ref: string) => purlByRef.get(ref)),
    )
    for (const node of graph(project.direct_dependencies)) {
      expect(rows.find((r) => r.uuid === node.uuid)?.purl).toBe(node.purl)
    }

    const [record] = await server.db.query<Json>(
      `SELECT b.* FROM bom b JOIN project p ON p.id = b.project_id WHERE p.uuid = $1`,
      [uuid],
    )
    expect(record).toMatchObject({
      bom_format: 'CycloneDX',
      spec_version: document.specVersion,
      bom_version: document.version,
      serial_number: document.serialNumber.replace('urn:uuid:', ''),
    })
    // The stored upload is gone once processed.
    const [left] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM bom_upload')
    expect(left!.n).toBe(0)
  })

  it('ingests the XML BOM of the same dependencies through multipart POST', async () => {
    const [json, xml] = await Promise.all([npmBom('JSON'), npmBom('XML')])
    const uuid = await createProject(server, 'npm-xml', '1.0')
    const response = await postBom(server, admin, { project: uuid }, xml)
    expect(response.status).toBe(200)
    expect(response.json.token).toMatch(UUID)
    await waitForToken(server, response.json.token)
    const rows = await componentsOf(server, uuid)
    const fromJson = await componentsOf(
      server,
      (await projectByName(server, 'npm-json', '1.0'))!.uuid,
    )
    const key = (r: ComponentRow) => `${r.purl}|${r.license_id}|${r.license_expression}`
    expect(rows.map(key).sort()).toEqual(fromJson.map(key).sort())
    const project = (await projectRow(server, uuid))!
    expect(project.last_bom_import_format).toBe(`CycloneDX ${JSON.parse(json).specVersion}`)
    expect(graph(project.direct_dependencies).length).toBeGreaterThan(0)
  })
})

describe('project resolution and auto-creation (§1.1)', () => {
  const small = bom([library('auto-lib', '1.0.0')])

  it('auto-creates by name and version with tags (PUT) and by multipart with comma-separated tags', async () => {
    const put = await putBom(
      server,
      admin,
      {
        projectName: 'auto-put',
        projectVersion: '1.0',
        autoCreate: true,
        projectTags: [' Team-A ', 'prod'],
      },
      small,
    )
    expect(put.status).toBe(200)
    await waitForToken(server, put.json.token)
    const created = (await projectByName(server, 'auto-put', '1.0'))!
    expect(created).toMatchObject({ is_latest: false, parent_id: null })
    expect(await projectTags(server, created.uuid)).toEqual(['prod', 'team-a'])
    expect((await componentsOf(server, created.uuid)).map((r) => r.name)).toEqual(['auto-lib'])

    const post = await postBom(
      server,
      admin,
      {
        projectName: 'auto-post',
        projectVersion: '2.0',
        autoCreate: true,
        projectTags: ['Alpha', ' beta ', '', 'alpha'],
      },
      small,
    )
    expect(post.status).toBe(200)
    await waitForToken(server, post.json.token)
    const posted = (await projectByName(server, 'auto-post', '2.0'))!
    expect(await projectTags(server, posted.uuid)).toEqual(['alpha', 'beta'])
  })

  it('uploads that auto-create the same new project at once all land in that one project', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        putBom(
          server,
          admin,
          { projectName: 'auto-race', projectVersion: '1', autoCreate: true, projectTags: ['ci'] },
          small,
        ),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200))
    for (const answer of answers) await waitForToken(server, answer.json.token)
    const rows = await server.db.query(`SELECT id FROM project WHERE name = 'auto-race'`)
    expect(rows.length).toBe(1)
    const project = (await projectByName(server, 'auto-race', '1'))!
    expect(await projectTags(server, project.uuid)).toEqual(['ci'])
  })

  it('auto-creates without a version; a null version matches only a null version', async () => {
    const first = await putBom(
      server,
      admin,
      { projectName: 'no-version', autoCreate: true },
      small,
    )
    expect(first.status).toBe(200)
    await waitForToken(server, first.json.token)
    const again = await putBom(server, admin, { projectName: 'no-version' }, small)
    expect(again.status).toBe(200)
    const rows = await server.db.query(`SELECT id FROM project WHERE name = 'no-version'`)
    expect(rows.length).toBe(1)
    await waitForToken(server, again.json.token)
  })

  it('places the new project under a parent given by name and version, or by UUID (UUID wins)', async () => {
    const parentA = await createProject(server, 'parent-a', '1')
    const parentB = await createProject(server, 'parent-b', '1')
    const byName = await putBom(
      server,
      admin,
      {
        projectName: 'child-1',
        projectVersion: '1',
        autoCreate: true,
        parentName: 'parent-a',
        parentVersion: '1',
      },
      small,
    )
    expect(byName.status).toBe(200)
    const byUuid = await postBom(
      server,
      admin,
      {
        projectName: 'child-2',
        projectVersion: '1',
        autoCreate: true,
        parentUUID: parentB,
        parentName: 'parent-a',
        parentVersion: '1',
      },
      small,
    )
    expect(byUuid.status).toBe(200)
    await waitForToken(server, byName.json.token)
    await waitForToken(server, byUuid.json.token)
    const idOf = async (uuid: string) => (await projectRow(server, uuid))!.id
    expect((await projectByName(server, 'child-1', '1'))!.parent_id).toBe(await idOf(parentA))
    expect((await projectByName(server, 'child-2', '1'))!.parent_id).toBe(await idOf(parentB))

    const missing = await putBom(
      server,
      admin,
      {
        projectName: 'orphan',
        projectVersion: '1',
        autoCreate: true,
        parentName: 'nope',
        parentVersion: '1',
      },
      small,
    )
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The parent component could not be found.')
    const missingUuid = await postBom(
      server,
      admin,
      { projectName: 'orphan', projectVersion: '1', autoCreate: true, parentUUID: randomUUID() },
      small,
    )
    expect(missingUuid.status).toBe(404)
    expect(missingUuid.text).toBe('The parent component could not be found.')
    expect(await projectByName(server, 'orphan', '1')).toBeUndefined()
  })

  it('isLatest marks the new version latest and clears the previous latest of that name', async () => {
    const v1 = await putBom(
      server,
      admin,
      { projectName: 'latest-app', projectVersion: '1', autoCreate: true, isLatest: true },
      small,
    )
    expect(v1.status).toBe(200)
    expect((await projectByName(server, 'latest-app', '1'))!.is_latest).toBe(true)
    const v2 = await postBom(
      server,
      admin,
      { projectName: 'latest-app', projectVersion: '2', autoCreate: true, isLatest: true },
      small,
    )
    expect(v2.status).toBe(200)
    expect((await projectByName(server, 'latest-app', '1'))!.is_latest).toBe(false)
    expect((await projectByName(server, 'latest-app', '2'))!.is_latest).toBe(true)
    await waitForToken(server, v1.json.token)
    await waitForToken(server, v2.json.token)
  })

  it('answers 404 for an unknown project without autoCreate, and for an unknown UUID', async () => {
    const byName = await putBom(server, admin, { projectName: 'ghost', projectVersion: '1' }, small)
    expect(byName.status).toBe(404)
    expect(byName.text).toBe('The project could not be found.')
    const byUuid = await postBom(server, admin, { project: randomUUID(), autoCreate: true }, small)
    expect(byUuid.status).toBe(404)
    expect(byUuid.text).toBe('The project could not be found.')
    const invalidUuid = await putBom(server, admin, { project: 'not-a-uuid' }, small)
    expect(invalidUuid.status).toBe(400)
    expect(invalidUuid.json[0]).toMatchObject({
      message: 'The project must be a valid 36 character UUID',
    })
  })

  it('answers 200 with an empty body when the multipart form has no bom part', async () => {
    const form = new FormData()
    form.append('projectName', 'no-bom')
    const response = await fetch(`${server.baseUrl}/api/v1/bom`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.adminJwt}` },
      body: form,
    })
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('')
  })
})

describe('permissions (BOM_UPLOAD, PROJECT_CREATION_UPLOAD, PORTFOLIO_MANAGEMENT)', () => {
  const small = bom([library('perm-lib', '1.0.0')])

  it('needs BOM_UPLOAD for uploads and the deprecated token endpoint', async () => {
    const viewer = await apiKeyWith(server, ['VIEW_PORTFOLIO'])
    const uuid = await createProject(server, 'perm-target', '1')
    expect((await putBom(server, { apiKey: viewer }, { project: uuid }, small)).status).toBe(403)
    expect((await postBom(server, { apiKey: viewer }, { project: uuid }, small)).status).toBe(403)
    const token = await server.api.request('GET', `/v1/bom/token/${randomUUID()}`, {
      apiKey: viewer,
    })
    expect(token.status).toBe(403)
    const anonymous = await server.api.request('PUT', '/v1/bom', { json: { bom: 'e30=' } })
    expect(anonymous.status).toBe(401)
  })

  it('refuses autoCreate to BOM_UPLOAD alone with 401; PROJECT_CREATION_UPLOAD may create', async () => {
    const uploader = await apiKeyWith(server, ['BOM_UPLOAD'])
    const denied = await putBom(
      server,
      { apiKey: uploader },
      { projectName: 'perm-new', projectVersion: '1', autoCreate: true },
      small,
    )
    expect(denied.status).toBe(401)
    expect(denied.text).toBe('The principal does not have permission to create project.')
    const deniedPost = await postBom(
      server,
      { apiKey: uploader },
      { projectName: 'perm-new', projectVersion: '1', autoCreate: true },
      small,
    )
    expect(deniedPost.status).toBe(401)
    expect(deniedPost.text).toBe('The principal does not have permission to create project.')
    expect(await projectByName(server, 'perm-new', '1')).toBeUndefined()

    const creator = await apiKeyWith(server, ['BOM_UPLOAD', 'PROJECT_CREATION_UPLOAD'])
    const created = await putBom(
      server,
      { apiKey: creator },
      { projectName: 'perm-new', projectVersion: '1', autoCreate: true, projectTags: ['created'] },
      small,
    )
    expect(created.status).toBe(200)
    await waitForToken(server, created.json.token)
    const project = (await projectByName(server, 'perm-new', '1'))!
    expect(await projectTags(server, project.uuid)).toEqual(['created'])
    expect((await componentsOf(server, project.uuid)).length).toBe(1)

    // BOM_UPLOAD alone may upload to an existing project.
    const existing = await putBom(server, { apiKey: uploader }, { project: project.uuid }, small)
    expect(existing.status).toBe(200)
    await waitForToken(server, existing.json.token)
  })

  it('replaces the tags of an existing project only for PORTFOLIO_MANAGEMENT', async () => {
    const uuid = await createProject(server, 'tagged', '1')
    const first = await putBom(server, admin, { project: uuid, projectTags: ['one', 'two'] }, small)
    expect(first.status).toBe(200)
    expect(await projectTags(server, uuid)).toEqual(['one', 'two'])

    const uploader = await apiKeyWith(server, ['BOM_UPLOAD'])
    const ignored = await putBom(
      server,
      { apiKey: uploader },
      { project: uuid, projectTags: ['three'] },
      small,
    )
    expect(ignored.status).toBe(200)
    expect(await projectTags(server, uuid)).toEqual(['one', 'two'])

    const manager = await apiKeyWith(server, ['BOM_UPLOAD', 'PORTFOLIO_MANAGEMENT'])
    const replaced = await postBom(
      server,
      { apiKey: manager },
      { project: uuid, projectTags: ['Three'] },
      small,
    )
    expect(replaced.status).toBe(200)
    expect(await projectTags(server, uuid)).toEqual(['three'])
    for (const token of [first.json.token, ignored.json.token, replaced.json.token]) {
      await waitForToken(server, token)
    }
  })

  it('with portfolio ACL on: needs access to the project; an API key gives its team to a new project', async () => {
    await server.db.query(
      `UPDATE config_property SET property_value = 'true'
       WHERE group_name = 'access-management' AND property_name = 'acl.enabled'`,
    )
    try {
      const key = await apiKeyWith(server, ['BOM_UPLOAD', 'PROJECT_CREATION_UPLOAD'])
      const foreign = await createProject(server, 'acl-foreign', '1')
      const refused = await putBom(server, { apiKey: key }, { project: foreign }, small)
      expect(refused.status).toBe(403)
      expect(refused.text).toBe('Access to the specified project is forbidden')

      const created = await putBom(
        server,
        { apiKey: key },
        { projectName: 'acl-own', projectVersion: '1', autoCreate: true },
        small,
      )
      expect(created.status).toBe(200)
      await waitForToken(server, created.json.token)
      const own = (await projectByName(server, 'acl-own', '1'))!
      const teams = await server.db.query(
        'SELECT team_id FROM project_access_team WHERE project_id = $1',
        [own.id],
      )
      expect(teams.length).toBe(1)
      const again = await postBom(server, { apiKey: key }, { project: own.uuid }, small)
      expect(again.status).toBe(200)
      await waitForToken(server, again.json.token)
    } finally {
      await server.db.query(
        `UPDATE config_property SET property_value = 'false'
         WHERE group_name = 'access-management' AND property_name = 'acl.enabled'`,
      )
    }
  })
})

interface FixtureCase {
  file: string
  names: string[]
  format: string
  check: (rows: ComponentRow[], uuid: string) => Promise<void> | void
}

const CASES: FixtureCase[] = [
  {
    file: 'v1.0.xml',
    names: ['acme-core-child', 'acme-core', 'spring-core'],
    format: 'CycloneDX 1.0',
    async check(rows, uuid) {
      expect(byName(rows, 'acme-core')).toMatchObject({
        group: 'com.acme',
        publisher: 'Acme Inc',
        description: 'Core & utilities © <acme>',
        md5: '3c6d7a6e2ba7a4e1e8c0b0a5d8a1c2b3',
        sha1: 'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3',
        license_id: 'Apache-2.0',
        license: null,
        copyright: 'Copyright Acme',
        cpe: 'cpe:2.3:a:acme:acme-core:1.0.0:*:*:*:*:*:*:*',
        purl: 'pkg:maven/com.acme/acme-core@1.0.0?type=jar',
        purl_coordinates: 'pkg:maven/com.acme/acme-core@1.0.0',
        classifier: 'LIBRARY',
      })
      expect(byName(rows, 'spring-core')).toMatchObject({
        classifier: 'FRAMEWORK',
        license: 'Custom License',
        license_id: null,
      })
      expect((await projectRow(server, uuid))!.direct_dependencies).toBeNull()
    },
  },
  {
    file: 'v1.1.xml',
    names: ['left-pad', 'right-pad'],
    format: 'CycloneDX 1.1',
    async check(rows, uuid) {
      expect(byName(rows, 'left-pad')).toMatchObject({
        license_expression: 'MIT OR Apache-2.0',
        license_id: null,
        description: null,
        external_references: [
          { type: 'vcs', url: 'https://github.com/left-pad/left-pad', comment: 'Source' },
          { type: 'website', url: 'https://left-pad.io' },
        ],
      })
      expect(byName(rows, 'right-pad')).toMatchObject({
        license_expression: 'MIT',
        license_id: 'MIT',
      })
      const [record] = await server.db.query<Json>(
        'SELECT b.* FROM bom b JOIN project p ON p.id = b.project_id WHERE p.uuid = $1',
        [uuid],
      )
      expect(record).toMatchObject({
        spec_version: '1.1',
        bom_version: 2,
        serial_number: '3e671687-395b-41f5-a30f-a58921a69b79',
      })
    },
  },
  {
    file: 'v1.2.json',
    names: ['lib-a', 'lib-b', 'lib-c'],
    format: 'CycloneDX 1.2',
    async check(rows, uuid) {
      const project = (await projectRow(server, uuid))!
      expect(project).toMatchObject({
        authors: [{ name: 'Acme Team' }],
        publisher: 'Acme Inc',
        supplier: {
          name: 'Acme Inc',
          urls: ['https://acme.example'],
          contacts: [{ name: 'Ops', email: 'ops@acme.example' }],
        },
        manufacturer: { name: 'Acme Manufacturing' },
        classifier: 'APPLICATION',
        cpe: 'cpe:2.3:a:acme:acme-app:1.0.0:*:*:*:*:*:*:*',
        purl: 'pkg:generic/acme-app@1.0.0',
        external_references: [{ type: 'website', url: 'https://acme.example/app' }],
        metadata: {
          authors: [{ name: 'Jane Author', email: 'jane@acme.example' }],
          supplier: { name: 'Acme Supply' },
        },
      })
      expect(project.name).toBe('fixture-v1.2.json')
      expect(byName(rows, 'lib-a')).toMatchObject({
        group: 'org.acme',
        scope: 'REQUIRED',
        sha256: '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824',
        supplier: { name: 'Acme Libs' },
        authors: [{ name: 'Lib Author' }],
      })
      expect(byName(rows, 'lib-a').sha3_512).toHaveLength(128)
      expect(byName(rows, 'lib-b')).toMatchObject({
        scope: 'OPTIONAL',
        license_id: 'MIT',
        license_url: 'https://opensource.org/licenses/MIT',
      })
      expect(byName(rows, 'lib-c')).toMatchObject({
        license: 'Proprietary',
        license_url: 'https://acme.example/license',
        license_id: null,
      })
      const [service] = await servicesOf(server, uuid)
      expect(service).toMatchObject({
        provider: { name: 'Acme Cloud', urls: ['https://cloud.acme.example'] },
        group: 'org.acme',
        name: 'billing-api',
        version: '2',
        description: 'Billing',
        endpoints: ['https://billing.acme.example/v2'],
        authenticated: true,
        crosses_trust_boundary: true,
        data: [
          { direction: 'INBOUND', name: 'PII' },
          { direction: 'BI_DIRECTIONAL', name: 'PCI' },
        ],
        external_references: [{ type: 'documentation', url: 'https://docs.acme.example' }],
      })
      expect(JSON.parse(project.direct_dependencies!)).toEqual([
        {
          objectType: 'COMPONENT',
          uuid: byName(rows, 'lib-a').uuid,
          group: 'org.acme',
          name: 'lib-a',
          version: '1.0',
          purl: 'pkg:maven/org.acme/lib-a@1.0',
          purlCoordinates: 'pkg:maven/org.acme/lib-a@1.0',
        },
        {
          objectType: 'SERVICE',
          uuid: service!.uuid,
          group: 'org.acme',
          name: 'billing-api',
          version: '2',
        },
      ])
      expect(graph(byName(rows, 'lib-a').direct_dependencies).map((n) => n.uuid)).toEqual([
        byName(rows, 'lib-b').uuid,
        byName(rows, 'lib-c').uuid,
      ])
      expect(byName(rows, 'lib-b').direct_dependencies).toBeNull()
      expect(byName(rows, 'lib-c').direct_dependencies).toBeNull()
    },
  },
  {
    file: 'v1.2.xml',
    names: ['lib-a', 'lib-b'],
    format: 'CycloneDX 1.2',
    async check(rows, uuid) {
      expect(byName(rows, 'lib-a').description).toBe('Uses <angle> brackets & ampersands')
      const [service] = await servicesOf(server, uuid)
      expect(service).toMatchObject({
        name: 'billing-api',
        authenticated: false,
        endpoints: ['https://billing.acme.example/v2'],
        data: [{ direction: 'OUTBOUND', name: 'PII' }],
      })
      const project = (await projectRow(server, uuid))!
      expect(graph(project.direct_dependencies).map((n) => n.name)).toEqual(['lib-a'])
      expect(graph(byName(rows, 'lib-a').direct_dependencies)).toEqual([
        expect.objectContaining({ objectType: 'COMPONENT', name: 'lib-b' }),
        expect.objectContaining({
          objectType: 'SERVICE',
          uuid: service!.uuid,
          name: 'billing-api',
        }),
      ])
    },
  },
  {
    file: 'v1.3.json',
    names: ['with-properties', 'debian', 'config.yaml'],
    format: 'CycloneDX 1.3',
    async check(rows, uuid) {
      const withProperties = byName(rows, 'with-properties')
      expect(withProperties.license_expression).toBe('(MIT OR Apache-2.0) AND BSD-3-Clause')
      expect(await propertiesOf(server, withProperties.id)).toEqual([
        {
          group_name: 'internal',
          property_name: 'team',
          property_value: 'platform',
          property_type: 'STRING',
        },
        {
          group_name: 'cdx',
          property_name: 'npm:package:path',
          property_value: 'node_modules/with-properties',
          property_type: 'STRING',
        },
        {
          group_name: null,
          property_name: 'plain',
          property_value: 'padded',
          property_type: 'STRING',
        },
        {
          group_name: null,
          property_name: 'long',
          property_value: `${'x'.repeat(1021)}...`,
          property_type: 'STRING',
        },
      ])
      expect(byName(rows, 'debian')).toMatchObject({
        classifier: 'OPERATING_SYSTEM',
        license_expression: null,
      })
      expect(byName(rows, 'config.yaml')).toMatchObject({
        classifier: 'FILE',
        sha384: 'a'.repeat(96),
        sha512: 'b'.repeat(128),
        blake2b_512: 'c'.repeat(128),
      })
      const project = (await projectRow(server, uuid))!
      expect(project.classifier).toBe('LIBRARY')
      expect(graph(project.direct_dependencies).map((n) => n.name)).toEqual([
        'with-properties',
        'debian',
        'config.yaml',
      ])
    },
  },
  {
    file: 'v1.3.xml',
    names: ['with-properties', 'acme/image'],
    format: 'CycloneDX 1.3',
    async check(rows) {
      expect(byName(rows, 'acme/image').classifier).toBe('CONTAINER')
      const properties = await propertiesOf(server, byName(rows, 'with-properties').id)
      expect(properties.map((p) => [p.group_name, p.property_name, p.property_value])).toEqual([
        ['internal', 'team', 'platform'],
        ['cdx', 'npm:package:path', 'node_modules/with-properties'],
        [null, 'empty', null],
      ])
    },
  },
  {
    file: 'v1.4.json',
    names: ['Requests', 'bad-purl', 'temperature-sensor'],
    format: 'CycloneDX 1.4',
    async check(rows, uuid) {
      const project = (await projectRow(server, uuid))!
      expect(project).toMatchObject({
        classifier: 'FIRMWARE',
        swid_tag_id: 'swidgen-acme-firmware-4.2',
      })
      expect(byName(rows, 'Requests')).toMatchObject({
        purl: 'pkg:pypi/requests@2.31.0',
        swid_tag_id: 'swid-requests',
        external_references: [
          {
            type: 'release-notes',
            url: 'https://requests.readthedocs.io/en/latest/community/updates/',
          },
          { type: 'distribution', url: 'https://pypi.org/project/requests/', comment: 'PyPI' },
        ],
      })
      expect(byName(rows, 'bad-purl')).toMatchObject({ purl: null, purl_coordinates: null })
      expect(byName(rows, 'temperature-sensor')).toMatchObject({
        classifier: 'DEVICE',
        version: null,
      })
      expect(graph(project.direct_dependencies).map((n) => n.name)).toEqual([
        'Requests',
        'temperature-sensor',
      ])
      expect(graph(byName(rows, 'temperature-sensor').direct_dependencies)).toEqual([
        {
          objectType: 'COMPONENT',
          uuid: byName(rows, 'bad-purl').uuid,
          name: 'bad-purl',
          version: '1',
        },
      ])
    },
  },
  {
    file: 'v1.4.xml',
    names: ['Requests', 'temperature-sensor'],
    format: 'CycloneDX 1.4',
    async check(rows, uuid) {
      expect(byName(rows, 'Requests').purl).toBe('pkg:pypi/requests@2.31.0')
      const project = (await projectRow(server, uuid))!
      expect(project.swid_tag_id).toBe('swidgen-acme-firmware-4.2')
      expect(graph(project.direct_dependencies).length).toBe(2)
    },
  },
  {
    file: 'v1.5.json',
    names: ['acme-classifier', 'training-set', 'acme-driver', 'lib'],
    format: 'CycloneDX 1.5',
    async check(rows, uuid) {
      expect(byName(rows, 'acme-classifier').classifier).toBe('MACHINE_LEARNING_MODEL')
      expect(byName(rows, 'training-set').classifier).toBe('DATA')
      expect(byName(rows, 'acme-driver')).toMatchObject({
        classifier: 'DEVICE_DRIVER',
        license_expression: 'GPL-2.0-only WITH Linux-syscall-note',
        license_id: null,
      })
      expect(byName(rows, 'lib')).toMatchObject({
        group: 'github.com/acme',
        purl: 'pkg:golang/github.com/acme/lib@v1.2.3',
        license_expression: 'BSD-3-Clause',
        license_id: 'BSD-3-Clause',
      })
      const services = await servicesOf(server, uuid)
      expect(services.map((s) => s.name)).toEqual(['auth-db', 'auth'])
      expect(services[1]).toMatchObject({
        authenticated: true,
        data: [
          { direction: 'OUTBOUND', name: 'credentials' },
          { direction: 'UNKNOWN', name: 'telemetry' },
        ],
      })
      const project = (await projectRow(server, uuid))!
      expect(project.classifier).toBe('PLATFORM')
      expect(graph(project.direct_dependencies).map((n) => [n.objectType, n.name])).toEqual([
        ['COMPONENT', 'acme-classifier'],
        ['COMPONENT', 'acme-driver'],
        ['SERVICE', 'auth'],
      ])
      expect(graph(byName(rows, 'acme-classifier').direct_dependencies).map((n) => n.name)).toEqual(
        ['training-set'],
      )
      expect(graph(byName(rows, 'acme-driver').direct_dependencies).map((n) => n.name)).toEqual([
        'lib',
      ])
      const [record] = await server.db.query<Json>(
        'SELECT b.* FROM bom b JOIN project p ON p.id = b.project_id WHERE p.uuid = $1',
        [uuid],
      )
      expect(record!.bom_version).toBe(7)
    },
  },
  {
    file: 'v1.5.xml',
    names: ['acme-classifier'],
    format: 'CycloneDX 1.5',
    async check(_rows, uuid) {
      const [service] = await servicesOf(server, uuid)
      expect(service).toMatchObject({
        name: 'auth',
        crosses_trust_boundary: true,
        data: [{ direction: 'INBOUND', name: 'credentials' }],
      })
    },
  },
  {
    file: 'v1.6.json',
    names: ['widgets', 'AES-256-GCM', 'nested-grandchild', 'nested-child', 'nested-parent'],
    format: 'CycloneDX 1.6',
    async check(rows, uuid) {
      const project = (await projectRow(server, uuid))!
      expect(project).toMatchObject({
        authors: [{ name: 'Alice', email: 'alice@acme.example' }, { name: 'Bob' }],
        manufacturer: { name: 'Acme Devices' },
        metadata: { authors: [{ name: 'SBOM Bot' }] },
      })
      expect(byName(rows, 'widgets')).toMatchObject({
        group: '@acme',
        purl: 'pkg:npm/%40acme/widgets@6.1.0',
        license_id: 'Apache-2.0',
        authors: [{ name: 'Carol' }],
      })
      expect(byName(rows, 'AES-256-GCM').classifier).toBe('LIBRARY')
      expect(graph(project.direct_dependencies).map((n) => n.name)).toEqual([
        'widgets',
        'nested-parent',
      ])
      expect(graph(byName(rows, 'nested-parent').direct_dependencies).map((n) => n.name)).toEqual([
        'nested-child',
      ])
      // A self-reference is not stored.
      expect(graph(byName(rows, 'nested-child').direct_dependencies).map((n) => n.name)).toEqual([
        'nested-grandchild',
      ])
      expect(byName(rows, 'widgets').direct_dependencies).toBeNull()
    },
  },
  {
    file: 'v1.6.xml',
    names: ['widgets'],
    format: 'CycloneDX 1.6',
    async check(rows, uuid) {
      const project = (await projectRow(server, uuid))!
      expect(project).toMatchObject({
        authors: [{ name: 'Alice', email: 'alice@acme.example' }],
        metadata: { authors: [{ name: 'SBOM Bot' }] },
      })
      expect(byName(rows, 'widgets')).toMatchObject({
        license_id: 'Apache-2.0',
        authors: [{ name: 'Carol' }],
      })
    },
  },
  {
    file: 'v1.7.json',
    names: ['next-lib', 'external-lib'],
    format: 'CycloneDX 1.7',
    async check(rows, uuid) {
      expect(byName(rows, 'next-lib')).toMatchObject({
        purl: 'pkg:cargo/next-lib@7.1.0',
        license_id: 'MIT',
        license_expression: 'Apache-2.0 OR MIT',
      })
      expect(byName(rows, 'external-lib').version).toBeNull()
      const project = (await projectRow(server, uuid))!
      expect(graph(project.direct_dependencies).map((n) => n.name)).toEqual([
        'next-lib',
        'external-lib',
      ])
    },
  },
  {
    file: 'v1.7.xml',
    names: ['next-lib'],
    format: 'CycloneDX 1.7',
    async check(_rows, uuid) {
      const project = (await projectRow(server, uuid))!
      expect(graph(project.direct_dependencies).map((n) => n.name)).toEqual(['next-lib'])
    },
  },
]

describe('hand-written BOMs for every spec version (tests/fixtures/boms)', () => {
  it.each(CASES)('$file', async ({ file, names, format, check }) => {
    const uuid = await createProject(server, `fixture-${file}`, '1')
    const text = await fixture(file)
    const response = file.endsWith('.xml')
      ? await postBom(server, admin, { project: uuid }, text)
      : await putBom(server, admin, { project: uuid }, text)
    expect(response.status, response.text).toBe(200)
    await waitForToken(server, response.json.token)
    const rows = await componentsOf(server, uuid)
    expect(rows.map((r) => r.name)).toEqual(names)
    for (const row of rows) expect(row.uuid).toMatch(UUID)
    expect((await projectRow(server, uuid))!.last_bom_import_format).toBe(format)
    await check(rows, uuid)
  })
})

describe('re-upload replaces the inventory (§1.6)', () => {
  it('keeps matched components (same UUID), updates changed fields, deletes vanished, adds new', async () => {
    const uuid = await createProject(server, 'reupload', '1')
    const first = bom(
      [
        library('keep', '1.0.0', {
          description: 'old',
          properties: [
            { name: 'a:b', value: 'stays' },
            { name: 'a:c', value: 'goes' },
          ],
        }),
        library('drop', '1.0.0'),
        library('bump', '1.0.0'),
      ],
      {
        metadata: { component: { type: 'application', 'bom-ref': 'root', name: 'reupload-app' } },
        services: [
          { 'bom-ref': 'svc', name: 'svc', version: '1', description: 'v1' },
          { name: 'gone' },
        ],
        dependencies: [
          { ref: 'root', dependsOn: ['keep@1.0.0', 'svc'] },
          { ref: 'keep@1.0.0', dependsOn: ['drop@1.0.0', 'bump@1.0.0'] },
        ],
      },
    )
    await ingest(server, { project: uuid }, first)
    const before = await componentsOf(server, uuid)
    const servicesBefore = await servicesOf(server, uuid)
    const keepBefore = byName(before, 'keep')

    const second = bom(
      [
        library('keep', '1.0.0', {
          description: 'new',
          properties: [
            { name: 'a:b', value: 'stays' },
            { name: 'a:d', value: 'added' },
          ],
        }),
        library('bump', '2.0.0'),
        library('added', '1.0.0'),
      ],
      {
        metadata: { component: { type: 'application', 'bom-ref': 'root', name: 'reupload-app' } },
        services: [{ 'bom-ref': 'svc', name: 'svc', version: '1', description: 'v2' }],
        dependencies: [
          { ref: 'root', dependsOn: ['keep@1.0.0'] },
          { ref: 'keep@1.0.0', dependsOn: ['added@1.0.0', 'svc'] },
        ],
      },
    )
    await ingest(server, { project: uuid }, second)
    const after = await componentsOf(server, uuid)
    expect(after.map((r) => `${r.name}@${r.version}`).sort()).toEqual([
      'added@1.0.0',
      'bump@2.0.0',
      'keep@1.0.0',
    ])
    const keepAfter = byName(after, 'keep')
    expect(keepAfter.uuid).toBe(keepBefore.uuid)
    expect(keepAfter.id).toBe(keepBefore.id)
    expect(keepAfter.description).toBe('new')
    // A version change is a new identity: new UUID, the old row is gone.
    expect(byName(after, 'bump').uuid).not.toBe(byName(before, 'bump').uuid)
    const ids = (await server.db.query<{ id: number }>('SELECT id FROM component')).map((r) => r.id)
    expect(ids).not.toContain(byName(before, 'drop').id)
    expect(ids).not.toContain(byName(before, 'bump').id)

    const properties = await propertiesOf(server, keepAfter.id)
    expect(
      properties.map((p) => `${p.group_name}:${p.property_name}=${p.property_value}`).sort(),
    ).toEqual(['a:b=stays', 'a:d=added'])

    const servicesAfter = await servicesOf(server, uuid)
    expect(servicesAfter.map((s) => s.name)).toEqual(['svc'])
    expect(servicesAfter[0]).toMatchObject({ uuid: servicesBefore[0]!.uuid, description: 'v2' })

    expect(graph(keepAfter.direct_dependencies)).toEqual([
      expect.objectContaining({ uuid: byName(after, 'added').uuid, objectType: 'COMPONENT' }),
      expect.objectContaining({ uuid: servicesAfter[0]!.uuid, objectType: 'SERVICE' }),
    ])
    const project = (await projectRow(server, uuid))!
    expect(graph(project.direct_dependencies).map((n) => n.uuid)).toEqual([keepAfter.uuid])

    // The same BOM again changes nothing.
    await ingest(server, { project: uuid }, second)
    const third = await componentsOf(server, uuid)
    expect(third.map((r) => [r.id, r.uuid])).toEqual(after.map((r) => [r.id, r.uuid]))
    const boms = await server.db.query(
      'SELECT b.id FROM bom b JOIN project p ON p.id = b.project_id WHERE p.uuid = $1',
      [uuid],
    )
    expect(boms.length).toBe(3)
  })

  it('overwrites project fields from metadata.component, nulls included; a BOM without it leaves them', async () => {
    const uuid = await createProject(server, 'project-fields', '1')
    await ingest(
      server,
      { project: uuid },
      bom([], {
        metadata: {
          component: {
            type: 'framework',
            name: 'x',
            publisher: 'P',
            cpe: 'cpe:2.3:a:x:x:1:*:*:*:*:*:*:*',
          },
        },
      }),
    )
    expect(await projectRow(server, uuid)).toMatchObject({
      classifier: 'FRAMEWORK',
      publisher: 'P',
      name: 'project-fields',
      version: '1',
    })
    await ingest(
      server,
      { project: uuid },
      bom([], { metadata: { component: { type: 'library', name: 'x' } } }),
    )
    expect(await projectRow(server, uuid)).toMatchObject({
      classifier: 'LIBRARY',
      publisher: null,
      cpe: null,
    })
    await ingest(server, { project: uuid }, bom([library('only', '1')]))
    expect(await projectRow(server, uuid)).toMatchObject({
      classifier: 'LIBRARY',
      direct_dependencies: null,
    })
  })

  it('removes every component when the new BOM has none', async () => {
    const uuid = await createProject(server, 'emptied', '1')
    await ingest(server, { project: uuid }, bom([library('a', '1'), library('b', '1')]))
    expect((await componentsOf(server, uuid)).length).toBe(2)
    await ingest(server, { project: uuid }, bom([]))
    expect((await componentsOf(server, uuid)).length).toBe(0)
  })
})

describe('identity de-duplication inside one BOM (§1.6)', () => {
  it('keeps the first of identical identities and redirects the dropped bom-refs', async () => {
    const uuid = await createProject(server, 'dedupe', '1')
    const text = bom(
      [
        {
          type: 'library',
          'bom-ref': 'first',
          name: 'twin',
          version: '1',
          purl: 'pkg:npm/twin@1',
          description: 'first',
        },
        {
          type: 'library',
          'bom-ref': 'second',
          name: 'twin',
          version: '1',
          purl: 'pkg:npm/twin@1',
          description: 'second',
        },
        // Same name and version but a different purl qualifier: a different identity.
        {
          type: 'library',
          'bom-ref': 'third',
          name: 'twin',
          version: '1',
          purl: 'pkg:npm/twin@1?arch=x64',
        },
        { type: 'library', 'bom-ref': 'user', name: 'user', version: '1' },
        { type: 'library', 'bom-ref': 'user', name: 'user-dup-ref', version: '1' },
      ],
      {
        metadata: { component: { type: 'application', 'bom-ref': 'root', name: 'dedupe-app' } },
        dependencies: [
          { ref: 'root', dependsOn: ['first', 'second', 'user'] },
          { ref: 'user', dependsOn: ['second', 'third'] },
        ],
      },
    )
    // JSON schema does not check that bom-refs are unique: accepted, the first mapping wins.
    await ingest(server, { project: uuid }, text)
    const rows = await componentsOf(server, uuid)
    expect(rows.map((r) => `${r.name}|${r.purl}`)).toEqual([
      'twin|pkg:npm/twin@1',
      'twin|pkg:npm/twin@1?arch=x64',
      'user|null',
      'user-dup-ref|null',
    ])
    expect(rows[0]!.description).toBe('first')
    const project = (await projectRow(server, uuid))!
    expect(graph(project.direct_dependencies).map((n) => n.uuid)).toEqual([
      rows[0]!.uuid,
      rows[2]!.uuid,
    ])
    expect(graph(rows[2]!.direct_dependencies).map((n) => n.uuid)).toEqual([
      rows[0]!.uuid,
      rows[1]!.uuid,
    ])
  })
})

describe('stored text survives the bulk write exactly', () => {
  it('keeps tabs, newlines, backslashes, \\N, quotes and non-ASCII in fields, JSON and properties', async () => {
    const uuid = await createProject(server, 'awkward-text', '1')
    const awkward = 'tab\there\nnew line\r\nC:\\dir\\N "quoted" \u00e9\u4e2d\ud83d\ude00 \\N'
    await ingest(
      server,
      { project: uuid },
      bom([
        {
          type: 'library',
          'bom-ref': 'odd',
          group: '\\N',
          name: 'odd',
          version: '1',
          description: awkward,
          copyright: '\\',
          externalReferences: [
            { type: 'website', url: 'https://example.org/\\N', comment: awkward },
          ],
          properties: [
            { name: 'p\tname', value: awkward },
            { name: 'empty', value: '' },
          ],
        },
      ]),
    )
    const [row] = await componentsOf(server, uuid)
    expect(row!.group).toBe('\\N')
    expect(row!.description).toBe(awkward)
    expect(row!.copyright).toBe('\\')
    expect(row!.external_references).toEqual([
      { type: 'website', url: 'https://example.org/\\N', comment: awkward },
    ])
    const properties = await propertiesOf(server, Number(row!.id))
    expect(properties.map((p) => [p.property_name, p.property_value])).toEqual([
      ['p\tname', awkward],
      // Blank values are trimmed to null, as Dependency-Track stores them.
      ['empty', null],
    ])
  })
})

describe('validation mode (artifact/bom.validation.mode, §1.3)', () => {
  const invalid = bom([{ type: 'library', name: 'x', version: '1', unexpected: true }])
  const setMode = async (mode: string, inclusive = '[]', exclusive = '[]') => {
    for (const [name, value] of [
      ['bom.validation.mode', mode],
      ['bom.validation.tags.inclusive', inclusive],
      ['bom.validation.tags.exclusive', exclusive],
    ]) {
      await server.db.query(
        `UPDATE config_property SET property_value = $2 WHERE group_name = 'artifact' AND property_name = $1`,
        [name, value],
      )
    }
  }

  it('validates by default, skips when DISABLED, and follows the tag lists', async () => {
    const uuid = await createProject(server, 'validation', '1')
    try {
      const refused = await putBom(server, admin, { project: uuid }, invalid)
      expect(refused.status).toBe(400)
      expect(refused.json).toMatchObject({ detail: 'Schema validation failed' })

      await setMode('DISABLED')
      const accepted = await putBom(server, admin, { project: uuid }, invalid)
      expect(accepted.status).toBe(200)
      await waitForToken(server, accepted.json.token)

      await setMode('ENABLED_FOR_TAGS', '["strict"]')
      expect((await putBom(server, admin, { project: uuid }, invalid)).status).toBe(200)
      expect(
        (await putBom(server, admin, { project: uuid, projectTags: ['strict'] }, invalid)).status,
      ).toBe(400)

      await setMode('DISABLED_FOR_TAGS', '[]', '["lenient"]')
      expect(
        (await putBom(server, admin, { project: uuid, projectTags: ['other'] }, invalid)).status,
      ).toBe(400)
      const lenient = await putBom(
        server,
        admin,
        { project: uuid, projectTags: ['lenient'] },
        invalid,
      )
      expect(lenient.status).toBe(200)
      await waitForToken(server, lenient.json.token)
      expect(await projectTags(server, uuid)).toEqual(['lenient'])
    } finally {
      await setMode('ENABLED')
    }
  })
})

describe('internal components (internal-components/*.regex, §8.1)', () => {
  it('flags components whose group or name fully matches the configured patterns', async () => {
    const set = (name: string, value: string | null) =>
      server.db.query(
        `UPDATE config_property SET property_value = $2
         WHERE group_name = 'internal-components' AND property_name = $1`,
        [name, value],
      )
    await set('groups.regex', 'com\\.acme(\\..*)?')
    await set('names.regex', 'acme-.*')
    try {
      const uuid = await createProject(server, 'internal', '1')
      await ingest(
        server,
        { project: uuid },
        bom([
          { type: 'library', group: 'com.acme.tools', name: 'x', version: '1' },
          { type: 'library', group: 'org.other', name: 'acme-lib', version: '1' },
          { type: 'library', group: 'com.acme-not', name: 'lib-acme', version: '1' },
        ]),
      )
      const rows = await componentsOf(server, uuid)
      expect(rows.map((r) => [r.name, r.internal])).toEqual([
        ['x', true],
        ['acme-lib', true],
        ['lib-acme', false],
      ])
    } finally {
      await set('groups.regex', null)
      await set('names.regex', null)
    }
  })
})

describe('processing failures and serialisation', () => {
  it('processes uploads to one project one at a time; every token ends', async () => {
    const uuid = await createProject(server, 'concurrent', '1')
    const uploads = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        putBom(
          server,
          admin,
          { project: uuid },
          bom([library(`c${i}`, '1'), library('shared', '1')]),
        ),
      ),
    )
    for (const upload of uploads) expect(upload.status).toBe(200)
    for (const upload of uploads) await waitForToken(server, upload.json.token)
    const rows = await componentsOf(server, uuid)
    // Whichever BOM came last, the project holds exactly one BOM's components.
    expect(rows.length).toBe(2)
    expect(rows.map((r) => r.name)).toContain('shared')
    const boms = await server.db.query(
      'SELECT b.id FROM bom b JOIN project p ON p.id = b.project_id WHERE p.uuid = $1',
      [uuid],
    )
    expect(boms.length).toBe(4)
  })
})
