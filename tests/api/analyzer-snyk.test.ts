import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnalyzableComponent } from '../../server/domain/analysis/model.ts'
import { createSnykAnalyzer } from '../../server/domain/analysis/external/snyk.ts'
import { analyzableComponents, fastHttp, runAnalyzer } from '../support/analyzer-runs.ts'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { snykIssue, startFakeSnyk, type FakeSnyk } from '../support/fakes/snyk.ts'
import { vulnerabilityFixtures } from '../support/vulnerability-fixtures.ts'

// Contract: dt-behaviour.md §2.4 (Snyk, cache).

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
let snyk: FakeSnyk
let components: AnalyzableComponent[]
const fixtures = vulnerabilityFixtures(
  () => server,
  () => api,
  () => adminJwt,
)
const waits: number[] = []
const analyzer = createSnykAnalyzer({ http: fastHttp(waits), concurrency: 2 })
const settings = (overrides: Record<string, string | null> = {}) => ({
  'snyk.enabled': 'true',
  'snyk.base.url': snyk.url,
  'snyk.org.id': 'org-1234',
  'snyk.api.token': 'snyk-token-a;snyk-token-b',
  'snyk.api.version': '2023-06-22',
  'snyk.alias.sync.enabled': 'true',
  ...overrides,
})
const run = (list: readonly AnalyzableComponent[], overrides = {}) =>
  runAnalyzer(server, analyzer, list, settings(overrides))

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
  snyk = await startFakeSnyk()
  snyk.tokens.add('snyk-token-b')
  snyk.issues.set('pkg:npm/lodash@4.17.20', [
    snykIssue('SNYK-JS-LODASH-1018905'),
    { id: 'lic-1', type: 'issue', attributes: { key: 'snyk:lic:npm:lodash:MIT', type: 'license' } },
  ])
  const project = await fixtures.createProject('snyk-app', '1.0')
  await fixtures.createComponent(project, 'lodash', '4.17.20')
  await fixtures.createComponent(project, 'left-pad', '1.3.0')
  await fixtures.createComponent(project, 'busybox', '1.36.0', {
    purl: 'pkg:apk/alpine/busybox@1.36.0',
  })
  components = await analyzableComponents(server, project)
})

afterAll(async () => {
  await snyk?.close()
  await server?.close()
})

describe('Snyk analyzer (§2.4)', () => {
  it('asks per component with round-robin tokens and maps issues to SNYK vulnerabilities', async () => {
    const { matches, capable, logs } = await run(components)
    expect(capable.map((c) => c.name)).toEqual(['lodash', 'left-pad'])
    expect(snyk.calls.map((c) => c.purl).sort()).toEqual([
      'pkg:npm/left-pad@1.3.0',
      'pkg:npm/lodash@4.17.20',
    ])
    expect(new Set(snyk.calls.map((c) => c.token))).toEqual(
      new Set(['snyk-token-a', 'snyk-token-b']),
    )
    expect(logs.filter((line) => line.level >= 40)).toEqual([])
    expect(matches).toEqual([
      { componentId: components[0]!.id, vulnerabilityId: expect.any(Number) },
    ])

    const response = await api.request(
      'GET',
      '/v1/vulnerability/source/SNYK/vuln/SNYK-JS-LODASH-1018905',
      { token: adminJwt },
    )
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({
      title: 'Prototype pollution (SNYK-JS-LODASH-1018905)',
      recommendation: 'Upgrade to 4.17.21 or later.',
      // The NVD score wins by default (snyk.cvss.source = NVD).
      cvssV3Vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      cvssV3BaseScore: 9.8,
      severity: 'CRITICAL',
      cwes: [expect.objectContaining({ cweId: 1321 })],
    })
    expect(response.json.aliases).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ snykId: 'SNYK-JS-LODASH-1018905', cveId: 'CVE-2024-1111' }),
        expect.objectContaining({
          snykId: 'SNYK-JS-LODASH-1018905',
          ghsaId: 'GHSA-aaaa-bbbb-cccc',
        }),
      ]),
    )
    const ranges = await fixtures.sql(
      `SELECT vs.purl_type, vs.purl_name, vs.version_start_including, vs.version_end_excluding
       FROM vulnerable_software vs
       JOIN affected_version_attribution l ON l.vulnerable_software_id = vs.id
       JOIN vulnerability v ON v.id = l.vulnerability_id
       WHERE v.vuln_id = 'SNYK-JS-LODASH-1018905'`,
    )
    expect(ranges).toEqual([
      {
        purl_type: 'npm',
        purl_name: 'lodash',
        version_start_including: '4.0.0',
        version_end_excluding: '4.17.21',
      },
    ])
  })

  it('answers a second run from the cache', async () => {
    const before = snyk.calls.length
    const { matches } = await run(components)
    expect(snyk.calls.length).toBe(before)
    expect(matches).toHaveLength(1)
  })

  it('prefers the Snyk score when snyk.cvss.source is SNYK', async () => {
    snyk.issues.set('pkg:npm/minimist@1.2.0', [
      snykIssue('SNYK-JS-MINIMIST-559764', { updated_at: '2024-04-01T00:00:00Z' }),
    ])
    const minimist = { ...components[0]!, purl: 'pkg:npm/minimist@1.2.0' }
    await run([minimist], { 'snyk.cvss.source': 'SNYK' })
    const response = await api.request(
      'GET',
      '/v1/vulnerability/source/SNYK/vuln/SNYK-JS-MINIMIST-559764',
      { token: adminJwt },
    )
    expect(response.json).toMatchObject({ cvssV3BaseScore: 8.1, severity: 'HIGH' })
  })

  it('logs a warning when Snyk announces the sunset of the API version', async () => {
    snyk.sunset = 'Wed, 01 Jan 2025 00:00:00 GMT'
    const { logs } = await run([{ ...components[0]!, purl: 'pkg:npm/sunset@1.0.0' }])
    snyk.sunset = undefined
    const warnings = logs.filter((line) => line.level === 40)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]!.msg).toMatch(/end of the configured API version/)
  })

  it('tries again after 429', async () => {
    waits.length = 0
    snyk.faults.push(429)
    const { logs } = await run([{ ...components[0]!, purl: 'pkg:npm/limited@1.0.0' }])
    expect(waits).toEqual([10])
    expect(snyk.calls.at(-1)!.purl).toBe('pkg:npm/limited@1.0.0')
    expect(logs.filter((line) => line.level >= 50)).toEqual([])
  })

  it('refuses bad tokens: one log line without the token, no findings', async () => {
    const { matches, logs, rawLogs } = await run(
      [{ ...components[0]!, purl: 'pkg:npm/refused@1.0.0' }],
      { 'snyk.api.token': 'bad-token' },
    )
    expect(matches).toEqual([])
    const errors = logs.filter((line) => line.level >= 50)
    expect(errors).toHaveLength(1)
    expect(errors[0]!.reason).toBe('Snyk package issues answered HTTP 401')
    expect(rawLogs()).not.toContain('bad-token')
  })

  it('is off by default and needs its settings', () => {
    expect(analyzer.isEnabled(new Map())).toBe(false)
    expect(analyzer.isEnabled(new Map([['snyk.enabled', 'true']]))).toBe(false)
    expect(analyzer.isEnabled(new Map(Object.entries(settings())))).toBe(true)
  })
})
