import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fakeCve, startNvdFake, type NvdFake } from '../../../../tests/support/fakes/nvd.ts'
import type { MirrorStateRow } from '../../../data/mirror-state.ts'
import { createLogger } from '../../../logger.ts'
import { parseFeedMeta } from './nvd-feeds.ts'
import { createNvdMirror } from './nvd.ts'
import type { MirrorBatch, MirrorRunContext } from './source.ts'

// The NVD client with its knobs turned (no real waiting, small batches), against a loopback NVD
// and a recording run context: waits between requests, resuming inside a feed or a file.

let nvd: NvdFake
let workDir: string

beforeAll(async () => {
  nvd = await startNvdFake()
  workDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'lookout-nvd-unit-'))
})
afterAll(async () => {
  await nvd.close()
  await fs.promises.rm(workDir, { recursive: true, force: true })
})

/** Just enough database for the NVD marker (which feed contents were imported). */
function markerDatabase() {
  let marker: unknown = null
  return {
    query: async (sql: string, params: unknown[] = []) => {
      if (sql.includes('INSERT INTO mirror_state')) marker = JSON.parse(String(params[1]))
      return sql.startsWith('SELECT marker') && marker !== null ? [{ marker }] : []
    },
  }
}

function recordingContext(config: Record<string, string>, position: unknown = null) {
  const commits: MirrorBatch[] = []
  const sleeps: number[] = []
  const context: MirrorRunContext = {
    db: markerDatabase() as never,
    config: async (_group, name) => config[name] ?? null,
    logger: createLogger('silent'),
    state: { position, records_done: 0 } as MirrorStateRow,
    workDir,
    fetch,
    commit: async (batch) => {
      commits.push(batch)
    },
    step: async () => undefined,
    sleep: async (ms) => {
      sleeps.push(ms)
    },
  }
  const committedIds = () => commits.flatMap((batch) => batch.records ?? []).map((r) => r.vulnId)
  return { context, commits, sleeps, committedIds }
}

const cves = (count: number, year: number) =>
  Array.from({ length: count }, (_, i) =>
    fakeCve(`CVE-${year}-${1000 + i}`, '2024-01-01T00:00:00.000'),
  )

describe('pacing and retries', () => {
  beforeAll(() => {
    nvd.cves = cves(5, 2023)
    nvd.maxPageSize = 2
  })

  it('waits 6.5 s between requests and before a retry without an API key', async () => {
    nvd.nextStatuses = [429]
    const { context, sleeps, committedIds } = recordingContext({
      'nvd.api.enabled': 'true',
      'nvd.api.url': nvd.apiUrl,
    })
    await createNvdMirror().run(context)
    expect(committedIds()).toHaveLength(5)
    expect(sleeps.length).toBeGreaterThanOrEqual(3)
    for (const ms of sleeps) {
      expect(ms).toBeGreaterThan(6000)
      expect(ms).toBeLessThanOrEqual(6500)
    }
  })

  it('waits 600 ms with an API key', async () => {
    const { context, sleeps } = recordingContext({
      'nvd.api.enabled': 'true',
      'nvd.api.url': nvd.apiUrl,
      'nvd.api.key': 'a-key',
    })
    await createNvdMirror().run(context)
    expect(sleeps.length).toBeGreaterThanOrEqual(2)
    for (const ms of sleeps) expect(ms).toBeLessThanOrEqual(600)
    expect(Math.max(...sleeps)).toBeGreaterThan(100)
  })

  it('gives up after the configured retries with the status in the error', async () => {
    nvd.nextStatuses = [503, 503, 503]
    const { context, sleeps } = recordingContext({
      'nvd.api.enabled': 'true',
      'nvd.api.url': nvd.apiUrl,
    })
    await expect(createNvdMirror({ retries: 2, delayMs: () => 5 }).run(context)).rejects.toThrow(
      'NVD API page all CVEs, startIndex 0 answered HTTP 503 after 3 attempts',
    )
    expect(sleeps).toEqual([5, 5])
  })
})

describe('resuming inside a feed', () => {
  it('reads past the CVEs a stopped run committed and skips the feeds before', async () => {
    nvd.setFeed('2022', cves(5, 2022))
    const metaText = await (await fetch(`${nvd.feedsUrl}/json/cve/2.0/nvdcve-2.0-2022.meta`)).text()
    const meta = parseFeedMeta(metaText)!
    nvd.feedRequests = []
    const { context, commits, committedIds } = recordingContext(
      { 'nvd.feeds.url': nvd.feedsUrl },
      { kind: 'nvd-feeds', base: nvd.feedsUrl, feed: '2022', sha256: meta.sha256, items: 2 },
    )
    const mirror = createNvdMirror({ pageSize: 2, now: () => new Date('2022-06-01T00:00:00Z') })
    await mirror.run(context)
    expect(nvd.feedRequests[0]).toBe('/feeds/json/cve/2.0/nvdcve-2.0-2022.meta')
    expect(committedIds()).toEqual(['CVE-2022-1002', 'CVE-2022-1003', 'CVE-2022-1004'])
    expect(commits.at(-1)!.position).toMatchObject({ feed: '2022', items: 5 })
  })

  it('starts the feed over when it changed since the run stopped', async () => {
    const { context, committedIds } = recordingContext(
      { 'nvd.feeds.url': nvd.feedsUrl },
      { kind: 'nvd-feeds', base: nvd.feedsUrl, feed: '2022', sha256: '0'.repeat(64), items: 2 },
    )
    nvd.setFeed('2022', cves(3, 2022))
    await createNvdMirror({ now: () => new Date('2022-06-01T00:00:00Z') }).run(context)
    expect(committedIds()).toEqual(['CVE-2022-1000', 'CVE-2022-1001', 'CVE-2022-1002'])
  })
})

describe('importing a file', () => {
  it('commits batch by batch, stops at a broken item, and resumes after the last batch', async () => {
    const items = cves(5, 2021).map((cve) => ({ cve })) as unknown[]
    items[3] = { cve: { id: 'broken' } }
    const file = path.join(workDir, 'dump.json')
    await fs.promises.writeFile(file, JSON.stringify({ vulnerabilities: items }))
    const mirror = createNvdMirror({ pageSize: 2 })

    const first = recordingContext({})
    await expect(mirror.importFile(first.context, file)).rejects.toThrow(
      'NVD file dump.json, item 3: not an NVD CVE item',
    )
    expect(first.committedIds()).toEqual(['CVE-2021-1000', 'CVE-2021-1001'])
    const stopped = first.commits.at(-1)!.position
    expect(stopped).toEqual({ kind: 'nvd-file', file, items: 2 })

    items[3] = { cve: fakeCve('CVE-2021-1003', '2024-01-01T00:00:00.000') }
    await fs.promises.writeFile(file, JSON.stringify({ vulnerabilities: items }))
    const second = recordingContext({}, stopped)
    await mirror.importFile(second.context, file)
    expect(second.committedIds()).toEqual(['CVE-2021-1002', 'CVE-2021-1003', 'CVE-2021-1004'])
  })

  it('says which file is missing', async () => {
    await expect(
      createNvdMirror().importFile(recordingContext({}).context, path.join(workDir, 'gone.json')),
    ).rejects.toThrow('The NVD file gone.json is missing')
  })
})
