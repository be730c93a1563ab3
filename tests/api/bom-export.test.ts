import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { validateJsonBom, validateXmlBom } from '../../server/domain/bom/schema.ts'
import {
  apiKeyWith,
  componentsOf,
  createProject,
  fixture,
  graph,
  ingest,
  npmBom,
  postBom,
  projectRow,
  servicesOf,
  startBomServer,
  waitForToken,
  type BomServer,
  type ComponentRow,
} from '../fixtures/boms/support.ts'

// Contract: dt-api-portfolio.md §4.6 (GET /v1/bom/cyclonedx/project/{uuid} and
// /component/{uuid}: format, variant, download; errors); dt-behaviour.md §7.1 (document shape).
// Beyond Dependency-Track (which always writes 1.5): `version` picks the spec, 1.4–1.7, 1.6 by
// default.

const VERSIONS = ['1.4', '1.5', '1.6', '1.7'] as const
const FORMATS = ['JSON', 'XML'] as const

let server: BomServer
let admin: { token: string }
const sources: Record<string, string> = {}

beforeAll(async () => {
  server = await startBomServer()
  admin = { token: server.adminJwt }
  sources.npm = await createProject(server, 'export-npm', '1.0')
  await ingest(server, { project: sources.npm }, await npmBom('JSON'))
  sources.rich = await createProject(server, 'export-rich', '1.0')
  await ingest(server, { project: sources.rich }, await fixture('v1.2.json'))
  sources.modern = await createProject(server, 'export-modern', '1.0')
  await ingest(server, { project: sources.modern }, await fixture('v1.6.json'))
  sources.tricky = await createProject(server, 'export-tricky', '1.0')
  await ingest(
    server,
    { project: sources.tricky },
    JSON.stringify({
      bomFormat: 'CycloneDX',
      specVersion: '1.5',
      metadata: { component: { type: 'application', 'bom-ref': 'root', name: 'tricky' } },
      components: [
        {
          type: 'library',
          'bom-ref': 'quotes',
          name: `a&b <c> "d" 'e'`,
          version: '1',
          description: 'line\nbreak\ttab ünïcödé 🚀',
          properties: [{ name: 'k', value: '<v>&amp;' }, { name: 'novalue' }],
          licenses: [{ license: { name: 'Weird & Co <License>' } }],
        },
        { type: 'library', 'bom-ref': 'plain', name: 'plain', version: '2', scope: 'excluded' },
      ],
      dependencies: [
        { ref: 'root', dependsOn: ['quotes'] },
        { ref: 'quotes', dependsOn: ['plain'] },
      ],
    }),
  )
}, 120_000)

afterAll(async () => {
  await server?.close()
})

async function exportBom(uuid: string, query: string) {
  const response = await fetch(`${server.baseUrl}/api/v1/bom/cyclonedx/project/${uuid}?${query}`, {
    headers: { Authorization: `Bearer ${server.adminJwt}` },
  })
  return { status: response.status, headers: response.headers, text: await response.text() }
}

/** What a round trip must keep, per spec version (older versions cannot carry everything). */
function comparable(row: ComponentRow, version: string) {
  const modern = version === '1.6' || version === '1.7'
  const references =
    (row.external_references as { url: string; comment?: string; type?: string }[]) ?? []
  return {
    name: row.name,
    group: row.group,
    version: row.version,
    scope: row.scope,
    purl: row.purl,
    purl_coordinates: row.purl_coordinates,
    cpe: row.cpe,
    swid_tag_id: row.swid_tag_id,
    description: row.description,
    copyright: row.copyright,
    publisher: row.publisher,
    hashes: [
      row.md5,
      row.sha1,
      row.sha256,
      row.sha384,
      row.sha512,
      row.sha3_256,
      row.sha3_384,
    ].concat([row.sha3_512, row.blake2b_256, row.blake2b_384, row.blake2b_512, row.blake3]),
    license: row.license,
    // ≤ 1.6 cannot carry an id next to an expression; the expression is kept.
    license_id: row.license_expression && version !== '1.7' ? undefined : row.license_id,
    license_url: row.license_url,
    license_expression: row.license_expression,
    supplier: row.supplier,
    authors: modern ? row.authors : undefined,
    references: references.map((r) => ({
      url: r.url,
      comment: r.comment,
      type: version === '1.4' ? undefined : r.type,
    })),
  }
}

const key = (row: ComponentRow) => `${row.group}/${row.name}@${row.version}|${row.purl}`

async function graphByName(uuid: string) {
  const rows = await componentsOf(server, uuid)
  const services = await servicesOf(server, uuid)
  const names = new Map<string, string>([
    ...rows.map((r) => [r.uuid, key(r)] as [string, string]),
    ...services.map((s) => [s.uuid as string, `service:${s.name}`] as [string, string]),
  ])
  const edges = rows
    .map((r) => {
      const targets = graph(r.direct_dependencies).filter((n) => n.objectType === 'COMPONENT')
      return `${key(r)} -> ${targets.map((n) => names.get(n.uuid))}`
    })
    .sort()
  const project = (await projectRow(server, uuid))!
  // Services drop out of an export's dependencies (only components are written there).
  const root = graph(project.direct_dependencies)
    .filter((n) => n.objectType === 'COMPONENT')
    .map((n) => names.get(n.uuid))
  return { edges, root }
}

describe('GET /v1/bom/cyclonedx/project/{uuid}: every spec version and format', () => {
  for (const name of ['npm', 'rich', 'modern', 'tricky']) {
    for (const version of VERSIONS) {
      for (const format of FORMATS) {
        it(`${name} as CycloneDX ${version} ${format}: valid against the official schema, round-trips`, async () => {
          const source = sources[name]!
          const response = await exportBom(
            source,
            `format=${format.toLowerCase()}&version=${version}`,
          )
          expect(response.status).toBe(200)
          expect(response.headers.get('content-type')).toMatch(
            format === 'JSON'
              ? /^application\/vnd\.cyclonedx\+json/
              : /^application\/vnd\.cyclonedx\+xml/,
          )
          if (format === 'JSON') {
            const document = JSON.parse(response.text)
            expect(document).toMatchObject({
              bomFormat: 'CycloneDX',
              specVersion: version,
              version: 1,
            })
            expect(validateJsonBom(version, document)).toEqual([])
            expect(document.metadata.component['bom-ref']).toBe(source)
            expect(document.dependencies[0].ref).toBe(source)
          } else {
            expect(response.text).toContain(`xmlns="http://cyclonedx.org/schema/bom/${version}"`)
            expect(await validateXmlBom(version, response.text)).toEqual([])
          }

          const copy = await createProject(server, `roundtrip-${name}-${version}-${format}`, '1')
          const upload = await postBom(server, admin, { project: copy }, response.text)
          expect(upload.status, upload.text).toBe(200)
          await waitForToken(server, upload.json.token)
          const original = (await componentsOf(server, source)).sort((a, b) =>
            key(a).localeCompare(key(b)),
          )
          const copied = (await componentsOf(server, copy)).sort((a, b) =>
            key(a).localeCompare(key(b)),
          )
          expect(copied.map((r) => comparable(r, version))).toEqual(
            original.map((r) => comparable(r, version)),
          )
          expect(await graphByName(copy)).toEqual(await graphByName(source))

          const service = (rows: Record<string, unknown>[]) =>
            rows.map((s) => ({
              name: s.name,
              group: s.group,
              version: s.version,
              description: s.description,
              endpoints: s.endpoints,
              authenticated: s.authenticated,
              crosses_trust_boundary: s.crosses_trust_boundary,
              data: s.data,
              provider: s.provider,
            }))
          expect(service(await servicesOf(server, copy))).toEqual(
            service(await servicesOf(server, source)),
          )
        })
      }
    }
  }

  it('writes the project as metadata.component and its direct dependencies as the root entry', async () => {
    const response = await exportBom(sources.rich!, 'format=JSON')
    const document = JSON.parse(response.text)
    expect(document.specVersion).toBe('1.6')
    expect(document.serialNumber).toMatch(/^urn:uuid:[0-9a-f-]{36}$/)
    expect(document.metadata.component).toMatchObject({
      type: 'application',
      'bom-ref': sources.rich,
      name: 'export-rich',
      version: '1.0',
      publisher: 'Acme Inc',
      purl: 'pkg:generic/acme-app@1.0.0',
      supplier: { name: 'Acme Inc', url: ['https://acme.example'] },
    })
    expect(document.metadata.manufacture).toEqual({ name: 'Acme Manufacturing' })
    expect(document.metadata.supplier).toEqual({ name: 'Acme Supply' })
    expect(document.metadata.authors).toEqual([{ name: 'Jane Author', email: 'jane@acme.example' }])
    const rows = await componentsOf(server, sources.rich!)
    const libA = rows.find((r) => r.name === 'lib-a')!
    expect(document.dependencies[0]).toEqual({ ref: sources.rich, dependsOn: [libA.uuid] })
    expect(document.components.find((c: { name: string }) => c.name === 'lib-a')).toMatchObject({
      'bom-ref': libA.uuid,
      type: 'library',
      group: 'org.acme',
      scope: 'required',
      hashes: expect.arrayContaining([{ alg: 'SHA-256', content: libA.sha256 }]),
    })
    expect(document.services[0]).toMatchObject({
      name: 'billing-api',
      'x-trust-boundary': true,
      data: [
        { flow: 'inbound', classification: 'PII' },
        { flow: 'bi-directional', classification: 'PCI' },
      ],
    })
  })

  it('offers a download with the Dependency-Track file name', async () => {
    const json = await exportBom(sources.rich!, 'format=json&variant=inventory&download=true')
    expect(json.status).toBe(200)
    expect(json.headers.get('content-type')).toMatch(/^application\/octet-stream/)
    expect(json.headers.get('content-disposition')).toBe(
      `attachment; filename="${sources.rich}-inventory.cdx.json"`,
    )
    const xml = await exportBom(sources.rich!, 'format=XML&download=true')
    expect(xml.headers.get('content-disposition')).toBe(
      `attachment; filename="${sources.rich}-null.cdx.xml"`,
    )
    const vdr = await exportBom(sources.rich!, 'variant=vdr')
    expect(vdr.status).toBe(200)
    expect(JSON.parse(vdr.text).components).toEqual([])
  })

  it('refuses unknown formats, variants and versions; 404 for an unknown project; 403 without VIEW_PORTFOLIO', async () => {
    const format = await exportBom(sources.rich!, 'format=yaml')
    expect(format.status).toBe(400)
    expect(format.text).toBe('Invalid BOM format specified.')
    const variant = await exportBom(sources.rich!, 'variant=everything')
    expect(variant.status).toBe(400)
    expect(variant.text).toBe('Invalid BOM variant specified.')
    const version = await exportBom(sources.rich!, 'version=1.3')
    expect(version.status).toBe(400)
    const missing = await exportBom('8a3a2f0e-1d4b-4c5e-9f6a-7b8c9d0e1f2a', 'format=json')
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The project could not be found.')
    const key = await apiKeyWith(server, ['BOM_UPLOAD'])
    const forbidden = await server.api.request('GET', `/v1/bom/cyclonedx/project/${sources.rich}`, {
      apiKey: key,
    })
    expect(forbidden.status).toBe(403)
  })
})

describe('GET /v1/bom/cyclonedx/component/{uuid}', () => {
  it('exports one component, valid in JSON and XML', async () => {
    const row = (await componentsOf(server, sources.rich!)).find((r) => r.name === 'lib-b')!
    for (const format of FORMATS) {
      const response = await fetch(
        `${server.baseUrl}/api/v1/bom/cyclonedx/component/${row.uuid}?format=${format}`,
        { headers: { Authorization: `Bearer ${server.adminJwt}` } },
      )
      expect(response.status).toBe(200)
      const text = await response.text()
      if (format === 'JSON') {
        const document = JSON.parse(text)
        expect(validateJsonBom('1.6', document)).toEqual([])
        expect(document.components).toEqual([
          expect.objectContaining({
            'bom-ref': row.uuid,
            name: 'lib-b',
            licenses: [{ license: { id: 'MIT', url: 'https://opensource.org/licenses/MIT' } }],
          }),
        ])
        expect(document.dependencies).toBeUndefined()
      } else {
        expect(await validateXmlBom('1.6', text)).toEqual([])
      }
    }
    const missing = await server.api.request(
      'GET',
      '/v1/bom/cyclonedx/component/8a3a2f0e-1d4b-4c5e-9f6a-7b8c9d0e1f2a',
      admin,
    )
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The component could not be found.')
  })
})
