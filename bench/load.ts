/*
 * Load benchmark: one Lookout server (API + worker, default settings, started as `npm start`
 * starts it: on PostgreSQL with its worker process) on loopback takes 50 concurrent BOM uploads
 * while clients keep listing projects and polling /health (in a process of their own). The same
 * reads without uploads first give the floor; the bar compares the reads made while uploads were
 * unsettled. Runs on PGlite, then on PostgreSQL when BENCH_DATABASE_URL names a server (a scratch
 * database is created there); BENCH_LOAD_DATABASES=pglite or =postgres runs only one.
 *
 *   npx tsx bench/load.ts
 *   BENCH_LOAD_SECONDS=20 BENCH_LOAD_COMPONENTS=500 npx tsx bench/load.ts   (a quick run)
 */
import { fork, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { startFakeOssIndex } from '../tests/support/fakes/ossindex.ts'
import { createScratchDatabase } from '../tests/support/test-database.ts'
import { adminToken, bundleBenchServer, generateBom } from './support.ts'

const SCRIPT = new URL(import.meta.url).pathname
const number = (name: string, fallback: number) => Number(process.env[name] || fallback)
const LOAD_SECONDS = number('BENCH_LOAD_SECONDS', 60)
const FLOOR_SECONDS = number('BENCH_LOAD_FLOOR_SECONDS', Math.min(15, LOAD_SECONDS))
const UPLOADS = number('BENCH_LOAD_UPLOADS', 50)
const COMPONENTS = number('BENCH_LOAD_COMPONENTS', 2000)
const READERS = number('BENCH_LOAD_READERS', 4)
// Uploads still unsettled this long after the load phase count as lost.
const SETTLE_LIMIT_MS = number('BENCH_LOAD_SETTLE_SECONDS', 300) * 1000
const HEALTH_EVERY_MS = 50

// ---------------------------------------------------------------------------------------------
// Server side (child process)

function peakRssMib(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

/** This process's child processes (the worker process, on PostgreSQL). */
function childProcessIds() {
  try {
    const list = fs.readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8')
    return list.split(' ').filter(Boolean).map(Number)
  } catch {
    return []
  }
}

async function serverMain() {
  const { loadEnv } = await import('../server/config/env.ts')
  const { createLookout } = await import('../server/lookout.ts')
  const { createLogger } = await import('../server/logger.ts')
  const { serve, WORKER_PROCESS_ARG } = await import('../server/worker-process.ts')
  const dataDir = process.argv[process.argv.indexOf('--server') + 1]!
  const env = loadEnv({
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    LOOKOUT_DATA_DIR: dataDir,
    LOOKOUT_MIRROR_SCHEDULE: 'false',
    // No repository metadata jobs: they would ask the internet and share the CPU.
    LOOKOUT_REPOSITORY_METADATA: 'false',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    // The worker process started below gets LOOKOUT_ROLES=worker (server/worker-process.ts).
    LOOKOUT_ROLES: process.env.LOOKOUT_ROLES ?? 'api,worker',
    LOOKOUT_BCRYPT_ROUNDS: '4',
    LOG_LEVEL: 'warn',
    // OSS Index is on by default: the parent's loopback one answers with no findings, so uploads
    // never wait on the internet (without it they did not settle).
    LOOKOUT_OSSINDEX_URL: process.env.BENCH_OSSINDEX_URL!,
  })
  const logger = createLogger('warn')
  if (process.argv.includes('--init')) {
    await (await createLookout(env, { logger })).close()
    process.exit(0)
  }
  // As `npm start` serves (server/main.ts): on PostgreSQL, jobs go to a worker process.
  const served = await serve(env, {
    logger,
    relaunch: {
      script: SCRIPT,
      args: process.argv.slice(2),
      execArgv: process.execArgv,
      env: process.env,
    },
    onParentGone: () => void served.close().then(() => process.exit(0)),
  })
  // A worker process answers to the server process only (server/worker-process.ts).
  if (process.argv.includes(WORKER_PROCESS_ARG)) return
  const { lookout, address: url } = served
  const loopDelay = monitorEventLoopDelay({ resolution: 10 })
  loopDelay.enable()
  // Server-side time of each project-list read (request parsed → response finished), with when
  // it started (ms since the epoch).
  let serverReads: Array<[number, number]> = []
  lookout.app.server.on('request', (request, response) => {
    if (!request.url?.startsWith('/api/v1/project?')) return
    const started = performance.now()
    response.once('finish', () =>
      serverReads.push([performance.timeOrigin + started, performance.now() - started]),
    )
  })
  process.on('message', async (message: { kind: string }) => {
    if (message.kind === 'hwm') {
      process.send!({
        kind: 'hwm',
        mib:
          peakRssMib(process.pid) +
          childProcessIds().reduce((sum, pid) => sum + peakRssMib(pid), 0),
        loopP99Ms: loopDelay.percentile(99) / 1e6,
        loopMaxMs: loopDelay.max / 1e6,
        serverReads,
      })
      serverReads = []
    } else if (message.kind === 'reset') {
      loopDelay.reset()
      serverReads = []
    } else if (message.kind === 'stop') {
      await served.close()
      process.exit(0)
    }
  })
  process.send!({ kind: 'ready', url })
}

// ---------------------------------------------------------------------------------------------
// Client side

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

interface Samples {
  reads: number[]
  /** When each read started (ms since the epoch), to tell reads during the uploads from later ones. */
  readStarts: number[]
  health: number[]
  errors: string[]
}

/** Milliseconds since the epoch, comparable across the bench's processes. */
const clock = () => performance.timeOrigin + performance.now()

/** Readers listing projects and a /health poller, until `until()` says stop. */
async function readLoad(base: string, jwt: string, until: () => boolean, samples: Samples) {
  const auth = { Authorization: `Bearer ${jwt}` }
  const reader = async () => {
    while (!until()) {
      const started = performance.now()
      try {
        const response = await fetch(`${base}/api/v1/project?pageSize=50&pageNumber=1`, {
          headers: auth,
        })
        await response.arrayBuffer()
        if (response.status !== 200) samples.errors.push(`list ${response.status}`)
        else {
          samples.reads.push(performance.now() - started)
          samples.readStarts.push(performance.timeOrigin + started)
        }
      } catch (error) {
        samples.errors.push(`list ${(error as Error).message}`)
      }
    }
  }
  const health = async () => {
    while (!until()) {
      const started = performance.now()
      try {
        const response = await fetch(`${base}/health`)
        await response.arrayBuffer()
        if (response.status !== 200) samples.errors.push(`health ${response.status}`)
        samples.health.push(performance.now() - started)
      } catch (error) {
        samples.errors.push(`health ${(error as Error).message}`)
      }
      await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS))
    }
  }
  await Promise.all([...Array.from({ length: READERS }, reader), health()])
}

/**
 * The readers run in a process of their own: their timings must not include the event-loop
 * turns of the bench's 50 uploading and polling clients.
 */
async function readersMain() {
  let stop = false
  process.on('message', async (message: { kind: string; url: string; jwt: string }) => {
    if (message.kind === 'stop') stop = true
    else if (message.kind === 'exit') process.exit(0)
    else if (message.kind === 'run') {
      stop = false
      const samples: Samples = { reads: [], readStarts: [], health: [], errors: [] }
      await readLoad(message.url, message.jwt, () => stop, samples)
      process.send!({ kind: 'samples', samples })
    }
  })
  process.send!({ kind: 'ready' })
}

/** Runs the readers' process until `until()` says stop; their samples. */
async function readPhase(
  readers: ChildProcess,
  url: string,
  jwt: string,
  until: () => boolean,
): Promise<Samples> {
  const samples = new Promise<Samples>((resolve) =>
    readers.once('message', (message: { samples: Samples }) => resolve(message.samples)),
  )
  readers.send({ kind: 'run', url, jwt })
  while (!until()) await new Promise((resolve) => setTimeout(resolve, 20))
  readers.send({ kind: 'stop' })
  return samples
}

async function uploadAndWait(base: string, jwt: string, bom: Blob, name: string) {
  const auth = { Authorization: `Bearer ${jwt}` }
  const form = new FormData()
  form.append('projectName', name)
  form.append('projectVersion', '1.0.0')
  form.append('autoCreate', 'true')
  form.append('bom', bom, 'bom.json')
  const started = performance.now()
  const response = await fetch(`${base}/api/v1/bom`, { method: 'POST', headers: auth, body: form })
  if (response.status !== 200) throw new Error(`upload ${response.status}`)
  const { token } = (await response.json()) as { token: string }
  for (;;) {
    if (performance.now() - started > SETTLE_LIMIT_MS) throw new Error('upload never settled')
    const poll = await fetch(`${base}/api/v1/event/token/${token}`, { headers: auth })
    if (poll.status !== 200) throw new Error(`token ${poll.status}`)
    if (((await poll.json()) as { processing: boolean }).processing === false) break
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return performance.now() - started
}

async function componentCount(base: string, jwt: string, name: string) {
  const auth = { Authorization: `Bearer ${jwt}` }
  const lookup = await fetch(
    `${base}/api/v1/project/lookup?name=${encodeURIComponent(name)}&version=1.0.0`,
    { headers: auth },
  )
  if (lookup.status !== 200) return -1
  const { uuid } = (await lookup.json()) as { uuid: string }
  const list = await fetch(`${base}/api/v1/component/project/${uuid}?pageSize=1&pageNumber=1`, {
    headers: auth,
  })
  await list.arrayBuffer()
  return Number(list.headers.get('x-total-count') ?? -1)
}

async function runOn(
  database: 'PGlite' | 'PostgreSQL',
  server: string,
  bomFile: string,
  ossIndexUrl: string,
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lookout-bench-load-'))
  const scratch =
    database === 'PostgreSQL'
      ? await createScratchDatabase(process.env.BENCH_DATABASE_URL!)
      : undefined
  const childEnv = {
    ...process.env,
    BENCH_DATABASE_URL: scratch?.url ?? '',
    BENCH_OSSINDEX_URL: ossIndexUrl,
  }
  const init = fork(server, ['--server', dir, '--init'], { execArgv: [], env: childEnv })
  await new Promise((resolve) => init.once('exit', resolve))
  // BENCH_LOAD_CPU_PROF=<dir> writes a CPU profile of the server (to find long event-loop slices).
  const profile = process.env.BENCH_LOAD_CPU_PROF
  const execArgv = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []
  const child = fork(server, ['--server', dir], { execArgv, env: childEnv, stdio: 'inherit' })
  const readers = fork(server, ['--readers'], { execArgv: [], stdio: 'inherit' })
  try {
    const { url } = await new Promise<{ url: string }>((resolve) =>
      child.once('message', (message) => resolve(message as { url: string })),
    )
    await new Promise((resolve) => readers.once('message', resolve))
    const jwt = await adminToken(url)
    const bom = new Blob([fs.readFileSync(bomFile)])
    await uploadAndWait(url, jwt, bom, 'warmup')
    // Warm-up (schema compilation, first plans) is not part of the measurement.
    child.send({ kind: 'reset' })

    type ServerStats = {
      mib: number
      loopP99Ms: number
      loopMaxMs: number
      serverReads: Array<[number, number]>
    }
    const serverStats = () =>
      new Promise<ServerStats>((resolve) => {
        child.once('message', (message: ServerStats) => resolve(message))
        child.send({ kind: 'hwm' })
      })
    const floorEnds = performance.now() + FLOOR_SECONDS * 1000
    const floor = await readPhase(readers, url, jwt, () => performance.now() > floorEnds)
    const floorServer = await serverStats()

    const uploadErrors: string[] = []
    const names = Array.from({ length: UPLOADS }, (_, i) => `load-${i}`)
    const settleTimes: number[] = []
    let settled = 0
    let settledAt = Infinity
    const loadStarted = performance.now()
    const uploads = Promise.all(
      names.map((name) =>
        uploadAndWait(url, jwt, bom, name).then(
          (ms) => settleTimes.push(ms),
          (error: Error) => uploadErrors.push(`upload ${error.message}`),
        ),
      ),
    ).then(() => {
      settled = performance.now() - loadStarted
      settledAt = clock()
    })
    const loadEnds = loadStarted + LOAD_SECONDS * 1000
    // Reads go on for the whole phase and at least until every upload has settled.
    const load = await readPhase(
      readers,
      url,
      jwt,
      () => performance.now() > loadEnds && settled > 0,
    )
    load.errors.push(...uploadErrors)
    await uploads
    const loadMs = performance.now() - loadStarted

    const expected = await componentCount(url, jwt, 'warmup')
    const counts = await Promise.all(names.map((name) => componentCount(url, jwt, name)))
    const lost = counts.filter((count) => count !== expected).length
    const server = await serverStats()
    // The bar is about reads while uploads are in flight; later ones only show the recovery.
    const duringUploads = load.reads.filter((_, i) => load.readStarts[i]! < settledAt)
    const serverDuringUploads = server.serverReads.filter(([start]) => start < settledAt)
    return {
      ...{ floor, load, loadMs, settled, settleTimes, lost, expected },
      ...{ server, floorServer, duringUploads, serverDuringUploads },
    }
  } finally {
    if (readers.exitCode === null) readers.send({ kind: 'exit' })
    if (child.exitCode === null) {
      child.send({ kind: 'stop' })
      await new Promise((resolve) => child.once('exit', resolve))
    }
    fs.rmSync(dir, { recursive: true, force: true })
    await scratch?.drop()
  }
}

function report(database: 'PGlite' | 'PostgreSQL', r: Awaited<ReturnType<typeof runOn>>) {
  const ms = (value: number) => `${value.toFixed(1)} ms`
  const line = (label: string, value: string) => console.log(`  ${label.padEnd(40)} ${value}`)
  const spread = (values: number[]) =>
    `${ms(percentile(values, 50))} / ${ms(percentile(values, 95))} / ${ms(percentile(values, 99))}`
  const floorP95 = percentile(r.floor.reads, 95)
  const duringP95 = percentile(r.duringUploads, 95)
  const healthP99 = percentile([...r.floor.health, ...r.load.health], 99)
  const errors = r.floor.errors.length + r.load.errors.length
  const serverReads = (reads: Array<[number, number]>) => reads.map(([, took]) => took)
  console.log(`\n${database}`)
  line(
    'floor: reads/s, p50 / p95 / p99',
    `${(r.floor.reads.length / FLOOR_SECONDS).toFixed(0)}/s, ${spread(r.floor.reads)}`,
  )
  line(
    'during uploads: reads/s, p50 / p95 / p99',
    `${(r.duringUploads.length / (r.settled / 1000)).toFixed(0)}/s, ${spread(r.duringUploads)} (${(duringP95 / floorP95).toFixed(1)}× the floor)`,
  )
  line(
    'whole load phase: p50 / p95 / p99 / max',
    `${spread(r.load.reads)} / ${ms(Math.max(...r.load.reads))} (${(r.loadMs / 1000).toFixed(0)} s)`,
  )
  line(
    'upload → token done p50 / max',
    `${ms(percentile(r.settleTimes, 50))} / ${ms(Math.max(...r.settleTimes, 0))} (all settled in ${(r.settled / 1000).toFixed(1)} s)`,
  )
  line(
    '/health p99 (floor / load)',
    `${ms(percentile(r.floor.health, 99))} / ${ms(percentile(r.load.health, 99))}`,
  )
  line('errors / lost uploads', `${errors} / ${r.lost} (each holds ${r.expected} components)`)
  line('peak RSS (server + worker process)', `${r.server.mib.toFixed(0)} MiB`)
  line(
    'server event-loop delay p99 / max',
    `${ms(r.server.loopP99Ms)} / ${ms(r.server.loopMaxMs)} (floor and load)`,
  )
  line('server-side read p50 / p95 / p99 (floor)', spread(serverReads(r.floorServer.serverReads)))
  line('server-side read (during uploads)', spread(serverReads(r.serverDuringUploads)))
  for (const error of [...new Set([...r.floor.errors, ...r.load.errors])].slice(0, 5)) {
    line('  error', error)
  }
  const factor = database === 'PGlite' ? 10 : 5
  const bars: Array<[string, boolean]> = [
    ['0 errors and 0 lost uploads', errors === 0 && r.lost === 0],
    [`read p95 during uploads within ${factor}× the floor`, duringP95 <= factor * floorP95],
    ['/health p99 under 100 ms throughout', healthP99 < 100],
  ]
  for (const [bar, pass] of bars) line(pass ? 'PASS' : 'FAIL', bar)
}

async function main() {
  console.log(
    `Load: ${UPLOADS} concurrent uploads of ${COMPONENTS}-component BOMs + ${READERS} project-list readers + /health every ${HEALTH_EVERY_MS} ms`,
  )
  console.log(
    `      for ${LOAD_SECONDS} s (and until every upload settled); floor: the same reads for ${FLOOR_SECONDS} s without uploads`,
  )
  const server = await bundleBenchServer(SCRIPT, 'load')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lookout-bench-load-bom-'))
  const bomFile = path.join(dir, 'bom.json')
  fs.writeFileSync(bomFile, generateBom(COMPONENTS))
  const ossIndex = await startFakeOssIndex()
  try {
    // BENCH_LOAD_DATABASES=postgres runs only PostgreSQL (=pglite only PGlite).
    const only = process.env.BENCH_LOAD_DATABASES?.toLowerCase()
    if (only !== 'postgres') report('PGlite', await runOn('PGlite', server, bomFile, ossIndex.url))
    if (only === 'pglite') console.log('\nPostgreSQL: skipped (BENCH_LOAD_DATABASES=pglite)')
    else if (process.env.BENCH_DATABASE_URL) {
      report('PostgreSQL', await runOn('PostgreSQL', server, bomFile, ossIndex.url))
    } else console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL to a server URL)')
  } finally {
    await ossIndex.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

if (process.argv.includes('--server')) await serverMain()
else if (process.argv.includes('--readers')) await readersMain()
else if (process.argv[1] === SCRIPT) await main()
