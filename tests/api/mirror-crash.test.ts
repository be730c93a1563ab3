import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { fakeCve, startNvdFake, type NvdFake } from '../support/fakes/nvd.ts'
import { startLookoutProcess } from '../support/lookout-process.ts'
import { createScratchDatabase, postgresTestUrl } from '../support/test-database.ts'

// The "a run killed mid-way resumes": a real Lookout process is killed with SIGKILL while
// its NVD mirror retries page 3, and a new process on the same database and data folder takes the
// run over at that page, without fetching pages 1 and 2 again.

let nvd: NvdFake
let dataDir: string
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined
const children: ChildProcess[] = []

beforeAll(async () => {
  nvd = await startNvdFake()
  nvd.maxPageSize = 3
  nvd.cves = Array.from({ length: 9 }, (_, i) =>
    fakeCve(`CVE-2024-${1000 + i}`, '2024-03-01T08:00:00.000'),
  )
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lookout-crash-'))
  const adminUrl = postgresTestUrl()
  scratch = adminUrl ? await createScratchDatabase(adminUrl) : undefined
})

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL')
  await nvd?.close()
  await scratch?.drop()
  await fs.rm(dataDir, { recursive: true, force: true })
})

async function startProcess() {
  const started = await startLookoutProcess({
    LOOKOUT_DATA_DIR: dataDir,
    LOOKOUT_ROLES: 'api,worker',
    // The process killed is the one running the job (a worker process follows its parent only
    // once it notices: tests/api/worker-process.test.ts).
    LOOKOUT_WORKER_PROCESS: 'false',
    LOOKOUT_WORKER_POLL_MS: '50',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  })
  children.push(started.child)
  return started
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

it('a killed process leaves the NVD run to the next one, which resumes at the page it reached', async () => {
  const first = await startProcess()
  const api = apiClient(first.baseUrl)
  const token = await api.adminToken()
  nvd.pageFault = { startIndex: 6, status: 503 }
  const settings = await api.request('POST', '/v1/configProperty/aggregate', {
    token,
    json: [
      ['epss.enabled', 'false'],
      ['kev.enabled', 'false'],
      ['nvd.api.enabled', 'true'],
      ['nvd.api.url', nvd.apiUrl],
      ['nvd.api.key', 'a-key'],
    ].map(([propertyName, propertyValue]) => ({
      groupName: 'vuln-source',
      propertyName,
      propertyValue,
    })),
  })
  expect(settings.status).toBe(200)

  // Changing the NVD settings starts its mirror; page 3 keeps failing, so the run is mid-way.
  await until('page 3 to be asked for', async () =>
    nvd.apiRequests.some((request) => request.startIndex === 6) ? true : undefined,
  )
  first.child.kill('SIGKILL')
  await new Promise((resolve) => first.child.once('exit', resolve))
  const askedBeforeKill = nvd.apiRequests.length
  nvd.pageFault = undefined

  const second = await startProcess()
  const status = await until('the NVD run to finish', async () => {
    const response = await apiClient(second.baseUrl).request('GET', '/v1/mirror', { token })
    const nvdStatus = (response.json as Array<Record<string, unknown>>).find(
      (entry) => entry.source === 'NVD',
    )
    return nvdStatus?.status === 'SUCCEEDED' ? nvdStatus : undefined
  })
  expect(status.recordsDone).toBe(9)
  const askedAfterRestart = nvd.apiRequests.slice(askedBeforeKill)
  expect(askedAfterRestart.map((request) => request.startIndex)).toEqual([6])

  const list = await apiClient(second.baseUrl).request('GET', '/v1/vulnerability?source=NVD', {
    token,
  })
  expect(list.headers.get('x-total-count')).toBe('9')
  second.child.kill('SIGTERM')
}, 90_000)
