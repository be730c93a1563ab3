import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnalyzableComponent } from '../../server/domain/analysis/model.ts'
import { createTrivyAnalyzer } from '../../server/domain/analysis/external/trivy.ts'
import { analyzableComponents, fastHttp, runAnalyzer } from '../support/analyzer-runs.ts'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { startFakeTrivy, type FakeTrivy } from '../support/fakes/trivy.ts'
import { vulnerabilityFixtures } from '../support/vulnerability-fixtures.ts'

// Contract: dt-behaviour.md §2.4 (Trivy).

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
let trivy: FakeTrivy
let components: AnalyzableComponent[]
const fixtures = vulnerabilityFixtures(
  () => server,
  () => api,
  () => adminJwt,
)
const analyzer = createTrivyAnalyzer({ http: fastHttp() })
const settings = (overrides: Record<string, string | null> = {}) => ({
  'trivy.enabled': 'true',
  'trivy.base.url': trivy.url,
  'trivy.api.token': 'trivy-secret',
  ...overrides,
})
const run = (overrides = {}) => runAnalyzer(server, analyzer, components, settings(overrides))
const id = (name: string) => components.find((c) => c.name === name)!.id
const OPENSSL = 'pkg:deb/debian/openssl@3.0.11-1?distro=debian-12'

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
  trivy = await startFakeTrivy()
  trivy.vulnerabilities.set('pkg:npm/lodash@4.17.20', [
    {
      vulnerability_id: 'CVE-2021-23337',
      title: 'Command injection in lodash template',
      description: 'lodash versions prior to 4.17.21 are vulnerable to command injection.',
      severity: 'HIGH',
      status: 'FIXED',
      fixed_version: '4.17.21',
      cvss: { nvd: { v3_vector: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H', v3_score: 7.2 } },
      cwe_ids: ['CWE-94'],
      references: ['https://nvd.nist.gov/vuln/detail/CVE-2021-23337'],
      published_date: '2021-02-15T13:15:00Z',
    },
    {
      vulnerability_id: 'GHSA-29mw-wpgm-hmr9',
      title: 'ReDoS in lodash',
      severity: 'MEDIUM',
      status: 'AFFECTED',
    },
  ])
  trivy.vulnerabilities.set(OPENSSL, [
    {
      vulnerability_id: 'CVE-2023-5678',
      title: 'OpenSSL DH check',
      severity: 'MEDIUM',
      status: 'FIXED',
    },
  ])
  const project = await fixtures.createProject('trivy-app', '1.0')
  await fixtures.createComponent(project, 'lodash', '4.17.20')
  await fixtures.createComponent(project, 'openssl', '3.0.11-1', { purl: OPENSSL })
  await fixtures.createComponent(project, 'debian', '12', {
    classifier: 'OPERATING_SYSTEM',
    purl: null,
  })
  await fixtures.createComponent(project, 'no-purl', '1.0', { purl: null })
  components = await analyzableComponents(server, project)
})

afterAll(async () => {
  await trivy?.close()
  await server?.close()
})

describe('Trivy analyzer (§2.4)', () => {
  it('puts a blob, scans it and deletes it, and reports by package', async () => {
    const { matches, capable, logs } = await run()
    expect(capable.map((c) => c.name)).toEqual(['lodash', 'openssl', 'debian'])
    expect(trivy.calls).toEqual(['PutBlob', 'Scan', 'DeleteBlobs'])
    expect(trivy.blobs.size).toBe(0)
    expect(trivy.lastScanOptions).toEqual({ pkg_types: ['library', 'os'], scanners: ['vuln'] })
    expect(logs.filter((line) => line.level >= 50)).toEqual([])
    expect(matches.map((m) => m.componentId)).toEqual([id('lodash'), id('lodash'), id('openssl')])

    const cve = await api.request('GET', '/v1/vulnerability/source/NVD/vuln/CVE-2021-23337', {
      token: adminJwt,
    })
    expect(cve.json).toMatchObject({
      source: 'NVD',
      title: 'Command injection in lodash template',
      cvssV3BaseScore: 7.2,
      severity: 'HIGH',
      cwes: [expect.objectContaining({ cweId: 94 })],
    })
    const ghsa = await api.request(
      'GET',
      '/v1/vulnerability/source/GITHUB/vuln/GHSA-29mw-wpgm-hmr9',
      {
        token: adminJwt,
      },
    )
    expect(ghsa.json).toMatchObject({ source: 'GITHUB', severity: 'MEDIUM' })
  })

  it('keeps only fixed vulnerabilities when trivy.ignore.unfixed is on', async () => {
    const { matches } = await run({ 'trivy.ignore.unfixed': 'true' })
    expect(matches.map((m) => m.componentId)).toEqual([id('lodash'), id('openssl')])
  })

  it('scans libraries only when OS scanning is off', async () => {
    const { matches } = await run({ 'trivy.scanner.scanOs': 'false' })
    expect(trivy.lastScanOptions?.pkg_types).toEqual(['library'])
    expect(matches.map((m) => m.componentId)).toEqual([id('lodash'), id('lodash')])
  })

  it('caches nothing: every run asks again', async () => {
    const before = trivy.calls.length
    await run()
    expect(trivy.calls.length).toBe(before + 3)
    // The server's own jobs for the components created above cache their OSS Index answers and
    // package repositories' answers.
    const cached = await fixtures.sql(
      `SELECT count(*)::int AS n FROM component_analysis_cache
       WHERE source NOT IN ('OSSINDEX', 'REPOSITORY')`,
    )
    expect(cached).toEqual([{ n: 0 }])
  })

  it('refuses a bad token: one log line without the token, no findings', async () => {
    const before = trivy.calls.length
    const { matches, logs, rawLogs } = await run({ 'trivy.api.token': 'wrong-trivy-token' })
    expect(matches).toEqual([])
    expect(trivy.calls.length).toBe(before)
    const errors = logs.filter((line) => line.level >= 50)
    expect(errors).toHaveLength(1)
    expect(errors[0]!.reason).toBe('Trivy PutBlob answered HTTP 401')
    expect(rawLogs()).not.toContain('wrong-trivy-token')
  })

  it('is off by default', () => {
    expect(analyzer.isEnabled(new Map())).toBe(false)
    expect(analyzer.isEnabled(new Map(Object.entries(settings())))).toBe(true)
  })
})
