import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { fakeCve, startNvdFake, type NvdFake } from '../support/fakes/nvd.ts'
import { configureSources, nvdVulnerabilities, runMirrorJob } from '../support/nvd-mirror.ts'

// NVD's JSON 2.0 feeds when API mirroring is off (dt-behaviour §2.6; 4.13.6 reads
// nvdcve-2.0-<year>.json.gz), the .meta check, nvd.api.download.feeds, and uploaded NVD files.

let server: TestServer
let nvd: NvdFake

const gzDownloads = () => nvd.feedRequests.filter((request) => request.endsWith('.json.gz'))
const storedIds = async () => (await nvdVulnerabilities(server)).map((row) => row.vuln_id)

beforeAll(async () => {
  server = await startApiServer()
  nvd = await startNvdFake()
  await configureSources(server, {
    'nvd.enabled': 'true',
    'nvd.api.enabled': 'false',
    'nvd.api.url': nvd.apiUrl,
    'nvd.feeds.url': nvd.feedsUrl,
    'epss.enabled': 'false',
  })
})

afterAll(async () => {
  await server?.close()
  await nvd?.close()
})

describe('mirroring the feeds', () => {
  it('reads every year from 2002 and then the modified feed, the newest record winning', async () => {
    nvd.setFeed('2022', [
      fakeCve('CVE-2022-0001', '2022-05-01T00:00:00.000'),
      fakeCve('CVE-2022-0002', '2022-05-01T00:00:00.000', { description: 'As first published.' }),
    ])
    nvd.setFeed('2024', [fakeCve('CVE-2024-0003', '2024-05-01T00:00:00.000')])
    nvd.setFeed('modified', [
      fakeCve('CVE-2022-0002', '2025-01-02T00:00:00.000', { description: 'As modified.' }),
    ])

    const state = await runMirrorJob(server, 'NVD')
    expect(state.status, state.last_error ?? '').toBe('SUCCEEDED')
    const year = new Date().getUTCFullYear()
    expect(gzDownloads()).toContain('/feeds/json/cve/2.0/nvdcve-2.0-2002.json.gz')
    expect(gzDownloads()).toContain(`/feeds/json/cve/2.0/nvdcve-2.0-${year}.json.gz`)
    expect(gzDownloads().at(-1)).toBe('/feeds/json/cve/2.0/nvdcve-2.0-modified.json.gz')
    expect(gzDownloads()).toHaveLength(year - 2002 + 2)

    expect(await storedIds()).toEqual(['CVE-2022-0001', 'CVE-2022-0002', 'CVE-2024-0003'])
    const modified = (await nvdVulnerabilities(server)).find((r) => r.vuln_id === 'CVE-2022-0002')
    expect(modified!.description).toBe('As modified.')
    expect(
      fs.existsSync(path.join(server.dataDir, 'mirror/nvd/feeds/nvdcve-2.0-2022.json.gz')),
    ).toBe(true)
  })

  it('skips feeds whose .meta is unchanged and fetches only the changed one', async () => {
    nvd.feedRequests = []
    nvd.setFeed('modified', [
      fakeCve('CVE-2022-0002', '2025-02-03T00:00:00.000', { description: 'Modified again.' }),
    ])
    const state = await runMirrorJob(server, 'NVD')
    expect(state.status, state.last_error ?? '').toBe('SUCCEEDED')
    expect(gzDownloads()).toEqual(['/feeds/json/cve/2.0/nvdcve-2.0-modified.json.gz'])
    expect(nvd.feedRequests.filter((request) => request.endsWith('.meta')).length).toBeGreaterThan(
      20,
    )
    const modified = (await nvdVulnerabilities(server)).find((r) => r.vuln_id === 'CVE-2022-0002')
    expect(modified!.description).toBe('Modified again.')
  })

  it('refuses a feed that does not match its .meta and keeps what is stored', async () => {
    nvd.setFeed('2023', [fakeCve('CVE-2023-0009', '2023-05-01T00:00:00.000')], {
      mismatchMeta: true,
    })
    const state = await runMirrorJob(server, 'NVD')
    expect(state.status).toBe('FAILED')
    expect(state.last_error).toMatch(/NVD feed 2023 does not match its \.meta/)
    expect(await storedIds()).toEqual(['CVE-2022-0001', 'CVE-2022-0002', 'CVE-2024-0003'])
    nvd.setFeed('2023', [fakeCve('CVE-2023-0009', '2023-05-01T00:00:00.000')])
    expect((await runMirrorJob(server, 'NVD')).status).toBe('SUCCEEDED')
    expect(await storedIds()).toContain('CVE-2023-0009')
  })

  it('with API mirroring and nvd.api.download.feeds, keeps the feed files without importing them', async () => {
    await configureSources(server, {
      'nvd.api.enabled': 'true',
      'nvd.api.download.feeds': 'true',
      'nvd.api.last.modified.epoch.seconds': '0',
    })
    nvd.cves = [fakeCve('CVE-2025-0100', '2025-03-01T00:00:00.000')]
    nvd.setFeed('2021', [fakeCve('CVE-2021-0500', '2021-05-01T00:00:00.000')])
    nvd.feedRequests = []

    const state = await runMirrorJob(server, 'NVD')
    expect(state.status, state.last_error ?? '').toBe('SUCCEEDED')
    expect(gzDownloads()).toEqual(['/feeds/json/cve/2.0/nvdcve-2.0-2021.json.gz'])
    const kept = path.join(server.dataDir, 'mirror/nvd/feeds/nvdcve-2.0-2021.json.gz')
    expect(fs.existsSync(kept)).toBe(true)
    const ids = await storedIds()
    expect(ids).toContain('CVE-2025-0100')
    expect(ids).not.toContain('CVE-2021-0500')
    await configureSources(server, {
      'nvd.api.enabled': 'false',
      'nvd.api.download.feeds': 'false',
    })
  })

  it('imports a feed downloaded earlier for the API mirror once feeds mirroring is on', async () => {
    nvd.feedRequests = []
    const state = await runMirrorJob(server, 'NVD')
    expect(state.status, state.last_error ?? '').toBe('SUCCEEDED')
    expect(gzDownloads()).toEqual([])
    expect(await storedIds()).toContain('CVE-2021-0500')
  })
})

describe('uploaded NVD files', () => {
  const uploads = () => path.join(server.dataDir, 'mirror', 'uploads')
  const write = (name: string, content: string | Buffer) => {
    fs.mkdirSync(uploads(), { recursive: true })
    const file = path.join(uploads(), name)
    fs.writeFileSync(file, content)
    return file
  }
  const feedJson = (cves: ReturnType<typeof fakeCve>[]) =>
    JSON.stringify({
      resultsPerPage: cves.length,
      startIndex: 0,
      totalResults: cves.length,
      format: 'NVD_CVE',
      version: '2.0',
      timestamp: '2025-08-25T03:00:52.6764605',
      vulnerabilities: cves.map((cve) => ({ cve })),
    })

  it('imports a gzipped feed file with the mirror mapping', async () => {
    const file = write(
      'nvdcve-2.0-2019.json.gz',
      gzipSync(feedJson([fakeCve('CVE-2019-1111', '2019-05-01T00:00:00.000')])),
    )
    const state = await runMirrorJob(server, 'NVD', file)
    expect(state.status, state.last_error ?? '').toBe('SUCCEEDED')
    const row = (await nvdVulnerabilities(server)).find((r) => r.vuln_id === 'CVE-2019-1111')
    expect(row).toMatchObject({ severity: 'CRITICAL', cwes: [787] })
  })

  it('imports an API page dump', async () => {
    const dump = JSON.stringify({
      vulnerabilities: [{ cve: fakeCve('CVE-2018-2222', '2018-05-01T00:00:00.000') }],
    })
    const state = await runMirrorJob(server, 'NVD', write('page.json', dump))
    expect(state.status, state.last_error ?? '').toBe('SUCCEEDED')
    expect(await storedIds()).toContain('CVE-2018-2222')
  })

  it('imports even when the NVD mirror is switched off', async () => {
    await configureSources(server, { 'nvd.enabled': 'false' })
    const dump = JSON.stringify({
      vulnerabilities: [{ cve: fakeCve('CVE-2017-3333', '2017-05-01T00:00:00.000') }],
    })
    const state = await runMirrorJob(server, 'NVD', write('offline.json', dump))
    expect(state.status, state.last_error ?? '').toBe('SUCCEEDED')
    expect(await storedIds()).toContain('CVE-2017-3333')
    await configureSources(server, { 'nvd.enabled': 'true' })
  })

  it('refuses other files with a message that says what was expected', async () => {
    const before = await storedIds()
    const csv = await runMirrorJob(
      server,
      'NVD',
      write('scores.csv', 'cve,epss,percentile\nCVE-2022-1954,0.1,0.2\n'),
    )
    expect(csv.status).toBe('FAILED')
    expect(csv.last_error).toMatch(/NVD file scores\.csv is not an NVD JSON 2\.0 feed or API page/)

    const osv = await runMirrorJob(
      server,
      'NVD',
      write('osv.json', JSON.stringify({ id: 'GHSA-aaaa-bbbb-cccc', affected: [] })),
    )
    expect(osv.status).toBe('FAILED')
    expect(osv.last_error).toMatch(/NVD file osv\.json holds no CVEs/)

    const wrongItems = await runMirrorJob(
      server,
      'NVD',
      write('items.json', JSON.stringify({ vulnerabilities: [{ id: 'GHSA-aaaa-bbbb-cccc' }] })),
    )
    expect(wrongItems.status).toBe('FAILED')
    expect(wrongItems.last_error).toMatch(/NVD file items\.json, item 0: not an NVD CVE item/)
    expect(await storedIds()).toEqual(before)
  })
})
