import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { epssCsv, startEpssFake, type EpssFake } from '../support/fakes/epss.ts'
import { fakeCve, startNvdFake, type NvdFake } from '../support/fakes/nvd.ts'
import { configureSources, epssScores, mirrorStateOf, runMirrorJob } from '../support/nvd-mirror.ts'

// EPSS (dt-behaviour §2.6): the daily CSV (gzip) from epss.feeds.url, after the NVD mirror, at
// most every two days unless asked; and uploaded EPSS files.

let server: TestServer
let nvd: NvdFake
let epss: EpssFake

beforeAll(async () => {
  server = await startApiServer()
  nvd = await startNvdFake()
  nvd.cves = [
    fakeCve('CVE-2024-23113', '2024-10-10T01:00:01.433'),
    fakeCve('CVE-2022-1954', '2024-05-01T00:00:00.000'),
  ]
  epss = await startEpssFake(
    epssCsv([
      ['CVE-2022-1954', 0.00043, 0.09921],
      ['CVE-2024-23113', 0.94263, 0.99932],
      ['CVE-1999-0001', 0.01297, 0.79248],
    ]),
  )
  await configureSources(server, {
    'nvd.enabled': 'true',
    'nvd.api.enabled': 'true',
    'nvd.api.url': nvd.apiUrl,
    'nvd.api.key': 'epss-test-key',
    'nvd.feeds.url': nvd.feedsUrl,
    'epss.enabled': 'true',
    'epss.feeds.url': epss.url,
  })
})

afterAll(async () => {
  await server?.close()
  await nvd?.close()
  await epss?.close()
})

describe('EPSS after the NVD mirror', () => {
  it('imports the scores once the NVD run has finished', async () => {
    const state = await runMirrorJob(server, 'NVD')
    expect(state.status, state.last_error ?? '').toBe('SUCCEEDED')
    expect(epss.downloads).toBe(1)
    expect(await epssScores(server)).toEqual([
      { cve_id: 'CVE-1999-0001', score: 0.01297, percentile: 0.79248 },
      { cve_id: 'CVE-2022-1954', score: 0.00043, percentile: 0.09921 },
      { cve_id: 'CVE-2024-23113', score: 0.94263, percentile: 0.99932 },
    ])
    const epssState = await mirrorStateOf(server, 'EPSS')
    expect(epssState).toMatchObject({ status: 'SUCCEEDED', records_done: 3 })
    expect(epssState!.last_success_at).not.toBeNull()
  })

  it('does not fetch the scores again within two days of the last import', async () => {
    const state = await runMirrorJob(server, 'NVD')
    expect(state.status, state.last_error ?? '').toBe('SUCCEEDED')
    expect(epss.downloads).toBe(1)
  })

  it('fetches them at once when EPSS itself is asked to mirror', async () => {
    epss.csv = epssCsv([['CVE-2022-1954', 0.5, 0.75]])
    const state = await runMirrorJob(server, 'EPSS')
    expect(state.status, state.last_error ?? '').toBe('SUCCEEDED')
    expect(epss.downloads).toBe(2)
    expect(Number(state.records_done)).toBe(1)
    const scores = await epssScores(server)
    expect(scores.find((row) => row.cve_id === 'CVE-2022-1954')).toEqual({
      cve_id: 'CVE-2022-1954',
      score: 0.5,
      percentile: 0.75,
    })
    // Scores the current file no longer lists are kept, as 4.13 never clears EPSS values.
    expect(scores).toHaveLength(3)
  })

  it('records an EPSS failure on EPSS without failing the NVD run', async () => {
    await server.lookout.ctx!.db.query(
      `UPDATE mirror_state SET last_success_at = now() - interval '3 days' WHERE source = 'EPSS'`,
    )
    await configureSources(server, { 'epss.feeds.url': `${epss.url}missing/` })
    const state = await runMirrorJob(server, 'NVD')
    expect(state.status, state.last_error ?? '').toBe('SUCCEEDED')
    const epssState = await mirrorStateOf(server, 'EPSS')
    expect(epssState!.status).toBe('FAILED')
    expect(epssState!.last_error).toMatch(/epss_scores-current\.csv\.gz answered HTTP 404/)
    await configureSources(server, { 'epss.feeds.url': epss.url })
  })
})

describe('uploaded EPSS files', () => {
  const write = (name: string, content: string | Buffer) => {
    const dir = path.join(server.dataDir, 'mirror', 'uploads')
    fs.mkdirSync(dir, { recursive: true })
    fs.writeFileSync(path.join(dir, name), content)
    return path.join(dir, name)
  }

  it('imports a plain CSV', async () => {
    const file = write('epss.csv', epssCsv([['CVE-2024-23113', 0.9, 0.99]]))
    const state = await runMirrorJob(server, 'EPSS', file)
    expect(state.status, state.last_error ?? '').toBe('SUCCEEDED')
    const row = (await epssScores(server)).find((score) => score.cve_id === 'CVE-2024-23113')
    expect(row).toMatchObject({ score: 0.9, percentile: 0.99 })
  })

  it('imports a gzipped CSV', async () => {
    const file = write('epss.csv.gz', gzipSync(epssCsv([['CVE-2021-44228', 0.97, 0.9999]])))
    const state = await runMirrorJob(server, 'EPSS', file)
    expect(state.status, state.last_error ?? '').toBe('SUCCEEDED')
    expect((await epssScores(server)).map((row) => row.cve_id)).toContain('CVE-2021-44228')
  })

  it('refuses anything else with a clear message', async () => {
    const before = await epssScores(server)
    const state = await runMirrorJob(
      server,
      'EPSS',
      write('feed.json', JSON.stringify({ vulnerabilities: [] })),
    )
    expect(state.status).toBe('FAILED')
    expect(state.last_error).toMatch(
      /feed\.json: not an EPSS scores CSV: line 1 should be the header "cve,epss,percentile"/,
    )
    expect(await epssScores(server)).toEqual(before)
  })
})
