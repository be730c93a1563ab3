import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { validateJsonBom } from '../../server/domain/bom/schema.ts'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { CVE_1, CVE_2, GHSA, vexFixtures } from '../support/vex-fixtures.ts'

// Contract: dt-api-portfolio.md §4.7 (PUT/POST /vex, GET /vex/cyclonedx/project/{uuid});
// dt-behaviour.md §7.1 (VEX document), §7.2 (VEX import rules), §1.1–§1.3 (upload handling and
// validation). Beyond 4.13: OpenVEX 0.2.0 export and import (docs/vex.md, decision 014).

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
const fixtures = vexFixtures(
  () => server,
  () => api,
  () => adminJwt,
)

let source: string

const put = (json: unknown) => fixtures.putVex(json)
const base64 = (text: string) => Buffer.from(text).toString('base64')
const upload = (project: Record<string, string>, document: unknown) =>
  fixtures.uploadVex(project, document)
const decisions = (uuid: string) => fixtures.decisions(uuid)
const copyOfSource = (version: string) => fixtures.projectWithFindings(version)

async function exportVex(uuid: string, query = '') {
  return api.request('GET', `/v1/vex/cyclonedx/project/${uuid}${query}`, { token: adminJwt })
}

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
  ;({ uuid: source } = await fixtures.sourceProject())
}, 120_000)

afterAll(async () => {
  await server?.close()
})

describe('GET /v1/vex/cyclonedx/project/{uuid} (§4.7, §7.1)', () => {
  it('writes a CycloneDX 1.5 VEX: no components, findings against the project, analyses', async () => {
    const response = await exportVex(source)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('application/vnd.cyclonedx+json')
    const vex = response.json
    expect(vex).toMatchObject({ bomFormat: 'CycloneDX', specVersion: '1.5', version: 1 })
    expect(vex.serialNumber).toMatch(/^urn:uuid:[0-9a-f-]{36}$/)
    expect(vex.components).toBeUndefined()
    expect(vex.metadata.component['bom-ref']).toBe(source)
    expect(validateJsonBom('1.5', vex)).toEqual([])
    // lib-a and lib-b carry the same decision on CVE_1: one element.
    expect(vex.vulnerabilities.map((v: any) => v.id)).toEqual([GHSA, CVE_1, CVE_2])
    const cve1 = vex.vulnerabilities.find((v: any) => v.id === CVE_1)
    expect(cve1).toMatchObject({
      source: { name: 'NVD', url: 'https://nvd.nist.gov/' },
      ratings: [{ method: 'CVSSv31', score: 9.8, severity: 'critical' }],
      cwes: [79],
      description: 'A flaw in lib-a and lib-b',
      published: '2099-01-02T03:04:05.000Z',
      analysis: {
        state: 'not_affected',
        justification: 'code_not_reachable',
        response: ['will_not_fix'],
        detail: 'dead code',
      },
      affects: [{ ref: source }],
    })
    const cve2 = vex.vulnerabilities.find((v: any) => v.id === CVE_2)
    expect(cve2.ratings).toEqual([
      {
        source: { name: 'NVD', url: 'https://nvd.nist.gov/' },
        score: 5,
        severity: 'medium',
        method: 'CVSSv2',
        vector: '(AV:N/AC:L/Au:N/C:P/I:N/A:N)',
      },
    ])
    const ghsa = vex.vulnerabilities.find((v: any) => v.id === GHSA)
    expect(ghsa.ratings).toEqual([
      {
        source: { name: 'GITHUB', url: 'https://github.com/advisories' },
        severity: 'low',
        method: 'other',
      },
    ])
  })

  it('answers an attachment named <uuid>-vex.cdx.json with download=true', async () => {
    const response = await exportVex(source, '?download=true')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('application/octet-stream')
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${source}-vex.cdx.json"`,
    )
  })

  it('answers 404 for an unknown project and 403 without VULNERABILITY_ANALYSIS', async () => {
    const missing = await exportVex('00000000-0000-4000-8000-000000000000')
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The project could not be found.')
    const viewer = await fixtures.teamKey('VEX viewers', ['VIEW_PORTFOLIO'])
    const forbidden = await api.request('GET', `/v1/vex/cyclonedx/project/${source}`, {
      apiKey: viewer.key,
    })
    expect(forbidden.status).toBe(403)
  })
})

describe('PUT /v1/vex: CycloneDX VEX import (§7.2)', () => {
  it('applies an exported VEX to a clone of the project: the same analyses, commenter CycloneDX VEX', async () => {
    const vex = (await exportVex(source)).json
    const copy = await fixtures.cloneOf(source, '1.1')
    expect((await decisions(copy.uuid)).every((row) => row.state === null)).toBe(true)
    await upload({ projectName: 'vex-source', projectVersion: '1.1' }, vex)
    expect(await decisions(copy.uuid)).toEqual(await decisions(source))
    const trail = await fixtures.analysisOf(copy.components['lib-b']!, 'NVD', CVE_1)
    expect(trail!.comments).toEqual([
      { comment: 'Analysis: NOT_SET → NOT_AFFECTED', commenter: 'CycloneDX VEX' },
      { comment: 'Justification: NOT_SET → CODE_NOT_REACHABLE', commenter: 'CycloneDX VEX' },
      { comment: 'Details: dead code', commenter: 'CycloneDX VEX' },
      { comment: 'Vendor Response: NOT_SET → WILL_NOT_FIX', commenter: 'CycloneDX VEX' },
    ])
    const [record] = await fixtures.sql(
      `SELECT x.format, x.spec_version, x.vex_version, x.serial_number FROM vex x
       JOIN project p ON p.id = x.project_id WHERE p.uuid = $1`,
      [copy.uuid],
    )
    expect(record).toEqual({
      format: 'CYCLONEDX',
      spec_version: '1.5',
      vex_version: 1,
      serial_number: vex.serialNumber,
    })
  })

  it('imports an XML VEX through multipart POST, matching components by identity; the last response wins', async () => {
    const copy = await copyOfSource('1.2')
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<bom xmlns="http://cyclonedx.org/schema/bom/1.5" version="3">
  <components>
    <component type="library" bom-ref="c"><name>lib-c</name><version>1.0.0</version><purl>pkg:npm/lib-c@1.0.0</purl></component>
  </components>
  <vulnerabilities>
    <vulnerability bom-ref="x">
      <id>${CVE_2}</id>
      <source><name>NVD</name></source>
      <analysis>
        <state>false_positive</state>
        <responses><response>can_not_fix</response><response>rollback</response></responses>
        <detail>  not our lib-c  </detail>
      </analysis>
      <affects><target><ref>c</ref></target></affects>
    </vulnerability>
  </vulnerabilities>
</bom>`
    const form = new FormData()
    form.set('project', copy.uuid)
    form.set('vex', new Blob([xml], { type: 'application/xml' }), 'vex.xml')
    const response = await fetch(`${server.baseUrl}/api/v1/vex`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${adminJwt}` },
      body: form,
    })
    expect(response.status).toBe(200)
    await fixtures.waitForToken(((await response.json()) as { token: string }).token)
    const analysis = await fixtures.analysisOf(copy.components['lib-c']!, 'NVD', CVE_2)
    expect(analysis).toMatchObject({
      state: 'FALSE_POSITIVE',
      response: 'ROLLBACK',
      details: 'not our lib-c',
      suppressed: true,
    })
    expect(analysis!.comments.map((c: any) => c.comment)).toEqual([
      'Analysis: NOT_SET → FALSE_POSITIVE',
      'Details: not our lib-c',
      'Vendor Response: NOT_SET → CAN_NOT_FIX',
      'Vendor Response: NOT_SET → ROLLBACK',
    ])
  })

  it('applies an entry affecting metadata.component to every component with the vulnerability', async () => {
    const copy = await copyOfSource('1.3')
    await upload(
      { project: copy.uuid },
      {
        bomFormat: 'CycloneDX',
        specVersion: '1.4',
        metadata: { component: { type: 'application', name: 'app', 'bom-ref': 'the-app' } },
        vulnerabilities: [
          {
            id: CVE_1,
            source: { name: 'NVD' },
            analysis: { state: 'resolved' },
            affects: [{ ref: 'the-app' }],
          },
        ],
      },
    )
    for (const name of ['lib-a', 'lib-b'])
      expect(await fixtures.analysisOf(copy.components[name]!, 'NVD', CVE_1)).toMatchObject({
        state: 'RESOLVED',
        suppressed: true,
      })
    expect(await fixtures.analysisOf(copy.components['lib-c']!, 'NVD', CVE_1)).toBeUndefined()
  })

  it('writes the analysis of a component matched by identity even without the finding; skips services', async () => {
    const copy = await copyOfSource('1.7')
    await upload(
      { project: copy.uuid },
      {
        bomFormat: 'CycloneDX',
        specVersion: '1.5',
        components: [
          {
            type: 'library',
            'bom-ref': 'd',
            group: 'nope',
            name: 'other',
            purl: 'pkg:npm/lib-d@1.0.0',
          },
        ],
        services: [{ 'bom-ref': 'svc', name: 'lib-c' }],
        vulnerabilities: [
          {
            id: CVE_2,
            source: { name: 'NVD' },
            analysis: { state: 'not_affected', justification: 'requires_environment' },
            affects: [{ ref: 'd' }, { ref: 'svc' }, { ref: 'nowhere' }],
          },
        ],
      },
    )
    expect(await fixtures.analysisOf(copy.components['lib-d']!, 'NVD', CVE_2)).toMatchObject({
      state: 'NOT_AFFECTED',
      justification: 'REQUIRES_ENVIRONMENT',
      suppressed: true,
    })
    expect(await fixtures.analysisOf(copy.components['lib-c']!, 'NVD', CVE_2)).toBeUndefined()
  })

  it('skips entries with an unknown source or vulnerability and entries without analysis', async () => {
    const copy = await copyOfSource('1.4')
    const entry = (id: string, sourceName: string, analysis?: unknown) => ({
      id,
      source: { name: sourceName },
      ...(analysis ? { analysis } : {}),
      affects: [{ ref: 'root' }],
    })
    await upload(
      { project: copy.uuid },
      {
        bomFormat: 'CycloneDX',
        specVersion: '1.5',
        metadata: { component: { type: 'application', name: 'app', 'bom-ref': 'root' } },
        vulnerabilities: [
          entry(CVE_1, 'NOSUCHSOURCE', { state: 'exploitable' }),
          entry('CVE-2099-9999', 'NVD', { state: 'exploitable' }),
          entry(CVE_1, 'nvd', { state: 'exploitable' }),
          entry(CVE_2, 'NVD'),
          entry(GHSA, 'GITHUB', { state: 'exploitable' }),
        ],
      },
    )
    expect(await decisions(copy.uuid)).toEqual([
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
        state: null,
        justification: null,
        response: null,
        details: null,
        suppressed: null,
      },
      {
        key: `lib-c ${CVE_2}`,
        state: null,
        justification: null,
        response: null,
        details: null,
        suppressed: null,
      },
    ])
  })

  it('lifts the suppression when an entry has no state, and writes no Suppressed comment', async () => {
    const copy = await copyOfSource('1.5')
    await fixtures.analyse(copy.components['lib-c']!, 'NVD', CVE_2, {
      state: 'FALSE_POSITIVE',
      suppressed: true,
    })
    await upload(
      { project: copy.uuid },
      {
        bomFormat: 'CycloneDX',
        specVersion: '1.5',
        metadata: { component: { type: 'application', name: 'app', 'bom-ref': 'root' } },
        vulnerabilities: [
          {
            id: CVE_2,
            source: { name: 'NVD' },
            analysis: { detail: 'looked again' },
            affects: [{ ref: 'root' }],
          },
        ],
      },
    )
    const analysis = await fixtures.analysisOf(copy.components['lib-c']!, 'NVD', CVE_2)
    expect(analysis).toMatchObject({ state: 'FALSE_POSITIVE', suppressed: false })
    expect(analysis!.comments).toEqual([
      { comment: 'Details: looked again', commenter: 'CycloneDX VEX' },
    ])
  })
})

describe('PUT and POST /v1/vex: request errors (§4.7, §1.1–§1.3)', () => {
  const minimal = base64(JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5' }))

  it('answers 404 for an unknown project, by uuid and by name and version (no auto-create)', async () => {
    const byUuid = await put({ project: '00000000-0000-4000-8000-000000000000', vex: minimal })
    expect(byUuid.status).toBe(404)
    expect(byUuid.text).toBe('The project could not be found.')
    const byName = await put({ projectName: 'vex-nowhere', projectVersion: '1', vex: minimal })
    expect(byName.status).toBe(404)
    const [row] = await fixtures.sql(
      "SELECT count(*)::int AS n FROM project WHERE name = 'vex-nowhere'",
    )
    expect(row!.n).toBe(0)
  })

  it('answers 403 without VULNERABILITY_ANALYSIS and 403 for a project outside the ACL', async () => {
    const uploader = await fixtures.teamKey('VEX uploaders', ['BOM_UPLOAD', 'VIEW_PORTFOLIO'])
    const noPermission = await api.request('PUT', '/v1/vex', {
      apiKey: uploader.key,
      json: { project: source, vex: minimal },
    })
    expect(noPermission.status).toBe(403)
    const analyst = await fixtures.teamKey('VEX analysts', ['VULNERABILITY_ANALYSIS'])
    const setAcl = (value: string) =>
      api.request('POST', '/v1/configProperty/aggregate', {
        token: adminJwt,
        json: [
          { groupName: 'access-management', propertyName: 'acl.enabled', propertyValue: value },
        ],
      })
    expect((await setAcl('true')).status).toBe(200)
    try {
      const outside = await api.request('PUT', '/v1/vex', {
        apiKey: analyst.key,
        json: { project: source, vex: minimal },
      })
      expect(outside.status).toBe(403)
      expect(outside.text).toBe('Access to the specified project is forbidden')
      const exported = await api.request('GET', `/v1/vex/cyclonedx/project/${source}`, {
        apiKey: analyst.key,
      })
      expect(exported.status).toBe(403)
    } finally {
      await setAcl('false')
    }
  })

  it('refuses a collection project with 400', async () => {
    const created = await api.request('PUT', '/v1/project', {
      token: adminJwt,
      json: { name: 'vex-collection', collectionLogic: 'AGGREGATE_DIRECT_CHILDREN' },
    })
    expect(created.status).toBe(201)
    const response = await put({ project: created.json.uuid, vex: minimal })
    expect(response.status).toBe(400)
    expect(response.text).toBe('VEX cannot be uploaded to collection project.')
  })

  it('refuses a VEX that fails schema validation with the invalid-BOM problem', async () => {
    const response = await put({
      project: source,
      vex: base64(
        JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5', vulnerabilities: 7 }),
      ),
    })
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toContain('application/problem+json')
    expect(response.json).toMatchObject({
      status: 400,
      title: 'The uploaded BOM is invalid',
      detail: 'Schema validation failed',
    })
    expect(response.json.errors.length).toBeGreaterThan(0)
    const neither = await put({ project: source, vex: base64('hello') })
    expect(neither.json.detail).toBe('BOM is neither valid JSON nor XML')
  })

  it('accepts a gzip-compressed VEX', async () => {
    const { gzipSync } = await import('node:zlib')
    const copy = await copyOfSource('1.6')
    const vex = {
      bomFormat: 'CycloneDX',
      specVersion: '1.5',
      metadata: { component: { type: 'application', name: 'app', 'bom-ref': 'root' } },
      vulnerabilities: [
        {
          id: CVE_2,
          source: { name: 'NVD' },
          analysis: { state: 'in_triage' },
          affects: [{ ref: 'root' }],
        },
      ],
    }
    const response = await put({
      project: copy.uuid,
      vex: gzipSync(JSON.stringify(vex)).toString('base64'),
    })
    expect(response.status, response.text).toBe(200)
    await fixtures.waitForToken(response.json.token)
    expect(await fixtures.analysisOf(copy.components['lib-c']!, 'NVD', CVE_2)).toMatchObject({
      state: 'IN_TRIAGE',
    })
  })
})
