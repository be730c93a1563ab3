import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { CVE_1, CVE_2, GHSA, GHSA_CVE, vexFixtures } from '../support/vex-fixtures.ts'

// Beyond 4.13 (the brief's additive API): GET /v1/vex/openvex/project/{uuid} writes OpenVEX
// 0.2.0, and PUT/POST /v1/vex read an OpenVEX document (detected by its @context). Mapping:
// docs/vex.md, decision 014.

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
const fixtures = vexFixtures(
  () => server,
  () => api,
  () => adminJwt,
)
let source: string

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
  ;({ uuid: source } = await fixtures.sourceProject())
}, 120_000)

afterAll(async () => {
  await server?.close()
})

const exportOpenVex = (uuid: string, options: { query?: string; apiKey?: string } = {}) =>
  api.request('GET', `/v1/vex/openvex/project/${uuid}${options.query ?? ''}`, {
    ...(options.apiKey ? { apiKey: options.apiKey } : { token: adminJwt }),
  })

const statementOf = (document: any, vulnId: string, purl: string) =>
  document.statements.find(
    (s: any) => s.vulnerability.name === vulnId && s.products[0]['@id'] === purl,
  )

describe('GET /v1/vex/openvex/project/{uuid}', () => {
  it('writes one statement per finding with the mapped status, justification and statements', async () => {
    const response = await exportOpenVex(source)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('application/json')
    const document = response.json
    expect(document).toMatchObject({
      '@context': 'https://openvex.dev/ns/v0.2.0',
      author: 'Lookout',
      version: 1,
    })
    expect(document['@id']).toMatch(/^urn:uuid:/)
    expect(Date.parse(document.timestamp)).not.toBeNaN()
    expect(document.statements).toHaveLength(4)
    expect(statementOf(document, CVE_1, 'pkg:npm/lib-b@1.0.0')).toEqual({
      vulnerability: { name: CVE_1 },
      products: [{ '@id': 'pkg:npm/lib-b@1.0.0', identifiers: { purl: 'pkg:npm/lib-b@1.0.0' } }],
      status: 'not_affected',
      justification: 'vulnerable_code_not_in_execute_path',
      impact_statement: 'dead code',
    })
    expect(statementOf(document, CVE_2, 'pkg:npm/lib-c@1.0.0')).toMatchObject({
      status: 'affected',
      action_statement: 'Update to a version of the component without the vulnerability.',
      status_notes: 'bump to 2.0',
    })
    expect(statementOf(document, GHSA, 'pkg:npm/lib-a@1.0.0')).toMatchObject({
      vulnerability: { name: GHSA, aliases: [GHSA_CVE] },
      status: 'under_investigation',
    })
  })

  it('answers a download, 404 for an unknown project and 403 without VULNERABILITY_ANALYSIS', async () => {
    const download = await exportOpenVex(source, { query: '?download=true' })
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="${source}-vex.openvex.json"`,
    )
    const missing = await exportOpenVex('00000000-0000-4000-8000-000000000000')
    expect(missing.status).toBe(404)
    const viewer = await fixtures.teamKey('OpenVEX viewers', ['VIEW_PORTFOLIO'])
    expect((await exportOpenVex(source, { apiKey: viewer.key })).status).toBe(403)
  })
})

describe('PUT/POST /v1/vex with an OpenVEX document', () => {
  it('round-trips: the decisions come back on a copy (responses only where OpenVEX carries them)', async () => {
    const document = (await exportOpenVex(source)).json
    const copy = await fixtures.projectWithFindings('2.0')
    const form = new FormData()
    form.set('projectName', 'vex-source')
    form.set('projectVersion', '2.0')
    form.set('vex', new Blob([JSON.stringify(document)]), 'vex.openvex.json')
    const response = await fetch(`${server.baseUrl}/api/v1/vex`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${adminJwt}` },
      body: form,
    })
    expect(response.status).toBe(200)
    await fixtures.waitForToken(((await response.json()) as { token: string }).token)
    const original = await fixtures.decisions(source)
    const copied = await fixtures.decisions(copy.uuid)
    // not_affected has no action statement: the WILL_NOT_FIX response stays behind.
    const withoutResponse = (rows: Record<string, any>[]) =>
      rows.map(({ response, ...row }) => ({
        ...row,
        response: row.state === 'NOT_AFFECTED' ? null : response,
      }))
    expect(copied).toEqual(withoutResponse(original))
    const trail = await fixtures.analysisOf(copy.components['lib-c']!, 'NVD', CVE_2)
    expect(trail!.comments).toEqual([
      { comment: 'Analysis: NOT_SET → EXPLOITABLE', commenter: 'OpenVEX' },
      { comment: 'Details: bump to 2.0', commenter: 'OpenVEX' },
      { comment: 'Vendor Response: NOT_SET → UPDATE', commenter: 'OpenVEX' },
    ])
    const [record] = await fixtures.sql(
      `SELECT x.format, x.spec_version, x.serial_number FROM vex x
       JOIN project p ON p.id = x.project_id WHERE p.uuid = $1`,
      [copy.uuid],
    )
    expect(record).toEqual({
      format: 'OPENVEX',
      spec_version: '0.2.0',
      serial_number: document['@id'],
    })
  })

  it('reads a foreign document: subcomponents by purl, CVE aliases, component_not_present as a false positive', async () => {
    const copy = await fixtures.projectWithFindings('2.1')
    await fixtures.uploadVex(
      { project: copy.uuid },
      {
        '@context': 'https://openvex.dev/ns/v0.2.0',
        '@id': 'https://example.com/vex/1',
        author: 'Someone else',
        timestamp: '2099-01-01T00:00:00Z',
        version: 1,
        statements: [
          {
            vulnerability: { name: CVE_1 },
            products: [
              {
                '@id': 'pkg:oci/app@sha256:abc',
                subcomponents: [{ '@id': 'pkg:npm/lib-b@1.0.0' }],
              },
            ],
            status: 'not_affected',
            justification: 'vulnerable_code_not_present',
          },
          {
            vulnerability: { name: 'CVE-2000-0000', aliases: [CVE_2] },
            products: [{ '@id': 'pkg:npm/lib-c@1.0.0' }],
            status: 'not_affected',
            justification: 'component_not_present',
            impact_statement: 'lib-c is only a test fixture',
          },
          {
            vulnerability: { name: GHSA_CVE },
            products: [{ '@id': 'pkg:npm/lib-a@1.0.0' }],
            status: 'affected',
            action_statement: 'Call the vendor.',
          },
          {
            vulnerability: { name: 'CVE-2000-0001' },
            products: [{ '@id': 'pkg:npm/lib-a@1.0.0' }],
            status: 'fixed',
          },
        ],
      },
    )
    expect(await fixtures.decisions(copy.uuid)).toEqual([
      {
        key: `lib-a ${CVE_1}`,
        state: null,
        justification: null,
        response: null,
        details: null,
        suppressed: null,
      },
      {
        key: `lib-a ${GHSA}`,
        state: 'EXPLOITABLE',
        justification: null,
        response: null,
        details: null,
        suppressed: false,
      },
      {
        key: `lib-b ${CVE_1}`,
        state: 'NOT_AFFECTED',
        justification: 'CODE_NOT_PRESENT',
        response: null,
        details: null,
        suppressed: true,
      },
      {
        key: `lib-c ${CVE_2}`,
        state: 'FALSE_POSITIVE',
        justification: null,
        response: null,
        details: 'lib-c is only a test fixture',
        suppressed: true,
      },
    ])
  })

  it('refuses an OpenVEX document without statements', async () => {
    const response = await fixtures.putVex({
      project: source,
      vex: Buffer.from(
        JSON.stringify({ '@context': 'https://openvex.dev/ns/v0.2.0', '@id': 'x' }),
      ).toString('base64'),
    })
    expect(response.status).toBe(400)
    expect(response.json).toMatchObject({ title: 'The uploaded BOM is invalid' })
  })
})
