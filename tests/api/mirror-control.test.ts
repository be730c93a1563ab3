import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mirrorSources } from '../../server/domain/vulnerabilities/mirror/registry.ts'
import { MIRROR_JOB, scheduleDueMirrors } from '../../server/domain/vulnerabilities/mirror/run.ts'
import type {
  MirrorRunContext,
  MirrorSource,
  MirrorSourceName,
} from '../../server/domain/vulnerabilities/mirror/source.ts'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'

// Lookout's own mirror control (beyond 4.13; the agreed contract of issue 9): GET /v1/mirror,
// POST /v1/mirror/{source} ("Mirror now"), POST /v1/mirror/{source}/file (bulk upload), and the
// config-change hook on /v1/configProperty. The registry's sources are replaced by fakes here, so
// the tests own every outcome and nothing reaches a network.

const UPLOAD_LIMIT = 64 * 1024
const SOURCES = ['NVD', 'GITHUB', 'OSV', 'EPSS', 'KEV'] as const

/** A promise with its resolver, to hold a run until the test lets it go. */
function gate() {
  let open!: () => void
  const promise = new Promise<void>((resolve) => {
    open = resolve
  })
  return { promise, open }
}

/** A mirror source whose runs and imports the test steers and records. */
class FakeSource implements MirrorSource {
  cadenceProperty = null
  defaultCadenceHours = 24
  initialDelayMs = 10 * 60_000
  events: string[] = []
  imports: Array<{ file: string; content: string }> = []
  hold: Promise<void> = Promise.resolve()
  failWith: string | undefined

  constructor(
    readonly name: MirrorSourceName,
    private readonly enabledProperty: string,
  ) {}

  async isEnabled(config: MirrorRunContext['config']) {
    const value = await config('vuln-source', this.enabledProperty)
    return this.name === 'OSV' ? Boolean(value) : value === 'true'
  }

  async run(context: MirrorRunContext) {
    this.events.push('run:start')
    await context.step('Downloading', 2)
    await this.hold
    if (this.failWith) throw new Error(this.failWith)
    await context.commit({ position: { page: 1 }, recordCount: 2, currentStep: 'Page 1 of 1' })
    this.events.push('run:end')
  }

  async importFile(context: MirrorRunContext, file: string) {
    this.events.push('import:start')
    const content = await fs.readFile(file, 'utf8')
    this.imports.push({ file, content })
    if (content === 'corrupt') throw new Error('The file is not a KEV catalogue')
    await context.commit({ position: null, recordCount: 1, currentStep: 'Imported' })
  }
}

const fakes = {
  NVD: new FakeSource('NVD', 'nvd.enabled'),
  GITHUB: new FakeSource('GITHUB', 'github.advisories.enabled'),
  OSV: new FakeSource('OSV', 'google.osv.enabled'),
  EPSS: new FakeSource('EPSS', 'epss.enabled'),
  KEV: new FakeSource('KEV', 'kev.enabled'),
} satisfies Record<MirrorSourceName, FakeSource>
const realSources = { ...mirrorSources }

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
let viewerKey: string

const sql = <Row = Record<string, any>>(text: string, params: unknown[] = []) =>
  server.lookout.ctx!.db.query<Row>(text, params)

async function jobsOf(source: MirrorSourceName) {
  return sql<{ chain_id: string; status: string; run_at: Date; payload: any }>(
    `SELECT chain_id, status, run_at, payload FROM job
     WHERE kind = $1 AND payload->>'source' = $2 ORDER BY id`,
    [MIRROR_JOB, source],
  )
}

async function status(source: MirrorSourceName) {
  const response = await api.request('GET', '/v1/mirror', { token: adminJwt })
  expect(response.status).toBe(200)
  return (response.json as Array<Record<string, any>>).find((entry) => entry.source === source)!
}

async function processing(token: string) {
  const response = await api.request('GET', `/v1/event/token/${token}`, { token: adminJwt })
  expect(response.status).toBe(200)
  return response.json.processing as boolean
}

async function settle(token: string) {
  await expect.poll(() => processing(token), { timeout: 20_000, interval: 100 }).toBe(false)
}

function setProperty(propertyName: string, propertyValue: string | null) {
  return api.request('POST', '/v1/configProperty', {
    token: adminJwt,
    json: { groupName: 'vuln-source', propertyName, propertyValue },
  })
}

async function upload(
  source: string,
  file: { name: string; content: string | Uint8Array<ArrayBuffer> } | undefined,
  credentials: Record<string, string> = { Authorization: `Bearer ${adminJwt}` },
) {
  const form = new FormData()
  form.append('note', 'ignored')
  if (file) form.append('file', new Blob([file.content]), file.name)
  const response = await fetch(`${server.baseUrl}/api/v1/mirror/${source}/file`, {
    method: 'POST',
    headers: credentials,
    body: form,
  })
  const text = await response.text()
  const isJson = /json/.test(response.headers.get('content-type') ?? '')
  return { status: response.status, text, json: isJson ? JSON.parse(text) : undefined }
}

const uploadsDir = () => path.join(server.dataDir, 'mirror', 'uploads')
const storedUploads = async () => fs.readdir(uploadsDir()).catch(() => [] as string[])

beforeAll(async () => {
  Object.assign(mirrorSources, fakes)
  server = await startApiServer({ LOOKOUT_MIRROR_UPLOAD_LIMIT_BYTES: String(UPLOAD_LIMIT) })
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
  const team = await api.request('PUT', '/v1/team', { token: adminJwt, json: { name: 'viewers' } })
  await api.request('POST', `/v1/permission/VIEW_PORTFOLIO/team/${team.json.uuid}`, {
    token: adminJwt,
  })
  const key = await api.request('PUT', `/v1/team/${team.json.uuid}/key`, { token: adminJwt })
  viewerKey = key.json.key
})

afterAll(async () => {
  await server?.close()
  Object.assign(mirrorSources, realSources)
})

describe('who may use it', () => {
  it('answers 401 without credentials and 403 without SYSTEM_CONFIGURATION, queueing nothing', async () => {
    expect((await api.request('GET', '/v1/mirror')).status).toBe(401)
    expect((await api.request('POST', '/v1/mirror/NVD')).status).toBe(401)
    expect((await upload('NVD', { name: 'a.json', content: '{}' }, {})).status).toBe(401)

    expect((await api.request('GET', '/v1/mirror', { apiKey: viewerKey })).status).toBe(403)
    expect((await api.request('POST', '/v1/mirror/NVD', { apiKey: viewerKey })).status).toBe(403)
    const refused = await upload(
      'NVD',
      { name: 'a.json', content: '{}' },
      { 'X-Api-Key': viewerKey },
    )
    expect(refused.status).toBe(403)

    expect(await jobsOf('NVD')).toEqual([])
    expect(await storedUploads()).toEqual([])
  })

  it('answers 404 naming the sources for one it does not know', async () => {
    for (const response of [
      await api.request('POST', '/v1/mirror/VULNDB', { token: adminJwt }),
      await upload('VULNDB', { name: 'a.json', content: '{}' }),
    ]) {
      expect(response.status).toBe(404)
      expect(response.text).toBe(
        'The vulnerability source VULNDB could not be found. Sources: NVD, GITHUB, OSV, EPSS, KEV.',
      )
    }
    expect(await storedUploads()).toEqual([])
  })
})

describe('GET /v1/mirror', () => {
  it('lists every source, enabled as configured, idle before its first run', async () => {
    const response = await api.request('GET', '/v1/mirror', { token: adminJwt })
    expect(response.status).toBe(200)
    expect(response.json.map((entry: { source: string }) => entry.source)).toEqual(SOURCES)
    const bySource = Object.fromEntries(
      response.json.map((entry: { source: string }) => [entry.source, entry]),
    )
    // 4.13's defaults: NVD and EPSS on, GitHub off, OSV off until an ecosystem is chosen.
    expect(bySource.NVD).toEqual({ source: 'NVD', enabled: true, status: 'IDLE', recordsDone: 0 })
    expect(bySource.GITHUB).toMatchObject({ enabled: false, status: 'IDLE' })
    expect(bySource.OSV).toMatchObject({ enabled: false, status: 'IDLE' })
    expect(bySource.EPSS).toMatchObject({ enabled: true, status: 'IDLE' })
  })
})

describe('Mirror now', () => {
  it('queues one run even when pressed twice, reports it through its token, then shows its outcome', async () => {
    const held = gate()
    fakes.NVD.hold = held.promise
    const first = await api.request('POST', '/v1/mirror/NVD', { token: adminJwt })
    expect(first.status).toBe(202)
    const token = first.json.token as string
    await expect.poll(() => fakes.NVD.events.length, { timeout: 10_000 }).toBe(1)
    const second = await api.request('POST', '/v1/mirror/nvd', { token: adminJwt })
    expect(second.status).toBe(202)
    expect(second.json).toEqual({ token })
    expect(await jobsOf('NVD')).toHaveLength(1)
    expect(await processing(token)).toBe(true)
    await expect
      .poll(() => status('NVD'), { timeout: 10_000 })
      .toMatchObject({ status: 'RUNNING', currentStep: 'Downloading', recordsTotal: 2 })

    held.open()
    await settle(token)
    const done = await status('NVD')
    expect(done).toMatchObject({ status: 'SUCCEEDED', recordsDone: 2, recordsTotal: 2 })
    expect(done.currentStep).toBeUndefined()
    expect(done.lastSuccessAt).toBeGreaterThanOrEqual(done.startedAt)
    expect(done.finishedAt).toBeGreaterThanOrEqual(done.startedAt)
    expect(fakes.NVD.events).toEqual(['run:start', 'run:end'])
  })

  it('brings a run waiting for its scheduled time forward instead of queueing another', async () => {
    const ctx = server.lookout.ctx!
    await scheduleDueMirrors({ db: ctx.db, encryptionKey: new Uint8Array(32) }, ctx.enqueue, {
      atStartup: true,
    })
    const [waiting] = await jobsOf('EPSS')
    expect(waiting!.status).toBe('queued')
    expect(new Date(waiting!.run_at).getTime()).toBeGreaterThan(Date.now() + 5 * 60_000)

    const response = await api.request('POST', '/v1/mirror/EPSS', { token: adminJwt })
    expect(response.status).toBe(202)
    expect(response.json.token).toBe(waiting!.chain_id)
    await settle(waiting!.chain_id)
    expect(await jobsOf('EPSS')).toHaveLength(1)
    expect(fakes.EPSS.events).toEqual(['run:start', 'run:end'])
    expect(await status('EPSS')).toMatchObject({ status: 'SUCCEEDED', recordsDone: 2 })
  })

  it('records a failed run with its error, and refuses a disabled source with 409', async () => {
    fakes.EPSS.failWith = 'EPSS feed answered 503'
    try {
      const response = await api.request('POST', '/v1/mirror/EPSS', { token: adminJwt })
      expect(response.status).toBe(202)
      await expect
        .poll(async () => (await status('EPSS')).status, { timeout: 10_000 })
        .toBe('FAILED')
      const failed = await status('EPSS')
      expect(failed.lastError).toBe('EPSS feed answered 503')
      expect(failed.lastErrorAt).toBeGreaterThanOrEqual(failed.startedAt)
    } finally {
      fakes.EPSS.failWith = undefined
    }

    const refused = await api.request('POST', '/v1/mirror/GITHUB', { token: adminJwt })
    expect(refused.status).toBe(409)
    expect(refused.text).toBe('The GITHUB mirror is disabled. Enable it in its settings first.')
    expect(await jobsOf('GITHUB')).toEqual([])
  })
})

describe('changing a source’s settings', () => {
  it('queues the mirror of an enabled source whose settings changed, and nothing else', async () => {
    const enabled = await setProperty('github.advisories.enabled', 'true')
    expect(enabled.status).toBe(200)
    const [queued] = await jobsOf('GITHUB')
    expect(queued).toBeDefined()
    await settle(queued!.chain_id)
    expect(fakes.GITHUB.events).toEqual(['run:start', 'run:end'])

    // The same value again, the mirror's own incremental marker, another group: no run.
    await setProperty('github.advisories.enabled', 'true')
    await setProperty('github.advisories.last.modified.epoch.seconds', '1700000000')
    await api.request('POST', '/v1/configProperty', {
      token: adminJwt,
      json: {
        groupName: 'task-scheduler',
        propertyName: 'ghsa.mirror.cadence',
        propertyValue: '12',
      },
    })
    expect(await jobsOf('GITHUB')).toHaveLength(1)

    // Through the aggregate: a disabled source does not run; a changed enabled one runs now
    // (NVD's run waiting for its start-up delay since the previous test is brought forward).
    const epssJobs = (await jobsOf('EPSS')).length
    const nvdJobs = (await jobsOf('NVD')).length
    fakes.NVD.events = []
    const response = await api.request('POST', '/v1/configProperty/aggregate', {
      token: adminJwt,
      json: [
        { groupName: 'vuln-source', propertyName: 'epss.enabled', propertyValue: 'false' },
        {
          groupName: 'vuln-source',
          propertyName: 'epss.feeds.url',
          propertyValue: 'http://127.0.0.1:9/',
        },
        { groupName: 'vuln-source', propertyName: 'nvd.api.key', propertyValue: 'a-new-key' },
        {
          groupName: 'vuln-source',
          propertyName: 'nvd.api.url',
          propertyValue: 'http://127.0.0.1:9/cves',
        },
      ],
    })
    expect(response.status).toBe(200)
    expect(await jobsOf('EPSS')).toHaveLength(epssJobs)
    await expect.poll(() => fakes.NVD.events, { timeout: 10_000 }).toEqual(['run:start', 'run:end'])
    expect(await jobsOf('NVD')).toHaveLength(nvdJobs)
    expect(await status('EPSS')).toMatchObject({ enabled: false })
  })
})

describe('POST /v1/mirror/{source}/file', () => {
  it('stores the file, imports it through the source (even one switched off) and deletes it', async () => {
    const response = await upload('OSV', { name: '../../Go all.zip', content: 'osv-bulk' })
    expect(response.status).toBe(202)
    await settle(response.json.token)
    expect(fakes.OSV.imports).toHaveLength(1)
    const imported = fakes.OSV.imports[0]!
    expect(imported.content).toBe('osv-bulk')
    expect(path.dirname(imported.file)).toBe(uploadsDir())
    expect(path.basename(imported.file)).toMatch(/^[0-9a-f-]{36}-Go_all\.zip$/)
    expect(await storedUploads()).toEqual([])
    expect(await status('OSV')).toMatchObject({
      enabled: false,
      status: 'SUCCEEDED',
      recordsDone: 1,
    })
  })

  it('records an import that fails and deletes its file too', async () => {
    const response = await upload('KEV', { name: 'kev.json', content: 'corrupt' })
    expect(response.status).toBe(202)
    await settle(response.json.token)
    expect(await storedUploads()).toEqual([])
    expect(await status('KEV')).toMatchObject({
      status: 'FAILED',
      lastError: 'The file is not a KEV catalogue',
    })
  })

  it('waits while a mirror run of the same source is under way', async () => {
    const held = gate()
    fakes.NVD.hold = held.promise
    fakes.NVD.events = []
    const run = await api.request('POST', '/v1/mirror/NVD', { token: adminJwt })
    await expect.poll(() => fakes.NVD.events, { timeout: 10_000 }).toEqual(['run:start'])
    const imported = await upload('NVD', { name: 'nvdcve-2.0-2024.json.gz', content: 'feed' })
    expect(imported.status).toBe(202)
    expect(await storedUploads()).toHaveLength(1)
    // Both workers' slots are free for it, yet it does not start beside the run.
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(fakes.NVD.events).toEqual(['run:start'])
    held.open()
    await settle(run.json.token)
    await settle(imported.json.token)
    expect(fakes.NVD.events).toEqual(['run:start', 'run:end', 'import:start'])
    expect(await storedUploads()).toEqual([])
  })

  it('refuses a file over the limit with 413 and stores and queues nothing', async () => {
    const jobs = (await jobsOf('KEV')).length
    const response = await upload('KEV', {
      name: 'kev.json',
      content: new Uint8Array(UPLOAD_LIMIT * 3).fill(65),
    })
    expect(response.status).toBe(413)
    expect(response.json).toMatchObject({ status: 413, title: 'Payload too large' })
    expect(response.json.detail).toContain(`(${UPLOAD_LIMIT} bytes)`)
    expect(await storedUploads()).toEqual([])
    expect(await jobsOf('KEV')).toHaveLength(jobs)
  })

  it('answers 400 without a file or with an empty one, and 415 for another media type', async () => {
    const missing = await upload('KEV', undefined)
    expect(missing.status).toBe(400)
    expect(missing.text).toBe('Send the bulk file as the multipart/form-data field "file".')
    const empty = await upload('KEV', { name: 'kev.json', content: '' })
    expect(empty.status).toBe(400)
    expect(empty.text).toBe('The uploaded file is empty.')
    const json = await api.request('POST', '/v1/mirror/KEV/file', { token: adminJwt, json: {} })
    expect(json.status).toBe(415)
    expect(await storedUploads()).toEqual([])
  })
})
