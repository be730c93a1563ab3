import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { validateJsonBom, validateXmlBom } from '../../server/domain/bom/schema.ts'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { CVE_1, CVE_2, GHSA, vexFixtures } from '../support/vex-fixtures.ts'

// Contract: dt-api-portfolio.md §4.6 (GET /bom/cyclonedx/project/{uuid}, variants
// withVulnerabilities and vdr); dt-behaviour.md §7.1 (variants, vulnerability element, analysis
// mapping, suppressed findings included, VDR only components with vulnerabilities).

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
const fixtures = vexFixtures(
  () => server,
  () => api,
  () => adminJwt,
)
let source: string
let components: Record<string, string>

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
  ;({ uuid: source, components } = await fixtures.sourceProject())
}, 120_000)

afterAll(async () => {
  await server?.close()
})

async function exportBom(query: string) {
  const response = await fetch(
    `${server.baseUrl}/api/v1/bom/cyclonedx/project/${source}?${query}`,
    { headers: { Authorization: `Bearer ${adminJwt}` } },
  )
  return { status: response.status, headers: response.headers, text: await response.text() }
}

const targets = (document: any) =>
  document.vulnerabilities.map((v: any) => `${v.id} ${v.affects.map((a: any) => a.ref).join()}`)

describe('GET /v1/bom/cyclonedx/project/{uuid}?variant=withVulnerabilities (§7.1)', () => {
  it('adds one vulnerability per finding against its component, without analyses', async () => {
    const response = await exportBom('variant=withVulnerabilities&version=1.5')
    expect(response.status).toBe(200)
    const bom = JSON.parse(response.text)
    expect(validateJsonBom('1.5', bom)).toEqual([])
    expect(bom.components.map((c: any) => c.name).sort()).toEqual([
      'lib-a',
      'lib-b',
      'lib-c',
      'lib-d',
    ])
    // The two CVE_1 findings differ only in their component: one element with both targets.
    expect(targets(bom).sort()).toEqual(
      [
        `${CVE_1} ${components['lib-a']},${components['lib-b']}`,
        `${CVE_2} ${components['lib-c']}`,
        `${GHSA} ${components['lib-a']}`,
      ].sort(),
    )
    expect(bom.vulnerabilities.every((v: any) => v.analysis === undefined)).toBe(true)
    expect(bom.vulnerabilities.find((v: any) => v.id === CVE_1)).toMatchObject({
      source: { name: 'NVD', url: 'https://nvd.nist.gov/' },
      ratings: [{ method: 'CVSSv31', severity: 'critical', score: 9.8 }],
      cwes: [79],
    })
  })

  it('validates in every spec version it writes, as JSON and XML', async () => {
    for (const version of ['1.5', '1.6'] as const) {
      const json = await exportBom(`variant=withVulnerabilities&version=${version}`)
      expect(validateJsonBom(version, JSON.parse(json.text))).toEqual([])
      const xml = await exportBom(`variant=withVulnerabilities&version=${version}&format=XML`)
      expect(xml.headers.get('content-type')).toContain('application/vnd.cyclonedx+xml')
      expect(await validateXmlBom(version, xml.text)).toEqual([])
      expect(xml.text.match(/<vulnerability /g)).toHaveLength(3)
    }
  })
})

describe('GET /v1/bom/cyclonedx/project/{uuid}?variant=vdr (§7.1)', () => {
  it('lists only components with vulnerabilities, with analyses, suppressed findings included', async () => {
    const response = await exportBom('variant=vdr&version=1.5')
    expect(response.status).toBe(200)
    const vdr = JSON.parse(response.text)
    expect(validateJsonBom('1.5', vdr)).toEqual([])
    expect(vdr.components.map((c: any) => c.name).sort()).toEqual(['lib-a', 'lib-b', 'lib-c'])
    expect(vdr.services).toBeUndefined()
    const suppressed = vdr.vulnerabilities.find((v: any) => v.id === CVE_1)
    expect(suppressed.affects).toEqual([{ ref: components['lib-a'] }, { ref: components['lib-b'] }])
    expect(suppressed.analysis).toEqual({
      state: 'not_affected',
      justification: 'code_not_reachable',
      response: ['will_not_fix'],
      detail: 'dead code',
    })
    expect(vdr.vulnerabilities.find((v: any) => v.id === CVE_2).analysis).toEqual({
      state: 'exploitable',
      response: ['update'],
      detail: 'bump to 2.0',
    })
    expect(vdr.vulnerabilities.find((v: any) => v.id === GHSA).analysis).toEqual({
      state: 'in_triage',
    })
  })

  it('writes the same as valid XML, and as a download named <uuid>-vdr.cdx.xml', async () => {
    const response = await exportBom('variant=vdr&version=1.5&format=XML&download=true')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${source}-vdr.cdx.xml"`,
    )
    expect(await validateXmlBom('1.5', response.text)).toEqual([])
    expect(response.text).toContain(
      '<analysis><state>not_affected</state><justification>code_not_reachable</justification>' +
        '<responses><response>will_not_fix</response></responses><detail>dead code</detail></analysis>',
    )
    expect(response.text).toContain(
      `<affects><target><ref>${components['lib-c']}</ref></target></affects>`,
    )
    expect(response.text).not.toContain('lib-d')
  })

  it('gives a vulnerability with different decisions per component one element each, with unique bom-refs', async () => {
    const copy = await fixtures.projectWithFindings('3.0')
    await fixtures.analyse(copy.components['lib-a']!, 'NVD', CVE_1, { state: 'EXPLOITABLE' })
    await fixtures.analyse(copy.components['lib-b']!, 'NVD', CVE_1, { state: 'IN_TRIAGE' })
    const response = await fetch(
      `${server.baseUrl}/api/v1/bom/cyclonedx/project/${copy.uuid}?variant=vdr&version=1.5&format=XML`,
      { headers: { Authorization: `Bearer ${adminJwt}` } },
    )
    const xml = await response.text()
    expect(await validateXmlBom('1.5', xml)).toEqual([])
    const refs = [...xml.matchAll(/<vulnerability bom-ref="([^"]+)"/g)].map((m) => m[1])
    expect(new Set(refs).size).toBe(refs.length)
    expect(refs).toHaveLength(4)
  })

  it('still refuses an unknown variant', async () => {
    const response = await exportBom('variant=constructor')
    expect(response.status).toBe(400)
    expect(response.text).toBe('Invalid BOM variant specified.')
  })
})
