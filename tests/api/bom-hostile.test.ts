import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  componentsOf,
  createProject,
  fixture,
  graph,
  ingest,
  postBom,
  projectByName,
  projectRow,
  putBom,
  startBomServer,
  waitForToken,
  type BomServer,
  type UploadFields,
} from '../fixtures/boms/support.ts'

// Contract: dt-behaviour.md §0.1 (problem documents), §1.1–§1.4 (request handling, formats,
// validation, asynchronous processing), §1.8 (unknown refs are skipped with a warning);
// dt-api-portfolio.md §1.6 and §4.6 (invalid-BOM problem, collection projects).

const TITLE = 'The uploaded BOM is invalid'
const NEITHER = 'BOM is neither valid JSON nor XML'

let server: BomServer
let admin: { token: string }
let baseline: string

const valid = (name: string) =>
  JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    components: [{ type: 'library', 'bom-ref': name, name, version: '1.0.0' }],
  })

beforeAll(async () => {
  server = await startBomServer()
  admin = { token: server.adminJwt }
  baseline = await createProject(server, 'hostile-target', '1')
  await ingest(server, { project: baseline }, valid('already-there'))
})

afterAll(async () => {
  await server?.close()
})

async function snapshot() {
  const count = async (sql: string) =>
    (await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`))[0]!.n
  return {
    components: (await componentsOf(server, baseline)).map((r) => [r.id, r.uuid, r.name]),
    projects: await count('project'),
    uploads: await count('bom_upload'),
    jobs: await count(`job WHERE kind = 'bom.process'`),
    boms: await count('bom'),
  }
}

async function expectAlive() {
  const response = await fetch(`${server.baseUrl}/api/version`)
  expect(response.status).toBe(200)
}

type Upload = typeof putBom

/** Both upload forms, each to the existing project and with autoCreate of a new one. */
const FORMS: [string, Upload, UploadFields][] = [
  ['PUT', putBom, { projectName: 'hostile-new', projectVersion: '1', autoCreate: true }],
  [
    'POST',
    postBom as Upload,
    { projectName: 'hostile-new', projectVersion: '1', autoCreate: true },
  ],
]

async function expectRefused(
  bom: string | Buffer,
  detail: string | RegExp,
  errors?: (errors: string[]) => void,
) {
  for (const [method, upload, fields] of FORMS) {
    for (const target of [fields, { project: baseline }]) {
      const before = await snapshot()
      const response = await upload(server, admin, target, bom)
      expect(response.status, `${method} ${response.text}`).toBe(400)
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/)
      expect(response.json).toMatchObject({ status: 400, title: TITLE })
      if (typeof detail === 'string') expect(response.json.detail).toBe(detail)
      else expect(response.json.detail).toMatch(detail)
      expect(Array.isArray(response.json.errors)).toBe(true)
      errors?.(response.json.errors)
      expect(await snapshot()).toEqual(before)
      expect(await projectByName(server, 'hostile-new', '1')).toBeUndefined()
    }
  }
  await expectAlive()
}

describe('malformed documents', () => {
  it('refuses malformed JSON', async () => {
    await expectRefused(await fixture('hostile/malformed-json.txt'), NEITHER, (errors) =>
      expect(errors[0]).toMatch(/^JSON: /),
    )
  })

  it('refuses malformed XML', async () => {
    await expectRefused(await fixture('hostile/malformed.xml'), NEITHER, (errors) =>
      expect(errors[0]).toMatch(/^XML: .*componen/),
    )
  })

  it('refuses text that is neither JSON nor XML, empty content and invalid UTF-8', async () => {
    await expectRefused('hello, world', NEITHER)
    await expectRefused('   ', NEITHER)
    await expectRefused(Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), NEITHER, (errors) =>
      expect(errors).toEqual(['The BOM is not valid UTF-8 text']),
    )
  })

  it('refuses JSON that is not an object', async () => {
    await expectRefused('[1, 2, 3]', NEITHER)
  })

  it('answers a validation error for a bom value that is not Base64 (PUT)', async () => {
    const response = await server.api.request('PUT', '/v1/bom', {
      ...admin,
      json: { project: baseline, bom: '*** not base64 ***' },
    })
    expect(response.status).toBe(400)
    expect(response.json[0]).toMatchObject({ message: 'The BOM must be Base64 encoded' })
    const missing = await server.api.request('PUT', '/v1/bom', {
      ...admin,
      json: { project: baseline },
    })
    expect(missing.status).toBe(400)
  })
})

describe('format and version detection (§1.3)', () => {
  it('refuses a bomFormat other than CycloneDX', async () => {
    await expectRefused(
      await fixture('hostile/wrong-format.json'),
      'Unsupported bomFormat',
      (errors) => expect(errors[0]).toContain('"SPDX"'),
    )
  })

  it('refuses unknown and JSON-incompatible spec versions, and a missing one', async () => {
    await expectRefused(
      await fixture('hostile/unknown-version.json'),
      'Unrecognized specVersion 2.0',
    )
    await expectRefused(
      await fixture('hostile/json-1.1.json'),
      'JSON is not supported for specVersion 1.1',
    )
    await expectRefused(
      JSON.stringify({ bomFormat: 'CycloneDX', components: [] }),
      'Unable to determine schema version from JSON',
    )
  })

  it('refuses XML without a CycloneDX namespace', async () => {
    await expectRefused(
      await fixture('hostile/unknown-namespace.xml'),
      'Unable to determine schema version from XML namespaces [http://example.com/not-cyclonedx]',
    )
  })
})

describe('schema validation (§1.3)', () => {
  it('lists every schema error of a JSON BOM', async () => {
    await expectRefused(
      await fixture('hostile/schema-invalid.json'),
      'Schema validation failed',
      (errors) => {
        expect(errors).toContainEqual(
          expect.stringMatching(/^\/components\/0\/type must be equal to one of/),
        )
        expect(errors).toContain("/components/1 must have required property 'name'")
        expect(errors).toContainEqual(
          expect.stringMatching(/^\/components\/2\/hashes\/0\/content must match/),
        )
      },
    )
  })

  it('lists the schema errors of an XML BOM', async () => {
    const xml = `<?xml version="1.0"?>
<bom xmlns="http://cyclonedx.org/schema/bom/1.4" version="1">
  <components><component type="gadget"><version>1</version></component></components>
</bom>`
    await expectRefused(xml, 'Schema validation failed', (errors) => {
      expect(errors.length).toBeGreaterThan(0)
      expect(errors.join('\n')).toMatch(/gadget|type/)
    })
  })

  it('refuses duplicate components (uniqueItems) found across a large array', async () => {
    const component = { type: 'library', name: 'twin', version: '1' }
    const components = Array.from({ length: 50 }, (_, i) => ({
      type: 'library',
      name: `c${i}`,
      version: '1',
    }))
    await expectRefused(
      JSON.stringify({
        bomFormat: 'CycloneDX',
        specVersion: '1.5',
        components: [component, ...components, component],
      }),
      'Schema validation failed',
      (errors) =>
        expect(errors).toContain(
          '/components must NOT have duplicate items (items ## 51 and 0 are identical)',
        ),
    )
  })
})

describe('hostile XML and nesting', () => {
  it('refuses an external entity (XXE) without resolving it', async () => {
    await expectRefused(await fixture('hostile/xxe.xml'), NEITHER, (errors) => {
      expect(errors[0]).toMatch(/DOCTYPE/)
      expect(errors.join()).not.toMatch(/root:/)
    })
  })

  it('refuses an entity-expansion bomb (billion laughs) at once', async () => {
    const started = performance.now()
    await expectRefused(await fixture('hostile/billion-laughs.xml'), NEITHER, (errors) =>
      expect(errors[0]).toMatch(/DOCTYPE/),
    )
    expect(performance.now() - started).toBeLessThan(10_000)
  })

  it('refuses components nested deeper than the limit (JSON and XML)', async () => {
    let nested: Record<string, unknown> = { type: 'library', name: 'leaf', version: '1' }
    for (let i = 0; i < 80; i++)
      nested = { type: 'library', name: `n${i}`, version: '1', components: [nested] }
    await expectRefused(
      JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5', components: [nested] }),
      'The BOM is nested too deeply',
    )
    let xml = '<component type="library"><name>leaf</name><version>1</version></component>'
    for (let i = 0; i < 80; i++) {
      xml = `<component type="library"><name>n${i}</name><version>1</version><components>${xml}</components></component>`
    }
    await expectRefused(
      `<bom xmlns="http://cyclonedx.org/schema/bom/1.4" version="1"><components>${xml}</components></bom>`,
      /^(BOM is neither valid JSON nor XML|The BOM is nested too deeply|Schema validation failed)$/,
    )
  })
})

describe('the same nesting limit for JSON and XML (64 levels)', () => {
  function nestedJson(levels: number) {
    let nested: Record<string, unknown> = { type: 'library', name: 'leaf', version: '1' }
    for (let i = 1; i < levels; i++)
      nested = { type: 'library', name: `n${i}`, version: '1', components: [nested] }
    return JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5', components: [nested] })
  }
  function nestedXml(levels: number) {
    let xml = '<component type="library"><name>leaf</name><version>1</version></component>'
    for (let i = 1; i < levels; i++) {
      xml = `<component type="library"><name>n${i}</name><version>1</version><components>${xml}</components></component>`
    }
    return `<?xml version="1.0"?><bom xmlns="http://cyclonedx.org/schema/bom/1.5" version="1"><components>${xml}</components></bom>`
  }

  it.each([
    ['JSON', nestedJson],
    ['XML', nestedXml],
  ])('accepts components nested 50 levels deep in %s', async (_format, nested) => {
    const uuid = await createProject(server, `nested-50-${_format}`, '1')
    await ingest(server, { project: uuid }, nested(50))
    expect(await componentsOf(server, uuid)).toHaveLength(50)
  })

  it.each([
    ['JSON', nestedJson],
    ['XML', nestedXml],
  ])(
    'refuses components nested 70 levels deep in %s, naming the cause',
    async (_format, nested) => {
      await expectRefused(nested(70), 'The BOM is nested too deeply', (errors) =>
        expect(errors.join()).toMatch(/nested more than \d+ levels deep/),
      )
    },
  )
})

describe('dependencies naming unknown refs (§1.8: skipped with a warning)', () => {
  it('accepts the BOM and leaves the unknown refs out of the graph', async () => {
    const uuid = await createProject(server, 'unknown-refs', '1')
    await ingest(server, { project: uuid }, await fixture('hostile/unknown-refs.json'))
    const rows = await componentsOf(server, uuid)
    const a = rows.find((r) => r.name === 'a')!
    const b = rows.find((r) => r.name === 'b')!
    expect(graph((await projectRow(server, uuid))!.direct_dependencies).map((n) => n.uuid)).toEqual(
      [a.uuid],
    )
    expect(graph(a.direct_dependencies).map((n) => n.uuid)).toEqual([b.uuid])
    expect(b.direct_dependencies).toBeNull()
  })
})

describe('collection projects (§1.1 step 2)', () => {
  it('refuses uploads to a collection project with 400 and stores nothing', async () => {
    const uuid = await createProject(server, 'collection', '1')
    await server.db.query(
      `UPDATE project SET collection_logic = 'AGGREGATE_DIRECT_CHILDREN' WHERE uuid = $1`,
      [uuid],
    )
    for (const upload of [putBom, postBom as Upload]) {
      const before = await snapshot()
      const response = await upload(server, admin, { project: uuid }, valid('x'))
      expect(response.status).toBe(400)
      expect(response.text).toBe('BOM cannot be uploaded to collection project.')
      expect(await snapshot()).toEqual(before)
      expect(await componentsOf(server, uuid)).toEqual([])
    }
    await expectAlive()
  })
})

describe('processing failure (§1.4 step 7)', () => {
  // New components are written ahead of the import's transaction (decision 027): a failure there
  // and one inside the transaction must both leave the project as it was.
  it.each([
    ['writing a new component', 'component_row', `CHECK (name <> 'poison')`],
    ['in the publishing transaction', 'project', `CHECK (name <> 'failing-late') NOT VALID`],
  ])(
    'rolls the whole replacement back on a failure %s, ends the token and records it',
    async (_, table, check) => {
      const name = table === 'project' ? 'failing-late' : 'failing'
      const uuid = await createProject(server, name, '1')
      await ingest(server, { project: uuid }, valid('kept'))
      const before = await componentsOf(server, uuid)
      const project = (await projectRow(server, uuid))!
      // A database error half-way through the replacement, injected for this test only.
      await server.db.query(`ALTER TABLE ${table} ADD CONSTRAINT test_poison ${check}`)
      try {
        const bom = JSON.stringify({
          bomFormat: 'CycloneDX',
          specVersion: '1.5',
          components: [
            { type: 'library', name: 'fine', version: '1' },
            { type: 'library', name: 'poison', version: '1' },
          ],
        })
        const response = await putBom(server, admin, { project: uuid }, bom)
        expect(response.status).toBe(200)
        await waitForToken(server, response.json.token)
        expect(await componentsOf(server, uuid)).toEqual(before)
        const after = (await projectRow(server, uuid))!
        expect(after.last_bom_import).toEqual(project.last_bom_import)
        const [job] = await server.db.query<{ status: string; last_error: string }>(
          `SELECT status, last_error FROM job WHERE chain_id = $1`,
          [response.json.token],
        )
        expect(job).toMatchObject({ status: 'failed' })
        expect(job!.last_error).toMatch(/test_poison/)
        const [uploads] = await server.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM bom_upload',
        )
        expect(uploads!.n).toBe(0)
        // Nothing written ahead of the failed transaction stays behind, seen or unseen.
        const [left] = await server.db.query<{ rows: number; batches: number }>(
          `SELECT (SELECT count(*)::int FROM component_row WHERE project_id = $1) AS rows,
                (SELECT count(*)::int FROM component_batch) AS batches`,
          [project.id],
        )
        expect(left).toEqual({ rows: before.length, batches: 0 })
      } finally {
        await server.db.query(`ALTER TABLE ${table} DROP CONSTRAINT test_poison`)
      }
      await expectAlive()
    },
  )

  it('drops NUL characters instead of failing on them', async () => {
    const uuid = await createProject(server, 'nul', '1')
    await ingest(
      server,
      { project: uuid },
      JSON.stringify({
        bomFormat: 'CycloneDX',
        specVersion: '1.5',
        components: [
          { type: 'library', name: 'nul\u0000name', version: '1', description: 'a\u0000b' },
        ],
      }),
    )
    expect((await componentsOf(server, uuid)).map((r) => [r.name, r.description])).toEqual([
      ['nulname', 'ab'],
    ])
  })
})

describe('request size limit (LOOKOUT_BODY_LIMIT_BYTES)', () => {
  let small: BomServer
  beforeAll(async () => {
    small = await startBomServer({ LOOKOUT_BODY_LIMIT_BYTES: '4096' })
  })
  afterAll(async () => {
    await small?.close()
  })

  it('answers 413 problem for an oversized JSON body or multipart file, and still serves', async () => {
    const uuid = await createProject(small, 'limited', '1')
    const big = JSON.stringify({
      bomFormat: 'CycloneDX',
      specVersion: '1.5',
      components: Array.from({ length: 200 }, (_, i) => ({
        type: 'library',
        name: `big-${i}`,
        version: '1',
      })),
    })
    expect(big.length).toBeGreaterThan(4096)
    for (const upload of [putBom, postBom as Upload]) {
      const response = await upload(small, { token: small.adminJwt }, { project: uuid }, big)
      expect(response.status).toBe(413)
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/)
      expect(response.json).toMatchObject({ status: 413, title: 'Payload too large' })
      expect(response.json.detail).toContain('4096')
    }
    expect(await componentsOf(small, uuid)).toEqual([])
    const [uploads] = await small.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM bom_upload',
    )
    expect(uploads!.n).toBe(0)

    const ok = await postBom(small, { token: small.adminJwt }, { project: uuid }, valid('fits'))
    expect(ok.status).toBe(200)
    await waitForToken(small, ok.json.token)
    expect((await componentsOf(small, uuid)).map((r) => r.name)).toEqual(['fits'])
  })
})

describe("Dependency-Track's upload size (dt-api-portfolio §4.6 PUT /bom: bom ≤ 20,000,000 characters; dt-behaviour §0.1)", () => {
  /** A valid BOM of exactly `bytes` bytes: one component, padded with whitespace. */
  function paddedBom(bytes: number) {
    const head = JSON.stringify({
      bomFormat: 'CycloneDX',
      specVersion: '1.5',
      components: [{ type: 'library', name: 'padded', version: '1' }],
    })
    return `${head.slice(0, -1)}${' '.repeat(bytes - head.length)}}`
  }

  it('accepts 20,000,000 Base64 characters in PUT and the same BOM as a multipart file', async () => {
    const bom = paddedBom(15_000_000)
    expect(Buffer.from(bom).toString('base64')).toHaveLength(20_000_000)
    for (const [name, upload] of [
      ['put', putBom],
      ['post', postBom as Upload],
    ] as const) {
      const uuid = await createProject(server, `dt-size-${name}`, '1')
      const response = await upload(server, admin, { project: uuid }, bom)
      expect(response.status, response.text).toBe(200)
      await waitForToken(server, response.json.token)
      expect((await componentsOf(server, uuid)).map((row) => row.name)).toEqual(['padded'])
    }
  })

  it('refuses more Base64 characters with a problem that points to the multipart upload', async () => {
    const uuid = await createProject(server, 'dt-size-over', '1')
    const response = await putBom(server, admin, { project: uuid }, paddedBom(15_000_003))
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/)
    expect(response.json).toMatchObject({
      status: 400,
      title: 'The provided JSON payload could not be mapped',
    })
    expect(response.json.detail).toMatch(/20000000 Base64 characters.*multipart\/form-data/)
    expect(await componentsOf(server, uuid)).toEqual([])
  })

  it('answers 413 beyond the 20 MB default limit, in a sentence naming it', async () => {
    const uuid = await createProject(server, 'dt-size-413', '1')
    for (const upload of [putBom, postBom as Upload]) {
      const response = await upload(server, admin, { project: uuid }, paddedBom(21 * 1024 * 1024))
      expect(response.status).toBe(413)
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/)
      expect(response.json.detail).toBe(
        'The request body is larger than the 20 MB this server accepts (20971520 bytes).',
      )
    }
    await expectAlive()
  })
})
