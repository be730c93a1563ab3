import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { fakeCve, startNvdFake, type NvdFake } from '../support/fakes/nvd.ts'
import {
  configValue,
  configureSources,
  mirrorStateOf,
  nvdSoftwareOf,
  nvdVulnerabilities,
  runMirrorJob,
} from '../support/nvd-mirror.ts'

// The NVD CVE API 2.0 mirror (dt-behaviour §2.6, dt-api-admin vuln-source properties) against a
// loopback NVD: pages, the API key, incremental 120-day windows, retries, resuming, bad pages.

const API_KEY = 'b3c0a1d2-e4f5-4a6b-8c7d-9e0f1a2b3c4d'
const DAY = 86_400_000
const nvdTime = (ms: number) => new Date(ms).toISOString().slice(0, 23)

/** Log lines the server writes, to prove the API key never reaches them. */
const logLines: string[] = []
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk))
    done()
  },
})

async function setUp() {
  const server = await startApiServer({}, { logStream })
  const nvd = await startNvdFake()
  nvd.maxPageSize = 3
  await configureSources(server, {
    'nvd.enabled': 'true',
    'nvd.api.enabled': 'true',
    'nvd.api.url': nvd.apiUrl,
    'nvd.api.key': API_KEY,
    'nvd.api.download.feeds': 'false',
    'nvd.feeds.url': nvd.feedsUrl,
    'epss.enabled': 'false',
  })
  return { server, nvd }
}

const ids = (count: number, year = 2024) =>
  Array.from({ length: count }, (_, i) => `CVE-${year}-${String(1000 + i).padStart(4, '0')}`)

describe('a full mirror, then incremental ones', () => {
  let server: TestServer
  let nvd: NvdFake
  let firstRunStartedAt: number

  beforeAll(async () => {
    ;({ server, nvd } = await setUp())
    nvd.cves = ids(7).map((id) => fakeCve(id, '2024-03-01T08:00:00.000'))
    nvd.cves[2]!.descriptions = [{ lang: 'en', value: 'The third CVE.' }]
  })
  afterAll(async () => {
    await server?.close()
    await nvd?.close()
  })

  it('fetches every CVE in pages, sending the API key, and stores them mapped', async () => {
    firstRunStartedAt = Date.now()
    const state = await runMirrorJob(server, 'NVD')
    expect(state.status, state.last_error ?? '').toBe('SUCCEEDED')
    expect(Number(state.records_done)).toBe(7)

    expect(nvd.apiRequests.map((request) => request.startIndex)).toEqual([0, 3, 6])
    for (const request of nvd.apiRequests) {
      expect(request).toMatchObject({
        resultsPerPage: 2000,
        lastModStartDate: null,
        apiKey: API_KEY,
      })
    }

    const stored = await nvdVulnerabilities(server)
    expect(stored.map((row) => row.vuln_id)).toEqual(ids(7))
    const third = stored[2]!
    expect(third).toMatchObject({
      description: 'The third CVE.',
      cwes: [787],
      severity: 'CRITICAL',
      cvss_v3_vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      cvss_v3_base_score: 9.8,
      cvss_v3_exploitability_sub_score: 3.9,
      cvss_v3_impact_sub_score: 5.9,
      cvss_v2_vector: '(AV:N/AC:L/Au:N/C:P/I:P/A:P)',
      cvss_v2_base_score: 7.5,
    })
    expect(third.updated!.toISOString()).toBe('2024-03-01T08:00:00.000Z')
    expect(third.references).toContain(`* [https://example.org/security/${third.vuln_id}](`)

    // Three ranges of the product plus the agent; the platform Windows (vulnerable=false) is not.
    const software = await nvdSoftwareOf(server, third.vuln_id)
    expect(software.map((row) => row.cpe23)).toEqual([
      'cpe:2.3:a:example:product_cve_2024_1002:*:*:*:*:*:*:*:*',
      'cpe:2.3:a:example:product_cve_2024_1002:*:*:*:*:*:*:*:*',
      'cpe:2.3:a:example:product_cve_2024_1002:3.0.0:beta1:*:*:*:*:*:*',
      'cpe:2.3:a:example:product_cve_2024_1002_agent:*:*:*:*:*:*:*:*',
    ])
    expect(software[0]).toMatchObject({
      version_start_including: '1.0.0',
      version_end_excluding: '1.4.2',
    })
  })

  it('stores the last-modified marker when the run completes, at the time the run began', async () => {
    const marker = Number(await configValue(server, 'nvd.api.last.modified.epoch.seconds'))
    expect(marker).toBeGreaterThanOrEqual(Math.floor(firstRunStartedAt / 1000))
    expect(marker).toBeLessThanOrEqual(Math.floor(Date.now() / 1000))
  })

  it('then asks only for CVEs modified since the marker and applies what changed', async () => {
    const marker = Number(await configValue(server, 'nvd.api.last.modified.epoch.seconds'))
    const changedAt = nvdTime(marker * 1000 + 500)
    nvd.cves[4] = fakeCve(nvd.cves[4]!.id, changedAt, {
      description: 'Now analysed.',
      baseScore: 5.3,
    })
    nvd.cves.push(fakeCve('CVE-2024-2000', changedAt))
    nvd.apiRequests = []
    await new Promise((resolve) => setTimeout(resolve, 1100)) // the change lies before this run

    const state = await runMirrorJob(server, 'NVD')
    expect(state.status, state.last_error ?? '').toBe('SUCCEEDED')
    expect(nvd.apiRequests).toHaveLength(1)
    const [request] = nvd.apiRequests
    expect(new Date(request!.lastModStartDate!).getTime()).toBe(marker * 1000)
    expect(request!.lastModStartDate).toMatch(/\+00:00$/)
    expect(Number(state.records_done)).toBe(2)

    const stored = await nvdVulnerabilities(server)
    expect(stored).toHaveLength(8)
    const changed = stored.find((row) => row.vuln_id === nvd.cves[4]!.id)!
    expect(changed).toMatchObject({
      description: 'Now analysed.',
      cvss_v3_base_score: 5.3,
      severity: 'MEDIUM',
    })
    expect(stored.find((row) => row.vuln_id === nvd.cves[2]!.id)!.description).toBe(
      'The third CVE.',
    )
    const next = Number(await configValue(server, 'nvd.api.last.modified.epoch.seconds'))
    expect(next).toBeGreaterThan(marker)
  })

  it('walks a long gap in windows of at most 120 days up to now', async () => {
    const from = Date.now() - 200 * DAY
    await configureSources(server, {
      'nvd.api.last.modified.epoch.seconds': String(Math.floor(from / 1000)),
    })
    nvd.cves.push(fakeCve('CVE-2023-3000', nvdTime(from + 30 * DAY)))
    nvd.cves.push(fakeCve('CVE-2023-3001', nvdTime(from + 150 * DAY)))
    nvd.apiRequests = []

    const state = await runMirrorJob(server, 'NVD')
    expect(state.status, state.last_error ?? '').toBe('SUCCEEDED')
    const windows = nvd.apiRequests.map((request) => [
      new Date(request.lastModStartDate!).getTime(),
      new Date(request.lastModEndDate!).getTime(),
    ])
    expect(windows).toHaveLength(2)
    expect(windows[0]).toEqual([
      Math.floor(from / 1000) * 1000,
      Math.floor(from / 1000) * 1000 + 120 * DAY,
    ])
    expect(windows[1]![0]).toBe(windows[0]![1])
    expect(windows[1]![1]).toBeLessThanOrEqual(Date.now())
    const stored = (await nvdVulnerabilities(server)).map((row) => row.vuln_id)
    expect(stored).toEqual(expect.arrayContaining(['CVE-2023-3000', 'CVE-2023-3001']))
  })

  it('waits and retries when NVD answers 429 or 503, then carries on', async () => {
    nvd.apiRequests = []
    nvd.nextStatuses = [429, 503]
    const state = await runMirrorJob(server, 'NVD')
    expect(state.status, state.last_error ?? '').toBe('SUCCEEDED')
    expect(nvd.apiRequests.map((request) => request.startIndex)).toEqual([0, 0, 0])
  })

  it('never writes the API key to the log', () => {
    expect(logLines.length).toBeGreaterThan(0)
    expect(logLines.join('')).not.toContain(API_KEY)
  })
})

describe('a run that stops part-way', () => {
  let server: TestServer
  let nvd: NvdFake

  beforeAll(async () => {
    ;({ server, nvd } = await setUp())
    nvd.cves = ids(9).map((id) => fakeCve(id, '2024-05-01T00:00:00.000'))
  })
  afterAll(async () => {
    await server?.close()
    await nvd?.close()
  })

  it('keeps the pages it committed and records where it stopped', async () => {
    nvd.pageFault = { startIndex: 6, status: 500 }
    const state = await runMirrorJob(server, 'NVD')
    expect(state.status).toBe('FAILED')
    expect(state.last_error).toMatch(/startIndex 6 answered HTTP 500/)
    expect(state.position).toMatchObject({ kind: 'nvd-api', startIndex: 6, from: null })
    expect((await nvdVulnerabilities(server)).map((row) => row.vuln_id)).toEqual(ids(6))
    // No marker until a run completes: the next run still mirrors everything.
    expect(Number(await configValue(server, 'nvd.api.last.modified.epoch.seconds'))).toBe(0)
  })

  it('fails again at the same page without fetching the earlier ones again', async () => {
    nvd.apiRequests = []
    const state = await runMirrorJob(server, 'NVD')
    expect(state.status).toBe('FAILED')
    expect(nvd.apiRequests.map((request) => request.startIndex)).toEqual([6])
  })

  it('resumes from the committed position once NVD answers again', async () => {
    nvd.pageFault = undefined
    nvd.apiRequests = []
    const state = await runMirrorJob(server, 'NVD')
    expect(state.status, state.last_error ?? '').toBe('SUCCEEDED')
    expect(nvd.apiRequests.map((request) => request.startIndex)).toEqual([6])
    expect((await nvdVulnerabilities(server)).map((row) => row.vuln_id)).toEqual(ids(9))
    expect(
      Number(await configValue(server, 'nvd.api.last.modified.epoch.seconds')),
    ).toBeGreaterThan(0)
    expect((await mirrorStateOf(server, 'NVD'))!.position).toBeNull()
  })
})

describe('a page that is not JSON', () => {
  let server: TestServer
  let nvd: NvdFake

  beforeAll(async () => {
    ;({ server, nvd } = await setUp())
    nvd.cves = ids(5).map((id) => fakeCve(id, '2024-05-01T00:00:00.000'))
  })
  afterAll(async () => {
    await server?.close()
    await nvd?.close()
  })

  it('fails the run with a clear error and leaves the stored data as it was', async () => {
    expect((await runMirrorJob(server, 'NVD')).status).toBe('SUCCEEDED')
    const before = await nvdVulnerabilities(server)
    await configureSources(server, { 'nvd.api.last.modified.epoch.seconds': '0' })
    nvd.cves = nvd.cves.map((cve) => ({
      ...cve,
      descriptions: [{ lang: 'en', value: 'Overwritten.' }],
    }))
    nvd.pageFault = { startIndex: 3, corrupt: true }

    const state = await runMirrorJob(server, 'NVD')
    expect(state.status).toBe('FAILED')
    expect(state.last_error).toMatch(/NVD API page all CVEs, startIndex 3 is not valid JSON/)
    const after = await nvdVulnerabilities(server)
    expect(after.slice(0, 3).map((row) => row.description)).toEqual([
      'Overwritten.',
      'Overwritten.',
      'Overwritten.',
    ])
    expect(after.slice(3)).toEqual(before.slice(3))
  })
})
