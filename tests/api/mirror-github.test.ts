import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import {
  encodeCursor,
  fakeAdvisory,
  startFakeGithub,
  type FakeAdvisory,
  type FakeGithub,
} from '../support/fakes/github.ts'
import { runMirrorJob, storeSourceSettings } from '../support/mirror-runs.ts'

// dt-behaviour.md §2.6 "GitHub Advisories": the mirror against a loopback GitHub GraphQL API —
// full and incremental runs, mapping, withdrawn advisories, retries and rate limits, errors,
// the access token kept out of logs, and the bulk-file import.

let fake: FakeGithub
let server: TestServer
const logs: string[] = []

const sql = (text: string, params: unknown[] = []) =>
  server.lookout.ctx!.db.query<Record<string, any>>(text, params)

const configure = (values: Record<string, string | null>) => storeSourceSettings(server, values)

const stored = async (ghsaId: string) =>
  (await sql(`SELECT * FROM vulnerability WHERE source = 'GITHUB' AND vuln_id = $1`, [ghsaId]))[0]

const githubCount = async () =>
  Number((await sql(`SELECT count(*) AS n FROM vulnerability WHERE source = 'GITHUB'`))[0]!.n)

async function marker() {
  const [row] = await sql(
    `SELECT property_value FROM config_property
     WHERE group_name = 'vuln-source' AND property_name = 'github.advisories.last.modified.epoch.seconds'`,
  )
  return row?.property_value === null ? null : Number(row!.property_value)
}

const seconds = (iso: string) => Date.parse(iso) / 1000

/** The advisory that exercises every mapping rule at once. */
const rich: FakeAdvisory = {
  ghsaId: 'GHSA-r1ch-r1ch-r1ch',
  summary: 'Path traversal in archive extraction',
  description: 'Extracting a crafted archive writes outside the target folder.',
  severity: 'MODERATE',
  publishedAt: '2023-06-01T08:00:00Z',
  updatedAt: '2024-01-01T05:00:00Z',
  identifiers: [
    { type: 'GHSA', value: 'GHSA-r1ch-r1ch-r1ch' },
    { type: 'CVE', value: 'CVE-2023-99001' },
  ],
  references: ['https://nvd.nist.gov/vuln/detail/CVE-2023-99001'],
  cvssV3: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:U/C:N/I:H/A:N',
  cwes: ['CWE-22', 'CWE-999999'],
  vulnerabilities: [
    {
      ecosystem: 'MAVEN',
      name: 'org.example:archiver',
      range: '>= 2.0, < 2.4.1',
      firstPatched: '2.4.1',
    },
    { ecosystem: 'GO', name: 'github.com/example/archiver/v2', range: '<= 2.3.9' },
    { ecosystem: 'PIP', name: 'archiver', range: '= 0.1.0' },
  ],
}

beforeAll(async () => {
  fake = await startFakeGithub()
  server = await startApiServer(
    {},
    { logStream: { write: (line: string) => void logs.push(line) } },
  )
  await configure({
    'github.advisories.enabled': 'true',
    'github.advisories.api.url': fake.url,
    'github.advisories.access.token': fake.token,
  })
})

afterAll(async () => {
  await server?.close()
  await fake?.close()
})

describe('GitHub Advisories mirror', () => {
  it('mirrors every advisory, 100 per page, oldest change first, with the token as Bearer', async () => {
    fake.advisories = [
      ...Array.from({ length: 250 }, (_, i) => fakeAdvisory(i + 1)),
      rich,
      fakeAdvisory(400, { ghsaId: 'GHSA-w1th-drwn-0001', withdrawnAt: '2024-01-01T00:10:00Z' }),
    ]
    const state = await runMirrorJob(server, 'GITHUB')
    expect(state).toMatchObject({ status: 'SUCCEEDED', records_done: 252, records_total: 252 })
    expect(state.last_error).toBeNull()

    const pages = fake.pageRequests()
    expect(pages.map((request) => request.variables)).toEqual([
      { updatedSince: null, after: null },
      { updatedSince: null, after: encodeCursor('securityAdvisories', 99) },
      { updatedSince: null, after: encodeCursor('securityAdvisories', 199) },
    ])
    expect(pages[0]!.query).toMatch(
      /securityAdvisories\(first: 100, orderBy: \{field: UPDATED_AT, direction: ASC\}/,
    )
    expect(new Set(fake.requests.map((request) => request.authorization))).toEqual(
      new Set([`Bearer ${fake.token}`]),
    )
    // The withdrawn advisory was never stored.
    expect(await githubCount()).toBe(251)
    expect(await stored('GHSA-w1th-drwn-0001')).toBeUndefined()
    // The marker is the newest updatedAt seen (the withdrawn advisory's, at 06:40).
    expect(await marker()).toBe(seconds('2024-01-01T06:40:00Z'))
  })

  it('maps an advisory as 4.13 does: fields, severity, CVSS, CWEs, aliases, packages', async () => {
    const row = (await stored('GHSA-r1ch-r1ch-r1ch'))!
    expect(row).toMatchObject({
      title: 'Path traversal in archive extraction',
      description: 'Extracting a crafted archive writes outside the target folder.',
      severity: 'MEDIUM',
      cvss_v3_vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:U/C:N/I:H/A:N',
      cvss_v3_base_score: 6.5,
      cvss_v3_impact_sub_score: 3.6,
      cvss_v3_exploitability_sub_score: 2.8,
      cwes: [22],
      references:
        '* [https://nvd.nist.gov/vuln/detail/CVE-2023-99001](https://nvd.nist.gov/vuln/detail/CVE-2023-99001)',
    })
    expect(new Date(row.published).toISOString()).toBe('2023-06-01T08:00:00.000Z')
    expect(new Date(row.updated).toISOString()).toBe('2024-01-01T05:00:00.000Z')

    const software = await sql(
      `SELECT s.purl, s.purl_type, s.purl_namespace, s.purl_name, s.version,
         s.version_start_including, s.version_end_excluding, s.version_end_including, a.source
       FROM affected_version_attribution a JOIN vulnerable_software s ON s.id = a.vulnerable_software_id
       WHERE a.vulnerability_id = $1 ORDER BY s.purl`,
      [row.id],
    )
    expect(software).toEqual([
      {
        purl: 'pkg:golang/github.com/example/archiver/v2',
        purl_type: 'golang',
        purl_namespace: 'github.com/example/archiver',
        purl_name: 'v2',
        version: null,
        version_start_including: null,
        version_end_excluding: null,
        version_end_including: '2.3.9',
        source: 'GITHUB',
      },
      {
        purl: 'pkg:maven/org.example/archiver',
        purl_type: 'maven',
        purl_namespace: 'org.example',
        purl_name: 'archiver',
        version: null,
        version_start_including: '2.0',
        version_end_excluding: '2.4.1',
        version_end_including: null,
        source: 'GITHUB',
      },
      {
        purl: 'pkg:pypi/archiver',
        purl_type: 'pypi',
        purl_namespace: null,
        purl_name: 'archiver',
        version: '0.1.0',
        version_start_including: null,
        version_end_excluding: null,
        version_end_including: null,
        source: 'GITHUB',
      },
    ])
    const aliases = await sql(
      `SELECT cve_id, ghsa_id FROM vulnerability_alias WHERE ghsa_id = $1`,
      ['GHSA-r1ch-r1ch-r1ch'],
    )
    expect(aliases).toEqual([{ cve_id: 'CVE-2023-99001', ghsa_id: 'GHSA-r1ch-r1ch-r1ch' }])
  })

  it('next time asks only for what changed since the marker and updates just that', async () => {
    const before = await marker()
    const untouched = (await stored(fakeAdvisory(7).ghsaId))!
    const changed = fake.advisories.find((advisory) => advisory.ghsaId === fakeAdvisory(5).ghsaId)!
    changed.summary = 'Summary rewritten by GitHub'
    changed.updatedAt = '2024-02-01T00:00:00Z'
    fake.advisories.push(fakeAdvisory(500, { updatedAt: '2024-02-02T00:00:00Z' }))
    const requestsBefore = fake.pageRequests().length

    const state = await runMirrorJob(server, 'GITHUB')
    expect(state.status).toBe('SUCCEEDED')
    const pages = fake.pageRequests().slice(requestsBefore)
    expect(pages.map((request) => request.variables)).toEqual([
      { updatedSince: '2024-01-01T06:40:00Z', after: null },
    ])
    expect(new Date(before! * 1000).toISOString()).toBe('2024-01-01T06:40:00.000Z')
    // Updated since is inclusive: the withdrawn one at the marker comes again, plus the two news.
    expect(state.records_done).toBe(3)
    expect((await stored(fakeAdvisory(5).ghsaId))!.title).toBe('Summary rewritten by GitHub')
    expect(await stored(fakeAdvisory(500).ghsaId)).toBeDefined()
    expect(await marker()).toBe(seconds('2024-02-02T00:00:00Z'))
    const again = (await stored(fakeAdvisory(7).ghsaId))!
    expect(again.stored_at).toEqual(untouched.stored_at)
  })

  it('leaves a stored advisory untouched when GitHub withdraws it', async () => {
    const withdrawn = fake.advisories.find(
      (advisory) => advisory.ghsaId === fakeAdvisory(6).ghsaId,
    )!
    const before = (await stored(withdrawn.ghsaId))!
    Object.assign(withdrawn, {
      summary: 'Withdrawn: not a vulnerability',
      withdrawnAt: '2024-03-01T00:00:00Z',
      updatedAt: '2024-03-01T00:00:00Z',
    })
    const state = await runMirrorJob(server, 'GITHUB')
    expect(state.status).toBe('SUCCEEDED')
    const after = (await stored(withdrawn.ghsaId))!
    expect(after.title).toBe(before.title)
    expect(after.stored_at).toEqual(before.stored_at)
    expect(await marker()).toBe(seconds('2024-03-01T00:00:00Z'))
  })

  it('fetches the packages past the first 100 of a large advisory', async () => {
    const large = fakeAdvisory(600, {
      updatedAt: '2024-03-02T00:00:00Z',
      vulnerabilities: Array.from({ length: 130 }, (_, i) => ({
        ecosystem: 'NUGET',
        name: `Example.Package${i}`,
        range: '< 2.0.0',
      })),
    })
    fake.advisories.push(large)
    const from = fake.requests.length
    expect((await runMirrorJob(server, 'GITHUB')).status).toBe('SUCCEEDED')
    const subPages = fake.requests
      .slice(from)
      .filter((request) => request.query.includes('securityAdvisory('))
    expect(subPages.map((request) => request.variables)).toEqual([
      { ghsaId: large.ghsaId, after: encodeCursor('vulnerabilities', 99) },
    ])
    const [row] = await sql(
      `SELECT count(*) AS n FROM affected_version_attribution a
       JOIN vulnerability v ON v.id = a.vulnerability_id WHERE v.vuln_id = $1`,
      [large.ghsaId],
    )
    expect(Number(row!.n)).toBe(130)
  })

  it('stores no alias when alias sync is off', async () => {
    await configure({ 'github.advisories.alias.sync.enabled': 'false' })
    fake.advisories.push(
      fakeAdvisory(601, {
        updatedAt: '2024-03-03T00:00:00Z',
        identifiers: [{ type: 'CVE', value: 'CVE-2024-60100' }],
      }),
    )
    expect((await runMirrorJob(server, 'GITHUB')).status).toBe('SUCCEEDED')
    await configure({ 'github.advisories.alias.sync.enabled': 'true' })
    expect(await stored(fakeAdvisory(601).ghsaId)).toBeDefined()
    expect(await sql(`SELECT * FROM vulnerability_alias WHERE cve_id = 'CVE-2024-60100'`)).toEqual(
      [],
    )
  })

  it('waits out a 429 with retry-after and then finishes', async () => {
    fake.advisories.push(fakeAdvisory(501, { updatedAt: '2024-04-01T00:00:00Z' }))
    let refused = false
    fake.intercept = (request) => {
      if (refused || !request.query.includes('securityAdvisories(')) return undefined
      refused = true
      return { status: 429, headers: { 'retry-after': '1' }, body: { message: 'slow down' } }
    }
    const from = fake.requests.length
    const state = await runMirrorJob(server, 'GITHUB')
    fake.intercept = undefined
    expect(state.status).toBe('SUCCEEDED')
    const requests = fake.requests.slice(from)
    expect(requests).toHaveLength(2)
    expect(requests[1]!.at - requests[0]!.at).toBeGreaterThanOrEqual(1000)
    expect(await stored(fakeAdvisory(501).ghsaId)).toBeDefined()
  })

  it('waits for the rate-limit reset when the quota is used up', async () => {
    fake.advisories.push(fakeAdvisory(502, { updatedAt: '2024-04-02T00:00:00Z' }))
    let refused = false
    fake.intercept = () => {
      if (refused) return undefined
      refused = true
      return {
        status: 403,
        headers: {
          'x-ratelimit-limit': '5000',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 1),
        },
        body: { message: 'API rate limit exceeded for user ID 1.' },
      }
    }
    const from = fake.requests.length
    const state = await runMirrorJob(server, 'GITHUB')
    fake.intercept = undefined
    expect(state.status).toBe('SUCCEEDED')
    const requests = fake.requests.slice(from)
    expect(requests).toHaveLength(2)
    expect(requests[1]!.at - requests[0]!.at).toBeGreaterThanOrEqual(1000)
    expect(await stored(fakeAdvisory(502).ghsaId)).toBeDefined()
  })

  it('fails clearly on a 403 without rate-limit headers, without retrying, keeping the data', async () => {
    const count = await githubCount()
    const markerBefore = await marker()
    fake.advisories.push(fakeAdvisory(503, { updatedAt: '2024-05-01T00:00:00Z' }))
    fake.intercept = () => ({
      status: 403,
      body: { message: 'Resource not accessible by personal access token' },
    })
    const from = fake.requests.length
    const state = await runMirrorJob(server, 'GITHUB')
    fake.intercept = undefined
    expect(state.status).toBe('FAILED')
    expect(state.last_error).toBe(
      "GitHub Advisories refused the request: HTTP 403 (Resource not accessible by personal access token), without rate-limit headers, so it is not retried; check the access token's permissions",
    )
    expect(fake.requests.length - from).toBe(1)
    expect(await githubCount()).toBe(count)
    expect(await marker()).toBe(markerBefore)
  })

  it('fails clearly on GraphQL errors and on a page that is not JSON', async () => {
    const count = await githubCount()
    fake.intercept = () => ({
      status: 200,
      body: {
        data: null,
        errors: [{ message: 'Something went wrong while executing your query.' }],
      },
    })
    let state = await runMirrorJob(server, 'GITHUB')
    expect(state.status).toBe('FAILED')
    expect(state.last_error).toBe(
      'GitHub Advisories answered with GraphQL errors: Something went wrong while executing your query.',
    )
    fake.intercept = () => ({ status: 200, body: '{"data": {"securityAdvisories": {"nodes": [' })
    state = await runMirrorJob(server, 'GITHUB')
    fake.intercept = undefined
    expect(state.status).toBe('FAILED')
    expect(state.last_error).toBe('GitHub Advisories answered HTTP 200 without GraphQL data')
    expect(await githubCount()).toBe(count)
  })

  it('fails clearly without an access token, and with a token GitHub refuses', async () => {
    await configure({ 'github.advisories.access.token': null })
    let state = await runMirrorJob(server, 'GITHUB')
    expect(state.status).toBe('FAILED')
    expect(state.last_error).toBe(
      'GitHub Advisories mirroring needs an access token: set github.advisories.access.token',
    )
    await configure({ 'github.advisories.access.token': 'ghp_revokedToken0000000000000000000000' })
    state = await runMirrorJob(server, 'GITHUB')
    expect(state.last_error).toBe(
      'GitHub Advisories refused the request: HTTP 401 (Bad credentials); check github.advisories.access.token',
    )
    await configure({ 'github.advisories.access.token': fake.token })
    state = await runMirrorJob(server, 'GITHUB')
    expect(state.status).toBe('SUCCEEDED')
    expect(await stored(fakeAdvisory(503).ghsaId)).toBeDefined()
  })

  it('never writes the access token to the log', async () => {
    const text = logs.join('')
    expect(text).toContain('GitHub Advisories request retried')
    expect(text).toContain('mirror finished')
    expect(text).not.toContain(fake.token)
    expect(text).not.toContain('ghp_revokedToken')
  })
})

describe('GitHub Advisories bulk import', () => {
  const uploads = () => path.join(server.dataDir, 'mirror', 'uploads')

  async function upload(name: string, content: string) {
    await fs.mkdir(uploads(), { recursive: true })
    const file = path.join(uploads(), name)
    await fs.writeFile(file, content)
    return file
  }

  it('imports a GraphQL response dump with the same mapping, even with the mirror off', async () => {
    await configure({ 'github.advisories.enabled': 'false' })
    const markerBefore = await marker()
    const dump = {
      data: {
        securityAdvisories: {
          totalCount: 2,
          pageInfo: { hasNextPage: false, endCursor: null },
          nodes: [
            {
              ghsaId: 'GHSA-1mp0-rt00-0001',
              summary: 'Imported advisory',
              description: 'From an air-gapped upload.',
              severity: 'CRITICAL',
              publishedAt: '2024-06-01T00:00:00Z',
              updatedAt: '2030-06-01T00:00:00Z',
              withdrawnAt: null,
              identifiers: [{ type: 'CVE', value: 'CVE-2024-77777' }],
              references: [{ url: 'https://example.com/a' }],
              cvssSeverities: { cvssV3: null, cvssV4: null },
              cwes: { nodes: [{ cweId: 'CWE-79' }] },
              vulnerabilities: {
                nodes: [
                  {
                    package: { ecosystem: 'RUBYGEMS', name: 'widget' },
                    vulnerableVersionRange: '< 3.0',
                  },
                ],
              },
            },
            {
              ghsaId: 'GHSA-1mp0-rt00-0002',
              updatedAt: '2024-06-01T00:00:00Z',
              withdrawnAt: '2024-06-02T00:00:00Z',
            },
          ],
        },
      },
    }
    const file = await upload('advisories.json', JSON.stringify(dump, null, 2))
    const state = await runMirrorJob(server, 'GITHUB', { bulkFile: file })
    expect(state).toMatchObject({ status: 'SUCCEEDED', records_done: 2 })
    expect(await stored('GHSA-1mp0-rt00-0001')).toMatchObject({
      title: 'Imported advisory',
      severity: 'CRITICAL',
      cwes: [79],
    })
    expect(await stored('GHSA-1mp0-rt00-0002')).toBeUndefined()
    const [software] = await sql(
      `SELECT s.purl FROM affected_version_attribution a
       JOIN vulnerable_software s ON s.id = a.vulnerable_software_id
       JOIN vulnerability v ON v.id = a.vulnerability_id WHERE v.vuln_id = 'GHSA-1mp0-rt00-0001'`,
    )
    expect(software).toEqual({ purl: 'pkg:gem/widget' })
    // An upload does not move the online mirror's marker.
    expect(await marker()).toBe(markerBefore)
  })

  it('refuses a file that is not a GitHub Advisories dump, storing nothing', async () => {
    const count = await githubCount()
    const file = await upload(
      'kev.json',
      JSON.stringify({ catalogVersion: '2025.01.01', vulnerabilities: [] }),
    )
    const state = await runMirrorJob(server, 'GITHUB', { bulkFile: file })
    expect(state.status).toBe('FAILED')
    expect(state.last_error).toMatch(
      /^kev\.json is not a GitHub Advisories dump \(expected a GraphQL response/,
    )
    expect(await githubCount()).toBe(count)
  })
})
