import fs from 'node:fs'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { bomOf } from '../support/analysis-fixtures.ts'
import { apiClient } from '../support/api-client.ts'
import { startFakeOssIndex, type FakeOssIndex } from '../support/fakes/ossindex.ts'
import { startLookoutProcess, type LookoutProcess } from '../support/lookout-process.ts'
import { createScratchDatabase, postgresTestUrl } from '../support/test-database.ts'

// Decision 028: on PostgreSQL, `npm start`'s process runs its jobs in a worker process of its own
// at a lower CPU priority; it wakes that process after each enqueue, restarts it when it ends, and
// takes it along when it stops or is killed.

const adminUrl = postgresTestUrl()
const onLinux = fs.existsSync('/proc/self/stat')

/** State and nice value from a /proc stat file (state 'Z' is a zombie: ended, not yet reaped). */
function procStat(statFile: string) {
  const stat = fs.readFileSync(statFile, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return { state: fields[0]!, nice: Number(fields[16]) }
}

const niceOf = (pid: number) => procStat(`/proc/${pid}/stat`).nice

const threadNices = (pid: number) =>
  fs
    .readdirSync(`/proc/${pid}/task`)
    .map((threadId) => procStat(`/proc/${pid}/task/${threadId}/stat`).nice)

function isRunning(pid: number) {
  try {
    process.kill(pid, 0)
    return !onLinux || procStat(`/proc/${pid}/stat`).state !== 'Z'
  } catch {
    return false
  }
}

describe.runIf(adminUrl)('worker process (PostgreSQL)', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>
  let ossIndex: FakeOssIndex
  // One data folder for the file's processes: they share the database, so they share its keys.
  let dataDir: string
  const started: LookoutProcess[] = []

  beforeAll(async () => {
    scratch = await createScratchDatabase(adminUrl!)
    ossIndex = await startFakeOssIndex()
    dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'lookout-worker-process-'))
  })

  afterAll(async () => {
    for (const { child } of started) child.kill('SIGKILL')
    await ossIndex?.close()
    await scratch?.drop()
    await fsp.rm(dataDir, { recursive: true, force: true })
  })

  async function start(env: Record<string, string> = {}) {
    const lookout = await startLookoutProcess({
      DATABASE_URL: scratch.url,
      LOOKOUT_DATA_DIR: dataDir,
      LOOKOUT_ROLES: 'api,worker',
      LOOKOUT_OSSINDEX_URL: ossIndex.url,
      LOOKOUT_REPOSITORY_METADATA: 'false',
      // Only the parent's wake-up can make a job start within the test's time.
      LOOKOUT_WORKER_POLL_MS: '600000',
      ...env,
    })
    started.push(lookout)
    return lookout
  }

  const workerReady = (lookout: LookoutProcess, after = 0) =>
    lookout.logLine(
      (line) => line.msg === 'worker process ready' && lookout.logs.indexOf(line) >= after,
    )

  async function uploadSettles(lookout: LookoutProcess, name: string) {
    const api = apiClient(lookout.baseUrl)
    const token = await api.adminToken()
    const bom = bomOf([{ name: 'left-pad', version: '1.3.0' }])
    const response = await api.request('PUT', '/v1/bom', {
      token,
      json: {
        projectName: name,
        projectVersion: '1',
        autoCreate: true,
        bom: Buffer.from(bom).toString('base64'),
      },
    })
    expect(response.status).toBe(200)
    await api.waitForToken(response.json.token, token, 15_000)
    const components = await api.request('GET', `/v1/project/lookup?name=${name}&version=1`, {
      token,
    })
    expect(components.status).toBe(200)
  }

  it('runs jobs in a worker process at a lower priority, woken by each enqueue', async () => {
    const lookout = await start()
    const ready = await workerReady(lookout)
    const workerPid = Number(ready.pid)
    expect(workerPid).not.toBe(lookout.child.pid)
    expect(isRunning(workerPid)).toBe(true)
    if (onLinux) {
      expect(ready.nice).toBe(10)
      expect(niceOf(workerPid)).toBe(10)
      expect(new Set(threadNices(workerPid))).toEqual(new Set([10]))
      expect(niceOf(lookout.child.pid!)).toBe(niceOf(process.pid))
    }
    await uploadSettles(lookout, 'woken')
    lookout.child.kill('SIGTERM')
    await new Promise((resolve) => lookout.child.once('exit', resolve))
    expect(lookout.child.exitCode).toBe(0)
    expect(isRunning(workerPid)).toBe(false)
  }, 60_000)

  it('starts a worker process that ended again, and follows a parent killed outright', async () => {
    const lookout = await start({ LOOKOUT_WORKER_NICE: '5' })
    const first = Number((await workerReady(lookout)).pid)
    const seen = lookout.logs.length
    process.kill(first, 'SIGKILL')
    await lookout.logLine((line) => line.msg === 'worker process ended; restarting it')
    const second = Number((await workerReady(lookout, seen)).pid)
    expect(second).not.toBe(first)
    if (onLinux) expect(niceOf(second)).toBe(5)
    await uploadSettles(lookout, 'restarted')

    lookout.child.kill('SIGKILL')
    // The worker process ends with its parent.
    await vi.waitFor(() => expect(isRunning(second)).toBe(false), { timeout: 20_000, interval: 50 })
  }, 60_000)

  it('keeps jobs in the one process when LOOKOUT_WORKER_PROCESS=false', async () => {
    const lookout = await start({ LOOKOUT_WORKER_PROCESS: 'false' })
    await uploadSettles(lookout, 'single')
    expect(lookout.logs.some((line) => line.msg === 'worker process ready')).toBe(false)
    lookout.child.kill('SIGTERM')
  }, 60_000)
})
