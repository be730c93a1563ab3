import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encryptValue } from '../../server/domain/config/crypto.ts'
import type { AnalyzableComponent } from '../../server/domain/analysis/model.ts'
import { createOssIndexAnalyzer } from '../../server/domain/analysis/external/ossindex.ts'
import { analyzableComponents, fastHttp, runAnalyzer } from '../support/analyzer-runs.ts'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { startFakeOssIndex, type FakeOssIndex } from '../support/fakes/ossindex.ts'
import { vulnerabilityFixtures } from '../support/vulnerability-fixtures.ts'

// Contract: dt-behaviour.md §2.4 (OSS Index, cache), §2.1 (attribution).

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
let ossIndex: FakeOssIndex
const fixtures = vulnerabilityFixtures(
  () => server,
  () => api,
  () => adminJwt,
)
const key = randomBytes(32)
const settings = (overrides: Record<string, string | null> = {}) => ({
  'ossindex.enabled': 'true',
  'ossindex.api.username': 'alice@example.com',
  'ossindex.api.token': encryptValue(key, 'oss-token'),
  ...overrides,
})
const waits: number[] = []
const analyzer = createOssIndexAnalyzer({ http: fastHttp(waits) })
// Timeouts get an analyzer of their own: a short limit would make the others flaky under load.
const impatient = createOssIndexAnalyzer({ http: fastHttp([], 500) })
const run = (components: readonly AnalyzableComponent[], overrides = {}, use = analyzer) =>
  runAnalyzer(server, use, components, settings(overrides), {
    serviceUrls: { ossIndex: ossIndex.url },
    encryptionKey: key,
  })
const vulnerability = async (source: string, vulnId: string) => {
  const response = await api.request('GET', `/v1/vulnerability/source/${source}/vuln/${vulnId}`, {
    token: adminJwt,
  })
  expect(response.status, response.text).toBe(200)
  return response.json
}

const LODASH = 'pkg:npm/lodash@4.17.20'
const LOG4J = 'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1'
const longReference = `https://ossindex.sonatype.org/vulnerability/sonatype-2021-0001?${'x'.repeat(300)}`

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
  ossIndex = await startFakeOssIndex()
  ossIndex.credentials = { username: 'alice@example.com', token: 'oss-token' }
  ossIndex.reports.set(LOG4J, [
    {
      id: 'CVE-2021-44228',
      title: '[CVE-2021-44228] Log4Shell',
      description: 'Apache Log4j2 JNDI features do not protect against attacker controlled LDAP.',
      cvssScore: 10,
      cvssVector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H',
      cwe: 'CWE-502',
      cve: 'CVE-2021-44228',
      reference: 'https://ossindex.sonatype.org/vulnerability/CVE-2021-44228',
      externalReferences: ['https://nvd.nist.gov/vuln/detail/CVE-2021-44228'],
    },
  ])
  ossIndex.reports.set(LODASH, [
    {
      id: 'sonatype-2021-0001',
      title: 'Prototype pollution in lodash',
      description: 'lodash merges keys of untrusted objects into Object.prototype.',
      cvssScore: 5.3,
      cvssVector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:L/A:N',
      cwe: 'CWE-1321',
      reference: longReference,
    },
  ])
})

afterAll(async () => {
  await ossIndex?.close()
  await server?.close()
})

describe('OSS Index analyzer (§2.4)', () => {
  let components: AnalyzableComponent[]

  beforeAll(async () => {
    const project = await fixtures.createProject('ossindex-app', '1.0')
    await fixtures.createComponent(project, 'log4j-core', '2.14.1', {
      group: 'org.apache.logging.log4j',
      purl: `${LOG4J}?type=jar`,
    })
    await fixtures.createComponent(project, 'lodash', '4.17.20')
    await fixtures.createComponent(project, 'left-pad', '1.3.0')
    const internal = await fixtures.createComponent(project, 'acme-internal', '1.0.0')
    await fixtures.sql('UPDATE component SET internal = true WHERE uuid = $1', [internal])
    await fixtures.createComponent(project, 'no-version', '', { purl: 'pkg:npm/no-version' })
    components = await analyzableComponents(server, project)
  })

  it('asks about capable components only, canonical and without qualifiers, with Basic auth', async () => {
    const { matches, capable, logs } = await run(components)
    expect(capable.map((c) => c.name)).toEqual(['log4j-core', 'lodash', 'left-pad'])
    expect(ossIndex.batches).toEqual([[LOG4J, LODASH, 'pkg:npm/left-pad@1.3.0']])
    expect(ossIndex.authorizations[0]).toBe(
      `Basic ${Buffer.from('alice@example.com:oss-token').toString('base64')}`,
    )
    expect(logs.filter((line) => line.level >= 50)).toEqual([])

    const log4j = await vulnerability('NVD', 'CVE-2021-44228')
    expect(log4j).toMatchObject({
      source: 'NVD',
      description: 'Apache Log4j2 JNDI features do not protect against attacker controlled LDAP.',
      cvssV3Vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H',
      cvssV3BaseScore: 10,
      severity: 'CRITICAL',
      cwes: [expect.objectContaining({ cweId: 502 })],
      aliases: [expect.objectContaining({ cveId: 'CVE-2021-44228', sonatypeId: 'CVE-2021-44228' })],
    })
    const lodash = await vulnerability('OSSINDEX', 'sonatype-2021-0001')
    expect(lodash).toMatchObject({
      title: 'Prototype pollution in lodash',
      cvssV3BaseScore: 5.3,
      severity: 'MEDIUM',
    })

    const byName = (name: string) => components.find((c) => c.name === name)!.id
    expect(matches).toEqual([
      {
        componentId: byName('log4j-core'),
        vulnerabilityId: expect.any(Number),
        alternateIdentifier: 'CVE-2021-44228',
        referenceUrl: 'https://ossindex.sonatype.org/vulnerability/CVE-2021-44228',
      },
      {
        componentId: byName('lodash'),
        vulnerabilityId: expect.any(Number),
        alternateIdentifier: 'sonatype-2021-0001',
        // Longer than 255: the query string is dropped.
        referenceUrl: 'https://ossindex.sonatype.org/vulnerability/sonatype-2021-0001',
      },
    ])
  })

  it('answers a second run from the cache without asking OSS Index again', async () => {
    const before = ossIndex.batches.length
    const { matches } = await run(components)
    expect(ossIndex.batches.length).toBe(before)
    expect(matches.map((m) => m.componentId).sort()).toEqual(
      components
        .filter((c) => ['log4j-core', 'lodash'].includes(c.name))
        .map((c) => c.id)
        .sort(),
    )
    const cached = await fixtures.sql(
      `SELECT target, cardinality(vulnerability_ids) AS n FROM component_analysis_cache
       WHERE source = 'OSSINDEX' ORDER BY target`,
    )
    expect(cached).toEqual([
      { target: 'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1?type=jar', n: 1 },
      { target: 'pkg:npm/left-pad@1.3.0', n: 0 },
      { target: 'pkg:npm/lodash@4.17.20', n: 1 },
    ])
  })

  it('asks again once the cache entry is older than the validity period', async () => {
    const before = ossIndex.batches.length
    await fixtures.sql(
      `UPDATE component_analysis_cache SET updated_at = now() - interval '2 hours'`,
    )
    await run(components, { 'analysis.cache.validity.period': String(3_600_000) })
    expect(ossIndex.batches.length).toBe(before + 1)
  })

  it('leaves an NVD vulnerability that exists as it is, and skips aliases when sync is off', async () => {
    await fixtures.mirror([
      { source: 'NVD', vulnId: 'CVE-2020-0001', description: 'As NVD says it.' },
    ])
    const component = { ...components[0]!, id: components[0]!.id, purl: 'pkg:npm/fresh@1.0.0' }
    ossIndex.reports.set('pkg:npm/fresh@1.0.0', [
      {
        id: 'sonatype-2020-0001',
        title: 'Fresh flaw',
        description: 'OSS Index words.',
        cve: 'CVE-2020-0001',
        reference: 'https://ossindex.sonatype.org/vulnerability/sonatype-2020-0001',
      },
    ])
    const { matches } = await run([component], { 'ossindex.alias.sync.enabled': 'false' })
    expect(matches).toHaveLength(1)
    const stored = await vulnerability('NVD', 'CVE-2020-0001')
    expect(stored.description).toBe('As NVD says it.')
    expect(stored.aliases ?? []).toEqual([])
  })

  it('sends at most 128 purls per request', async () => {
    const many = Array.from({ length: 130 }, (_, index) => ({
      ...components[1]!,
      id: components[1]!.id,
      purl: `pkg:npm/batch-${index}@1.0.0`,
    }))
    const before = ossIndex.batches.length
    await run(many)
    expect(ossIndex.batches.slice(before).map((batch) => batch.length)).toEqual([128, 2])
  })
})

describe('OSS Index failures', () => {
  const fresh = (name: string): AnalyzableComponent => ({
    id: 1,
    uuid: '00000000-0000-4000-8000-000000000001',
    projectId: 1,
    name,
    group: null,
    version: '1.0.0',
    purl: `pkg:npm/${name}@1.0.0`,
    cpe: null,
    internal: false,
    classifier: 'LIBRARY',
  })

  it('tries again with growing waits after 429 and a server error', async () => {
    ossIndex.reports.set('pkg:npm/retry-me@1.0.0', ossIndex.reports.get(LODASH)!)
    waits.length = 0
    ossIndex.faults.push(429, 503)
    const { matches, logs } = await run([fresh('retry-me')])
    expect(waits).toEqual([10, 20])
    expect(matches).toHaveLength(1)
    expect(logs.filter((line) => line.level >= 50)).toEqual([])
  })

  it('tries again after a request that times out', async () => {
    ossIndex.reports.set('pkg:npm/slow@1.0.0', ossIndex.reports.get(LODASH)!)
    ossIndex.faults.push({ hang: 2_000 })
    const { matches } = await run([fresh('slow')], {}, impatient)
    expect(matches).toHaveLength(1)
  })

  it('logs one line and reports nothing when the service never answers', async () => {
    ossIndex.faults.push(...Array.from({ length: 4 }, () => ({ hang: 2_000 })))
    const { matches, logs } = await run([fresh('never')], {}, impatient)
    expect(matches).toEqual([])
    const errors = logs.filter((line) => line.level >= 50)
    expect(errors).toHaveLength(1)
    expect(errors[0]!.reason).toMatch(/failed after 4 attempts: no answer within 500 ms/)
  })

  it('refuses bad credentials: one log line without secrets, no findings, later batches skipped', async () => {
    const many = Array.from({ length: 130 }, (_, index) => fresh(`refused-${index}`))
    const before = ossIndex.authorizations.length
    const { matches, logs, rawLogs } = await run(many, {
      'ossindex.api.token': encryptValue(key, 'wrong-token'),
    })
    expect(matches).toEqual([])
    expect(ossIndex.authorizations.length - before).toBe(1)
    const errors = logs.filter((line) => line.level >= 50)
    expect(errors).toHaveLength(1)
    expect(errors[0]!.reason).toBe('OSS Index component-report answered HTTP 401')
    expect(rawLogs()).not.toContain('wrong-token')
    const cached = await fixtures.sql(
      `SELECT count(*)::int AS n FROM component_analysis_cache WHERE target LIKE 'pkg:npm/refused-%'`,
    )
    expect(cached).toEqual([{ n: 0 }])
  })

  it('is enabled by default and can be switched off', () => {
    expect(analyzer.isEnabled(new Map())).toBe(true)
    expect(analyzer.isEnabled(new Map([['ossindex.enabled', 'false']]))).toBe(false)
  })
})
