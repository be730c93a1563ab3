import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { vulnerabilityFixtures } from '../support/vulnerability-fixtures.ts'

// Contract: dt-api-portfolio.md §2.3 (severity), §3.4–§3.6, §4.9 (PUT, POST, DELETE, vulnId),
// §5.6 (the confirmed create response).

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
const fixtures = vulnerabilityFixtures(
  () => server,
  () => api,
  () => adminJwt,
)

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
})

afterAll(async () => {
  await server?.close()
})

type Auth = { token?: string; apiKey?: string }
const create = (json: unknown, auth: Auth = { token: adminJwt }) =>
  api.request('PUT', '/v1/vulnerability', { ...auth, json })
const update = (json: unknown, auth: Auth = { token: adminJwt }) =>
  api.request('POST', '/v1/vulnerability', { ...auth, json })

describe('PUT /v1/vulnerability (§4.9 create internal)', () => {
  it('creates an INTERNAL vulnerability and answers 201 as in §5.6', async () => {
    const response = await create({
      vulnId: ' INT-001 ',
      source: 'NVD',
      affectedComponents: [
        {
          identityType: 'PURL',
          identity: 'pkg:maven/com.acme/acme-lib@1.2.3',
          versionType: 'EXACT',
        },
      ],
    })
    expect(response.status, response.text).toBe(201)
    const before = Date.now()
    expect(response.json).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      vulnId: 'INT-001',
      source: 'INTERNAL',
      components: [],
      serviceComponents: [],
      severity: 'UNASSIGNED',
      affectedComponents: [
        {
          uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
          identityType: 'PURL',
          identity: 'pkg:maven/com.acme/acme-lib@1.2.3',
          versionType: 'EXACT',
          version: '1.2.3',
          affectedVersionAttributions: [
            {
              uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
              source: 'INTERNAL',
              firstSeen: expect.any(Number),
              lastSeen: expect.any(Number),
            },
          ],
        },
      ],
      affectedActiveProjectCount: 0,
      affectedInactiveProjectCount: 0,
      affectedProjectCount: 0,
    })
    const attribution = response.json.affectedComponents[0].affectedVersionAttributions[0]
    expect(Math.abs(attribution.firstSeen - before)).toBeLessThan(60_000)
    expect(attribution.lastSeen).toBe(attribution.firstSeen)
  })

  it('computes scores from the vectors, normalises them and derives the severity', async () => {
    const response = await create({
      vulnId: 'INT-SCORES',
      title: 'Scored',
      cvssV2Vector: 'AV:N/AC:L/Au:N/C:P/I:P/A:P',
      cvssV3Vector: 'AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      cvssV4Vector: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N',
      owaspRRVector:
        'SL:1/M:1/O:0/S:2/ED:1/EE:1/A:1/ID:1/LC:2/LI:1/LAV:1/LAC:1/FD:1/RD:1/NC:2/PV:3',
      cvssV3BaseScore: 1.0,
      published: '2024-03-05',
      created: 1_700_000_000_000,
      updated: '2024-03-06T10:11:12Z',
      cwes: [{ cweId: 79, name: 'ignored' }, { cweId: 0 }, { cweId: 99999 }],
    })
    expect(response.status, response.text).toBe(201)
    expect(response.json).toMatchObject({
      cvssV2Vector: '(AV:N/AC:L/Au:N/C:P/I:P/A:P)',
      cvssV2BaseScore: 7.5,
      cvssV2ImpactSubScore: 6.4,
      cvssV2ExploitabilitySubScore: 10,
      cvssV3Vector: 'CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      cvssV3BaseScore: 9.8,
      cvssV3ImpactSubScore: 5.9,
      cvssV3ExploitabilitySubScore: 3.9,
      cvssV4Vector: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N',
      cvssV4Score: 9.3,
      owaspRRLikelihoodScore: 1,
      owaspRRTechnicalImpactScore: 1.25,
      owaspRRBusinessImpactScore: 1.75,
      severity: 'CRITICAL',
      published: '2024-03-05T00:00:00Z',
      created: '2023-11-14T22:13:20Z',
      updated: '2024-03-06T10:11:12Z',
      cwes: [{ cweId: 79, name: expect.stringContaining('Cross-site Scripting') }],
      cwe: { cweId: 79, name: expect.stringContaining('Cross-site Scripting') },
    })
  })

  it('keeps an explicit severity over the derived one', async () => {
    const response = await create({
      vulnId: 'INT-EXPLICIT',
      severity: 'low',
      cvssV3Vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
    })
    expect(response.status, response.text).toBe(201)
    expect(response.json.severity).toBe('LOW')
  })

  it('answers 409 when the vulnId exists', async () => {
    await create({ vulnId: 'INT-DUP' })
    const response = await create({ vulnId: 'INT-DUP' })
    expect(response.status).toBe(409)
    expect(response.text).toBe('A vulnerability with the specified vulnId already exists.')
  })

  it('refuses invalid vectors with the contract texts', async () => {
    const owasp = await create({ vulnId: 'INT-BAD-1', owaspRRVector: 'foobar' })
    expect(owasp.status).toBe(400)
    expect(owasp.text).toBe(
      'Provided vector foobar does not match OWASP RR Vector pattern SL:\\d/M:\\d/O:\\d/S:\\d/ED:\\d/EE:\\d/A:\\d/ID:\\d/LC:\\d/LI:\\d/LAV:\\d/LAC:\\d/FD:\\d/RD:\\d/NC:\\d/PV:\\d',
    )
    const v3 = await create({ vulnId: 'INT-BAD-2', cvssV3Vector: 'AV:N/AC:L' })
    expect(v3.status).toBe(400)
    expect(v3.text).toBe('An invalid CVSSv2 or CVSSv3 vector submitted.')
    const swapped = await create({
      vulnId: 'INT-BAD-3',
      cvssV2Vector: 'AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
    })
    expect(swapped.status).toBe(400)
    const stored = await fixtures.sql("SELECT 1 FROM vulnerability WHERE vuln_id LIKE 'INT-BAD-%'")
    expect(stored).toEqual([])
  })

  it('answers validation lists for blank, over-long, NUL and mistyped values', async () => {
    const blank = await create({ vulnId: '  ' })
    expect(blank.status).toBe(400)
    expect(blank.json).toEqual([expect.objectContaining({ path: 'body.vulnId' })])
    const long = await create({ vulnId: 'INT-LONG', title: 'x'.repeat(256) })
    expect(long.status).toBe(400)
    expect(long.json[0]).toMatchObject({
      message: 'size must be between 0 and 255',
      path: 'body.title',
    })
    const nul = await create({ vulnId: 'INT-NUL', description: 'a\u0000b' })
    expect(nul.status).toBe(400)
    expect(nul.json[0]).toMatchObject({ path: 'body.description' })
    const date = await create({ vulnId: 'INT-DATE', published: 'yesterday' })
    expect(date.status).toBe(400)
    expect(date.json[0]).toMatchObject({ path: 'body.published' })
    const severity = await create({ vulnId: 'INT-SEV', severity: 'SEVERE' })
    expect(severity.status).toBe(400)
    const malformed = await api.request('PUT', '/v1/vulnerability', {
      token: adminJwt,
      text: '{"vulnId":',
      headers: { 'Content-Type': 'application/json' },
    })
    expect(malformed.status).toBe(400)
    expect(malformed.headers.get('content-type')).toMatch(/problem\+json/)
  })

  it('needs VULNERABILITY_MANAGEMENT', async () => {
    const { key } = await fixtures.teamKey('Portfolio only', [
      'VIEW_PORTFOLIO',
      'PORTFOLIO_MANAGEMENT',
    ])
    const response = await create({ vulnId: 'INT-403' }, { apiKey: key })
    expect((await update({ vulnId: 'INT-403' }, { apiKey: key })).status).toBe(403)
    expect(response.status).toBe(403)
    expect(response.text).toBe('')
    expect((await api.request('PUT', '/v1/vulnerability', { json: { vulnId: 'x' } })).status).toBe(
      401,
    )
  })
})

describe('POST /v1/vulnerability (§4.9 update internal)', () => {
  it('replaces the fields and the affected components, answering aliases too', async () => {
    const created = await create({
      vulnId: 'INT-UPD',
      title: 'Before',
      cwes: [{ cweId: 79 }],
      affectedComponents: [
        { identityType: 'PURL', identity: 'pkg:npm/left-pad@1.0.0', versionType: 'EXACT' },
        {
          identityType: 'CPE',
          identity: 'cpe:2.3:a:acme:widget:*:*:*:*:*:*:*:*',
          versionType: 'RANGE',
          versionStartIncluding: '1.0',
          versionEndExcluding: '2.0',
        },
      ],
    })
    expect(created.status, created.text).toBe(201)
    const cpe = created.json.affectedComponents.find((c: any) => c.identityType === 'CPE')
    expect(cpe).toMatchObject({
      identity: 'cpe:2.3:a:acme:widget:*:*:*:*:*:*:*:*',
      versionType: 'RANGE',
      versionStartIncluding: '1.0',
      versionEndExcluding: '2.0',
    })
    const response = await update({
      ...created.json,
      title: 'After',
      cwes: [],
      cvssV3Vector: 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:L/I:N/A:N',
      affectedComponents: [
        { ...cpe, uuid: undefined, affectedVersionAttributions: [{}] },
        { identityType: 'PURL', identity: 'pkg:npm/right-pad@2.0.0', versionType: 'EXACT' },
        { identityType: 'CPE', identity: 'not a cpe', versionType: 'EXACT' },
      ],
    })
    expect(response.status, response.text).toBe(200)
    expect(response.json).toMatchObject({
      uuid: created.json.uuid,
      title: 'After',
      severity: 'LOW',
      cvssV3BaseScore: 3.7,
      aliases: [],
      components: [],
      serviceComponents: [],
    })
    expect(response.json.cwes).toBeUndefined()
    expect(response.json.affectedComponents.map((c: any) => c.identity).sort()).toEqual([
      'cpe:2.3:a:acme:widget:*:*:*:*:*:*:*:*',
      'pkg:npm/right-pad@2.0.0',
    ])
    const kept = response.json.affectedComponents.find((c: any) => c.identityType === 'CPE')
    expect(kept.uuid).toBe(cpe.uuid)
    const orphans = await fixtures.sql(
      "SELECT 1 FROM vulnerable_software WHERE purl = 'pkg:npm/left-pad@1.0.0'",
    )
    expect(orphans).toEqual([])
  })

  it('answers 406 when the vulnId changes and 404 for unknown or mirrored ones', async () => {
    const created = await create({ vulnId: 'INT-FIXED' })
    const renamed = await update({ ...created.json, vulnId: 'INT-OTHER' })
    expect(renamed.status).toBe(406)
    expect(renamed.text).toBe('The vulnId may not be changed.')
    const unknown = await update({ uuid: '00000000-0000-4000-8000-000000000000', vulnId: 'X' })
    expect(unknown.status).toBe(404)
    expect(unknown.text).toBe('The vulnerability could not be found.')
    const noUuid = await update({ vulnId: 'INT-FIXED' })
    expect(noUuid.status).toBe(404)
    await fixtures.mirror([{ source: 'NVD', vulnId: 'CVE-2024-0001', description: 'mirrored' }])
    const [nvd] = await fixtures.sql(
      "SELECT uuid FROM vulnerability WHERE vuln_id = 'CVE-2024-0001'",
    )
    const mirrored = await update({ uuid: nvd!.uuid, vulnId: 'CVE-2024-0001', title: 'x' })
    expect(mirrored.status).toBe(404)
  })
})

describe('DELETE /v1/vulnerability/{uuid}', () => {
  it('deletes an internal vulnerability and its unshared software', async () => {
    const created = await create({
      vulnId: 'INT-DEL',
      affectedComponents: [
        { identityType: 'PURL', identity: 'pkg:pypi/only-here@1.0', versionType: 'EXACT' },
      ],
    })
    const response = await api.request('DELETE', `/v1/vulnerability/${created.json.uuid}`, {
      token: adminJwt,
    })
    expect(response.status).toBe(204)
    const again = await api.request('DELETE', `/v1/vulnerability/${created.json.uuid}`, {
      token: adminJwt,
    })
    expect(again.status).toBe(404)
    expect(again.text).toBe('The UUID of the component could not be found.')
    expect(
      await fixtures.sql("SELECT 1 FROM vulnerable_software WHERE purl = 'pkg:pypi/only-here@1.0'"),
    ).toEqual([])
  })

  it('refuses mirrored vulnerabilities (403) and affected ones (412)', async () => {
    await fixtures.mirror([{ source: 'NVD', vulnId: 'CVE-2024-0002' }])
    const [nvd] = await fixtures.sql(
      "SELECT uuid FROM vulnerability WHERE vuln_id = 'CVE-2024-0002'",
    )
    const mirrored = await api.request('DELETE', `/v1/vulnerability/${nvd!.uuid}`, {
      token: adminJwt,
    })
    expect(mirrored.status).toBe(403)
    expect(mirrored.text).toBe('Access to the specified vulnerability is forbidden.')

    const created = await create({ vulnId: 'INT-USED' })
    const project = await fixtures.createProject('uses-internal', '1')
    const component = await fixtures.createComponent(project, 'used-lib')
    await fixtures.assign('INTERNAL', 'INT-USED', component)
    const affected = await api.request('DELETE', `/v1/vulnerability/${created.json.uuid}`, {
      token: adminJwt,
    })
    expect(affected.status).toBe(412)
    expect(affected.text).toBe(
      'Portfolio components or services are affected by this vulnerability. Unable to delete.',
    )
    const invalid = await api.request('DELETE', '/v1/vulnerability/NOT-A-UUID', { token: adminJwt })
    expect(invalid.status).toBe(400)
  })
})

describe('GET /v1/vulnerability/vulnId', () => {
  it('answers a fresh INT- id as raw text (PORTFOLIO_MANAGEMENT)', async () => {
    const response = await api.request('GET', '/v1/vulnerability/vulnId', { token: adminJwt })
    expect(response.status).toBe(200)
    expect(response.text).toMatch(/^INT-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/)
    const { key } = await fixtures.teamKey('Viewer for ids', ['VIEW_PORTFOLIO'])
    expect((await api.request('GET', '/v1/vulnerability/vulnId', { apiKey: key })).status).toBe(403)
  })
})

describe('hostile input', () => {
  it('answers 4xx, never 500, and stores nothing', async () => {
    const cases: Array<[string, string, unknown, number]> = [
      ['PUT', '/v1/vulnerability', { vulnId: 'INT-H1', cwes: [{ cweId: 1e12 }] }, 400],
      ['PUT', '/v1/vulnerability', { vulnId: 'INT-H2', cwes: [{ cweId: 'CWE-79' }] }, 400],
      ['PUT', '/v1/vulnerability', { vulnId: 'INT-H3', created: -1e15 }, 400],
      ['PUT', '/v1/vulnerability', { vulnId: 'INT-H4', updated: 1e20 }, 400],
      ['PUT', '/v1/vulnerability', { vulnId: 'INT-H5', affectedComponents: 'pkg:npm/a' }, 400],
      [
        'PUT',
        '/v1/vulnerability',
        { vulnId: 'INT-H6', affectedComponents: [{ identityType: 'SWID' }] },
        400,
      ],
      ['PUT', '/v1/vulnerability', { vulnId: 'x'.repeat(256) }, 400],
      ['PUT', '/v1/vulnerability', { vulnId: 'INT-H7', description: 'x'.repeat(70_000) }, 400],
      ['PUT', '/v1/vulnerability', { vulnId: 'INT-\u0007' }, 400],
      ['PUT', '/v1/vulnerability', [1, 2], 400],
      ['POST', '/v1/vulnerability', { vulnId: 'INT-H8', uuid: 'not-a-uuid' }, 404],
      ['GET', '/v1/vulnerability?searchText=%00', undefined, 400],
      ['GET', `/v1/vulnerability/source/NVD/vuln/${'x'.repeat(5000)}`, undefined, 404],
      ['GET', '/v1/vulnerability/source/NVD/vuln/a%00b', undefined, 400],
      ['GET', '/v1/vulnerability/source/NVD/vuln/a%00b/projects', undefined, 400],
    ]
    for (const [method, path, json, status] of cases) {
      const response = await api.request(method, path, { token: adminJwt, json })
      expect(
        response.status,
        `${method} ${path.slice(0, 80)} ${JSON.stringify(json)?.slice(0, 80)}`,
      ).toBe(status)
    }
    const stored = await fixtures.sql(
      "SELECT vuln_id FROM vulnerability WHERE vuln_id LIKE 'INT-H%'",
    )
    expect(stored).toEqual([])
  })

  it('pages and sorts leniently as Alpine does', async () => {
    for (const query of [
      '?pageNumber=99999999999&pageSize=10',
      '?offset=2147483647',
      '?sortName=vulnId&sortOrder=sideways',
      '?sortName=vuln%20Id&sortOrder=asc',
      `?searchText=${'%25'.repeat(2000)}`,
    ]) {
      const response = await api.request('GET', `/v1/vulnerability${query}`, { token: adminJwt })
      expect(response.status, query).toBe(200)
    }
  })
})
