import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { vulnerabilityFixtures } from '../support/vulnerability-fixtures.ts'

// Contract: the brief's additive audit API: PUT /analysis `scope` PROJECT and PORTFOLIO (rules
// applied to existing findings and inherited by new ones, docs/decisions/013), PUT
// /analysis/batch (all or nothing, ACL per target), GET /analysis/rule, DELETE /analysis/rule.

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
const fixtures = vulnerabilityFixtures(
  () => server,
  () => api,
  () => adminJwt,
)

const CVE = 'CVE-2023-0001'
let vulnerability: string
let svc1: string
let svc2: string
let other: string
let svc2Other: string

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
  await fixtures.mirror([{ source: 'NVD', vulnId: CVE, severity: 'HIGH' }])
  vulnerability = await fixtures.vulnerabilityUuid('NVD', CVE)
  svc1 = await fixtures.createComponent(await fixtures.createProject('svc', '1.0'), 'acme-json')
  const svc2Project = await fixtures.createProject('svc', '2.0')
  svc2 = await fixtures.createComponent(svc2Project, 'acme-json', '1.1.0')
  svc2Other = await fixtures.createComponent(svc2Project, 'acme-xml', '1.0.0')
  other = await fixtures.createComponent(await fixtures.createProject('other', '1.0'), 'acme-json')
  for (const component of [svc1, svc2, svc2Other, other])
    await fixtures.assign('NVD', CVE, component)
})

afterAll(async () => {
  await server?.close()
})

async function analysisOf(component: string) {
  return api.request('GET', `/v1/analysis?${new URLSearchParams({ component, vulnerability })}`, {
    token: adminJwt,
  })
}
const trailOf = async (component: string) =>
  ((await analysisOf(component)).json?.analysisComments ?? []).map((c: any) => c.comment)

async function newVersion(version: string) {
  const project = await fixtures.createProject('svc', version)
  return fixtures.createComponent(project, 'acme-json', `${version}.0`)
}

const decision = {
  analysisState: 'NOT_AFFECTED',
  analysisJustification: 'CODE_NOT_REACHABLE',
  analysisDetails: 'The parser is never called',
  comment: 'Checked the call graph',
  isSuppressed: true,
}

describe('scope PROJECT: every version of the project', () => {
  it('applies to the same component in the other versions, naming where it came from', async () => {
    const response = await fixtures.decide(svc1, 'NVD', CVE, { ...decision, scope: 'PROJECT' })
    expect(response.status, response.text).toBe(200)
    expect(response.json.analysisState).toBe('NOT_AFFECTED')
    expect(response.json.analysisComments.at(-1).comment).toBe('Checked the call graph')
    const applied = await analysisOf(svc2)
    expect(applied.json).toMatchObject({
      analysisState: 'NOT_AFFECTED',
      analysisJustification: 'CODE_NOT_REACHABLE',
      analysisResponse: 'NOT_SET',
      analysisDetails: 'The parser is never called',
      isSuppressed: true,
    })
    expect(applied.json.analysisComments.map((c: any) => [c.comment, c.commenter])).toEqual([
      ['Analysis: NOT_SET \u2192 NOT_AFFECTED', 'admin'],
      ['Justification: NOT_SET \u2192 CODE_NOT_REACHABLE', 'admin'],
      ['Details: The parser is never called', 'admin'],
      ['Suppressed', 'admin'],
      ['Checked the call graph', 'admin'],
      ['Applied from the decision on svc 1.0 for every version of svc', 'admin'],
    ])
    // Another component of that version, and the same component in another project: untouched.
    expect((await analysisOf(svc2Other)).status).toBe(404)
    expect((await analysisOf(other)).status).toBe(404)
  })

  it('is listed as a rule keyed by the component without its version', async () => {
    const response = await api.request('GET', '/v1/analysis/rule', { token: adminJwt })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-total-count')).toBe('1')
    expect(response.json[0]).toMatchObject({
      uuid: expect.any(String),
      scope: 'PROJECT',
      projectName: 'svc',
      componentKey: 'purl:npm//acme-json',
      vulnerability: { uuid: vulnerability, source: 'NVD', vulnId: CVE },
      analysisState: 'NOT_AFFECTED',
      analysisJustification: 'CODE_NOT_REACHABLE',
      analysisDetails: 'The parser is never called',
      isSuppressed: true,
      decidedBy: 'admin',
    })
  })

  it('is inherited by a new version when the engine adds the finding', async () => {
    const svc3 = await newVersion('3')
    expect(await fixtures.engineFinding(svc3, 'NVD', CVE)).toBe(1)
    const inherited = await analysisOf(svc3)
    expect(inherited.json).toMatchObject({ analysisState: 'NOT_AFFECTED', isSuppressed: true })
    expect(inherited.json.analysisComments.at(-1)).toMatchObject({
      comment: 'Inherited from the decision for every version of svc',
      commenter: 'admin',
    })
    // Inherited suppression hides the new finding from the project's list.
    const project = await fixtures.projectOf(svc3)
    const list = await api.request('GET', `/v1/finding/project/${project}`, { token: adminJwt })
    expect(list.json).toEqual([])
  })

  it('leaves a per-finding decision made after the rule alone', async () => {
    const svc4 = await newVersion('4')
    const own = await fixtures.decide(svc4, 'NVD', CVE, { analysisState: 'EXPLOITABLE' })
    expect(own.status).toBe(200)
    expect(await fixtures.engineFinding(svc4, 'NVD', CVE)).toBe(0)
    expect((await analysisOf(svc4)).json.analysisState).toBe('EXPLOITABLE')
  })
})

describe('scope PORTFOLIO: everywhere', () => {
  it('applies to the component in every project, and the latest decision is inherited', async () => {
    const response = await fixtures.decide(other, 'NVD', CVE, {
      analysisState: 'FALSE_POSITIVE',
      comment: 'Not our acme-json',
      scope: 'PORTFOLIO',
    })
    expect(response.status, response.text).toBe(200)
    for (const component of [svc1, svc2]) {
      const json = (await analysisOf(component)).json
      expect(json.analysisState).toBe('FALSE_POSITIVE')
      // As a PUT on each: absent justification resets it, absent suppression keeps it.
      expect(json.analysisComments.slice(-4).map((c: any) => c.comment)).toEqual([
        'Analysis: NOT_AFFECTED \u2192 FALSE_POSITIVE',
        'Justification: CODE_NOT_REACHABLE \u2192 NOT_SET',
        'Not our acme-json',
        'Applied from the decision on other 1.0 for the whole portfolio',
      ])
      expect(json).toMatchObject({
        analysisDetails: 'The parser is never called',
        isSuppressed: true,
      })
    }
    expect((await analysisOf(svc2Other)).status).toBe(404)
    const svc5 = await newVersion('5')
    expect(await fixtures.engineFinding(svc5, 'NVD', CVE)).toBe(1)
    expect((await trailOf(svc5)).at(-1)).toBe('Inherited from the decision for the whole portfolio')
    expect((await analysisOf(svc5)).json.analysisState).toBe('FALSE_POSITIVE')
  })

  it('needs access to every project when ACL is on; PROJECT scope needs the project', async () => {
    const team = await fixtures.teamKey('Svc auditors', ['VULNERABILITY_ANALYSIS'])
    await fixtures.setAcl(true)
    try {
      const portfolio = await fixtures.decide(
        svc1,
        'NVD',
        CVE,
        { analysisState: 'IN_TRIAGE', scope: 'PORTFOLIO' },
        { apiKey: team.key },
      )
      expect(portfolio.status).toBe(403)
      const project = await fixtures.decide(
        svc1,
        'NVD',
        CVE,
        { analysisState: 'IN_TRIAGE', scope: 'PROJECT' },
        { apiKey: team.key },
      )
      expect(project.status).toBe(403)
      expect(project.text).toBe('Access to the specified project is forbidden')
      // 4.13 checks no ACL for a decision on one finding.
      const single = await fixtures.decide(
        svc1,
        'NVD',
        CVE,
        { analysisState: 'IN_TRIAGE', isSuppressed: true },
        { apiKey: team.key },
      )
      expect(single.status).toBe(200)
    } finally {
      await fixtures.setAcl(false)
    }
  })
})

describe('PUT /v1/analysis/batch', () => {
  const target = async (component: string) => ({
    project: await fixtures.projectOf(component),
    component,
    vulnerability,
  })

  it('records one decision for every target', async () => {
    const response = await api.request('PUT', '/v1/analysis/batch', {
      token: adminJwt,
      json: {
        targets: [await target(svc2Other), await target(svc1)],
        analysisState: 'RESOLVED',
        analysisResponse: 'UPDATE',
        comment: 'Fixed in the next release',
      },
    })
    expect(response.status, response.text).toBe(200)
    expect(response.json).toEqual({ updated: 2 })
    expect((await trailOf(svc2Other)).slice(-3)).toEqual([
      'Analysis: NOT_SET \u2192 RESOLVED',
      'Vendor Response: NOT_SET \u2192 UPDATE',
      'Fixed in the next release',
    ])
    expect((await analysisOf(svc1)).json.analysisState).toBe('RESOLVED')
  })

  it('changes nothing when one target is missing or forbidden', async () => {
    const before = await trailOf(svc2Other)
    const missing = await api.request('PUT', '/v1/analysis/batch', {
      token: adminJwt,
      json: {
        targets: [
          await target(svc2Other),
          { ...(await target(svc1)), component: '00000000-0000-4000-8000-000000000000' },
        ],
        analysisState: 'EXPLOITABLE',
      },
    })
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('The component could not be found.')
    expect(await trailOf(svc2Other)).toEqual(before)

    const team = await fixtures.teamKey('Other auditors', ['VULNERABILITY_ANALYSIS'])
    await fixtures.grant(await fixtures.projectOf(svc2Other), team.teamUuid)
    await fixtures.setAcl(true)
    try {
      const forbidden = await api.request('PUT', '/v1/analysis/batch', {
        apiKey: team.key,
        json: {
          targets: [await target(svc2Other), await target(other)],
          analysisState: 'EXPLOITABLE',
        },
      })
      expect(forbidden.status).toBe(403)
    } finally {
      await fixtures.setAcl(false)
    }
    expect(await trailOf(svc2Other)).toEqual(before)
  })

  it('refuses an empty or malformed target list', async () => {
    const empty = await api.request('PUT', '/v1/analysis/batch', {
      token: adminJwt,
      json: { targets: [] },
    })
    expect(empty.status).toBe(400)
    const malformed = await api.request('PUT', '/v1/analysis/batch', {
      token: adminJwt,
      json: { targets: [{ project: 'x', component: 'y', vulnerability: 'z' }] },
    })
    expect(malformed.status).toBe(400)
    expect(malformed.json.map((e: any) => e.message)).toContain(
      'The component must be a valid 36 character UUID',
    )
  })
})

describe('DELETE /v1/analysis/rule/{uuid}', () => {
  it('stops inheritance; analyses already set keep their values', async () => {
    const rules = await api.request('GET', '/v1/analysis/rule?pageSize=1&pageNumber=1', {
      token: adminJwt,
    })
    expect(rules.headers.get('x-total-count')).toBe('2')
    expect(rules.json[0].scope).toBe('PORTFOLIO')
    const all = await api.request('GET', '/v1/analysis/rule', { token: adminJwt })
    for (const rule of all.json) {
      const deleted = await api.request('DELETE', `/v1/analysis/rule/${rule.uuid}`, {
        token: adminJwt,
      })
      expect(deleted.status).toBe(204)
    }
    const again = await api.request('DELETE', `/v1/analysis/rule/${all.json[0].uuid}`, {
      token: adminJwt,
    })
    expect(again.status).toBe(404)
    expect(again.text).toBe('The decision rule could not be found.')
    expect((await analysisOf(svc2)).json.analysisState).toBe('FALSE_POSITIVE')
    const svc6 = await newVersion('6')
    expect(await fixtures.engineFinding(svc6, 'NVD', CVE)).toBe(0)
    expect((await analysisOf(svc6)).status).toBe(404)
  })
})
