import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encryptValue } from '../../server/domain/config/crypto.ts'
import type { AnalyzableComponent } from '../../server/domain/analysis/model.ts'
import { purgeExpiredAnalysisCache } from '../../server/domain/analysis/external/cache-purge.ts'
import { createVulnDbAnalyzer } from '../../server/domain/analysis/external/vulndb.ts'
import { analyzableComponents, fastHttp, runAnalyzer } from '../support/analyzer-runs.ts'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { startFakeVulnDb, vulnDbResult, type FakeVulnDb } from '../support/fakes/vulndb.ts'
import { vulnerabilityFixtures } from '../support/vulnerability-fixtures.ts'

// Contract: dt-behaviour.md §2.4 (VulnDB, cache).

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
let vulnDb: FakeVulnDb
let components: AnalyzableComponent[]
const fixtures = vulnerabilityFixtures(
  () => server,
  () => api,
  () => adminJwt,
)
const key = randomBytes(32)
const analyzer = createVulnDbAnalyzer({ http: fastHttp() })
const CPE = 'cpe:2.3:a:example:server:2.4.1:*:*:*:*:*:*:*'
const settings = (secret = 'vulndb-secret') => ({
  'vulndb.enabled': 'true',
  'vulndb.api.oauth1.consumerKey': 'vulndb-key',
  'vulndb.api.oath1.consumerSecret': encryptValue(key, secret),
})
const run = (list: readonly AnalyzableComponent[], secret?: string) =>
  runAnalyzer(server, analyzer, list, settings(secret), {
    serviceUrls: { vulnDb: vulnDb.url },
    encryptionKey: key,
  })

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
  vulnDb = await startFakeVulnDb()
  vulnDb.results.set(
    CPE,
    Array.from({ length: 150 }, (_, index) => vulnDbResult(1000 + index)),
  )
  const project = await fixtures.createProject('vulndb-app', '1.0')
  await fixtures.createComponent(project, 'server', '2.4.1', { cpe: CPE, purl: null })
  await fixtures.createComponent(project, 'lodash', '4.17.20')
  components = await analyzableComponents(server, project)
})

afterAll(async () => {
  await vulnDb?.close()
  await server?.close()
})

describe('VulnDB analyzer (§2.4)', () => {
  it('signs find_by_cpe with OAuth 1.0a, pages through the results and syncs VULNDB vulnerabilities', async () => {
    const { matches, capable, logs } = await run(components)
    expect(capable.map((c) => c.name)).toEqual(['server'])
    expect(vulnDb.calls).toEqual([
      { cpe: CPE, page: 1, size: 100 },
      { cpe: CPE, page: 2, size: 100 },
    ])
    expect(logs.filter((line) => line.level >= 50)).toEqual([])
    expect(matches).toHaveLength(150)
    const response = await api.request('GET', '/v1/vulnerability/source/VULNDB/vuln/1000', {
      token: adminJwt,
    })
    expect(response.json).toMatchObject({
      source: 'VULNDB',
      title: 'Example Server heap overflow #1000',
      recommendation: 'Upgrade to the latest version.',
      cvssV3BaseScore: 7.5,
      severity: 'HIGH',
      aliases: [expect.objectContaining({ vulnDbId: '1000', cveId: 'CVE-2023-1000' })],
    })
  })

  it('answers a second run from the cache (target = the CPE)', async () => {
    const before = vulnDb.calls.length
    const { matches } = await run(components)
    expect(vulnDb.calls.length).toBe(before)
    expect(matches).toHaveLength(150)
  })

  it('refuses a wrong consumer secret: one log line without it, no findings', async () => {
    const other = { ...components[0]!, cpe: 'cpe:2.3:a:example:other:1.0:*:*:*:*:*:*:*' }
    const { matches, logs, rawLogs } = await run([other], 'not-the-secret')
    expect(matches).toEqual([])
    const errors = logs.filter((line) => line.level >= 50)
    expect(errors).toHaveLength(1)
    expect(errors[0]!.reason).toBe('VulnDB find_by_cpe answered HTTP 401')
    expect(rawLogs()).not.toContain('not-the-secret')
  })

  it('is off by default', () => {
    expect(analyzer.isEnabled(new Map())).toBe(false)
  })
})

describe('cache purge (ClearComponentAnalysisCacheTask)', () => {
  it('removes entries older than the validity period and keeps fresh ones', async () => {
    await fixtures.sql(
      `INSERT INTO component_analysis_cache (target_host, source, target, updated_at)
       VALUES ('https://old.test', 'VULNDB', 'cpe:old', now() - interval '13 hours')`,
    )
    // Not counted: what the server's own jobs (OSS Index, package repositories) may cache meanwhile.
    const count = `SELECT count(*)::int AS n FROM component_analysis_cache
                   WHERE source NOT IN ('OSSINDEX', 'REPOSITORY')`
    const fresh = await fixtures.sql(count)
    const removed = await purgeExpiredAnalysisCache(server.lookout.ctx!.db)
    expect(removed).toBe(1)
    const left = await fixtures.sql(count)
    expect(left[0]!.n).toBe(fresh[0]!.n - 1)
  })
})
