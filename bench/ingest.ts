/*
 * BOM ingestion benchmark on PGlite: CycloneDX 1.6 JSON BOMs of 1k, 10k and 100k components
 * with a realistic dependency graph, each ingested end to end (multipart upload → token done)
 * by a fresh server process, compared with "the floor" measured in the same process and
 * database: parsing the same file plus one bulk insert of the same component and property rows.
 *
 *   npx tsx bench/ingest.ts [sizes…]      e.g. npx tsx bench/ingest.ts 1000 10000
 */
import { fork, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createScratchDatabase } from '../tests/support/test-database.ts'
import { adminToken, bundleBenchServer, generateBom } from './support.ts'

const SCRIPT = new URL(import.meta.url).pathname
const DEFAULT_SIZES = [1_000, 10_000, 100_000]
// With a PostgreSQL server URL (a superuser's), each size runs on a scratch database there.
const DATABASE_URL = process.env.BENCH_DATABASE_URL || undefined

// ---------------------------------------------------------------------------------------------
// Server side (child process): Lookout on PGlite with a bom.process worker, plus the floor.

async function serverMain() {
  const { loadEnv } = await import('../server/config/env.ts')
  const { createLookout } = await import('../server/lookout.ts')
  const { createLogger } = await import('../server/logger.ts')
  const { startWorker } = await import('../server/jobs/worker.ts')
  const { BOM_PROCESS_JOB } = await import('../server/domain/bom/jobs.ts')
  const { processBomJob } = await import('../server/jobs/bom-processing.ts')
  const { convertBom } = await import('../server/domain/bom/convert.ts')
  const { componentValues, planIngest } = await import('../server/domain/bom/sync.ts')
  const { dedupeBom } = await import('../server/domain/bom/identity.ts')
  const data = await import('../server/data/inventory-writes.ts')

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
    LOOKOUT_ROLES: 'api',
    LOOKOUT_BCRYPT_ROUNDS: '4',
    LOOKOUT_BODY_LIMIT_BYTES: String(1024 * 1024 * 1024),
    LOG_LEVEL: 'warn',
  })
  const logger = createLogger('warn')
  const lookout = await createLookout(env, { logger })
  if (process.argv.includes('--init')) {
    await lookout.close()
    process.exit(0)
  }
  const db = lookout.ctx!.db
  const worker = startWorker({
    db,
    logger,
    concurrency: 1,
    pollMs: 10,
    handlers: { [BOM_PROCESS_JOB]: processBomJob(lookout.ctx!) },
  })
  const url = await lookout.listen()

  process.on('message', async (message: { kind: string; file?: string }) => {
    if (message.kind === 'hwm') {
      process.send!({ kind: 'hwm', mib: peakRssMiB(process.pid) })
    } else if (message.kind === 'floor') {
      const text = fs.readFileSync(message.file!, 'utf8')
      // The rows (directDependencies included) are prepared outside the timing.
      const prepared = convertBom(JSON.parse(text) as Record<string, unknown>, () => false)
      const plan = await planIngest(prepared, await dedupeBom(prepared), {
        components: [],
        properties: [],
        services: [],
      })
      const rows = plan.newComponents.map((row) => ({
        uuid: row.uuid,
        ...componentValues(row.component, row.dependencies),
      }))
      const [project] = await db.query<{ id: number }>(
        `INSERT INTO project (name, version) VALUES ('floor', $1) RETURNING id`,
        [randomUUID()],
      )
      const started = performance.now()
      JSON.parse(text)
      await db.transaction(async (tx) => {
        await tx.query(`SET LOCAL work_mem = '64MB'`)
        const ids = await data.allocateComponentIds(tx, plan.newComponents.length)
        await data.withoutForeignKeyChecks(tx, async () => {
          await data.insertComponents(
            tx,
            project!.id,
            rows.map((row, i) => ({ id: ids[i], ...row })),
          )
          await data.insertProperties(
            tx,
            plan.newComponents.flatMap((row, i) =>
              row.component.properties.map((p) => ({
                component_id: ids[i]!,
                group_name: p.group,
                property_name: p.name,
                property_value: p.value,
              })),
            ),
          )
        })
      })
      process.send!({ kind: 'floor', ms: performance.now() - started })
    } else if (message.kind === 'stop') {
      await worker.stop()
      await lookout.close()
      process.exit(0)
    }
  })
  process.send!({ kind: 'ready', url })
}

function peakRssMiB(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

// ---------------------------------------------------------------------------------------------
// Client side (parent process)

function request(child: ChildProcess, message: Record<string, unknown>, kind: string) {
  return new Promise<Record<string, number | string>>((resolve) => {
    const listener = (reply: { kind: string }) => {
      if (reply.kind !== kind) return
      child.off('message', listener)
      resolve(reply as Record<string, number | string>)
    }
    child.on('message', listener)
    child.send(message)
  })
}

async function ingestOnce(base: string, jwt: string, file: string, name: string) {
  const form = new FormData()
  form.append('projectName', name)
  form.append('projectVersion', '1.0.0')
  form.append('autoCreate', 'true')
  form.append('bom', new Blob([fs.readFileSync(file)]), 'bom.json')
  const auth = { Authorization: `Bearer ${jwt}` }
  const started = performance.now()
  const response = await fetch(`${base}/api/v1/bom`, { method: 'POST', headers: auth, body: form })
  if (response.status !== 200)
    throw new Error(`upload: ${response.status} ${await response.text()}`)
  const { token } = (await response.json()) as { token: string }
  const accepted = performance.now() - started
  for (;;) {
    const poll = await fetch(`${base}/api/v1/event/token/${token}`, { headers: auth })
    if (((await poll.json()) as { processing: boolean }).processing === false) break
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return { total: performance.now() - started, accepted }
}

async function benchSize(size: number, server: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lookout-bench-bom-'))
  const file = path.join(dir, `bom-${size}.json`)
  fs.writeFileSync(file, generateBom(size))
  const warmup = path.join(dir, 'warmup.json')
  fs.writeFileSync(warmup, generateBom(2000))
  const bytes = fs.statSync(file).size
  const dataDir = path.join(dir, 'data')
  const scratch = DATABASE_URL ? await createScratchDatabase(DATABASE_URL) : undefined
  const childEnv = { ...process.env, BENCH_DATABASE_URL: scratch?.url ?? '' }
  // The database is created first, by another process: creating a PGlite cluster takes far
  // more memory than running one, and a real server starts on an existing database.
  const init = fork(server, ['--server', dataDir, '--init'], { execArgv: [], env: childEnv })
  await new Promise((resolve) => init.once('exit', resolve))
  const child = fork(server, ['--server', dataDir], {
    execArgv: process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
    env: childEnv,
    stdio: 'inherit',
  })
  try {
    const ready = await new Promise<{ url: string }>((resolve) =>
      child.once('message', (message) => resolve(message as { url: string })),
    )
    const jwt = await adminToken(ready.url)
    // A long-running server has compiled the schema validator and warmed the database already.
    await ingestOnce(ready.url, jwt, warmup, 'warmup')
    const ours = await ingestOnce(ready.url, jwt, file, `bench-${size}`)
    const hwm = await request(child, { kind: 'hwm' }, 'hwm')
    const floor = process.env.BENCH_SKIP_FLOOR
      ? { ms: NaN }
      : await request(child, { kind: 'floor', file }, 'floor')
    return {
      size,
      mib: bytes / 1024 / 1024,
      oursMs: ours.total,
      acceptedMs: ours.accepted,
      floorMs: Number(floor.ms),
      peakRssMiB: Number(hwm.mib),
    }
  } finally {
    if (child.exitCode === null) {
      child.send({ kind: 'stop' })
      await new Promise((resolve) => child.once('exit', resolve))
    }
    fs.rmSync(dir, { recursive: true, force: true })
    await scratch?.drop()
  }
}

async function main() {
  const sizes = process.argv.slice(2).map(Number).filter(Boolean)
  console.log(
    `BOM ingestion on ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'} (CycloneDX 1.6 JSON, multipart upload → token done)`,
  )
  console.log('floor = JSON.parse of the same file + one bulk insert of the same component rows')
  console.log(
    '        (directDependencies included) and property rows, same process and database\n',
  )
  console.log(
    'components  file MiB  ours ms  (accepted ms)  floor ms  ours/floor  components/s  peak RSS MiB',
  )
  const server = await bundleBenchServer(SCRIPT, 'ingest')
  for (const size of sizes.length > 0 ? sizes : DEFAULT_SIZES) {
    const r = await benchSize(size, server)
    console.log(
      [
        String(r.size).padStart(10),
        r.mib.toFixed(1).padStart(9),
        r.oursMs.toFixed(0).padStart(8),
        `(${r.acceptedMs.toFixed(0)})`.padStart(14),
        r.floorMs.toFixed(0).padStart(9),
        (r.oursMs / r.floorMs).toFixed(2).padStart(11),
        Math.round(r.size / (r.oursMs / 1000))
          .toString()
          .padStart(13),
        r.peakRssMiB.toFixed(0).padStart(13),
      ].join(' '),
    )
  }
}

if (process.argv.includes('--server')) await serverMain()
else if (process.argv[1] === SCRIPT) await main()
