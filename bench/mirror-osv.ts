/*
 * OSV mirror benchmark on PGlite: generated OSV advisories (the size and ranges of real
 * GitHub-sourced records) are zipped into an all.zip and served by a loopback OSV bucket; a child
 * process runs the real mirror (download to disk, yauzl, mapping, catalogue writer) into a fresh
 * database. Next to it, in the same child, "the floor": reading and parsing the same entries plus
 * one bulk insert (COPY) of the same vulnerability and vulnerable-software rows.
 *
 *   npx tsx bench/mirror-osv.ts
 *
 * Bars: ≥ 5,000 records/s and within 2× the floor; a large generated zip mirrors in < 512 MiB peak
 * RSS of the whole server process. Environment:
 *   BENCH_OSV_RECORDS   records in the throughput run (default 20000)
 *   BENCH_OSV_ZIP_MB    size of the memory run's zip in MB (default 40; the bar run is 300:
 *                       BENCH_OSV_ZIP_MB=300 npx tsx bench/mirror-osv.ts)
 *   BENCH_SHARED_DATA   the reference data folder (default ../shared/data): its osv/rustsec
 *                       records are mirrored too, for a real-data figure, when present.
 *   BENCH_DATABASE_URL  a PostgreSQL server (a superuser's URL): every run then goes to scratch
 *                       databases there instead of PGlite.
 *   BENCH_OSV_PROFILE   a folder: the mirror and floor processes write CPU profiles there.
 *   BENCH_OSV_ZIP_FILE  the memory run mirrors this zip (one an earlier run generated) instead;
 *                       a path that does not exist yet gets the generated zip, kept afterwards.
 *
 * The memory run is the server as `npm start` runs it (`node scripts/start.mjs`, building first
 * when the build is stale): a first start creates its database (once per installation) and
 * stops; a second start signs in, enables the OSV ecosystem through the API (which queues the
 * mirror) and is polled until the mirror ends. The bar applies to that second process's peak RSS
 * (Linux VmHWM) from its start to the end of the mirror: on PGlite the database, its wasm heap and
 * compiled code are all in it (decision 025).
 */
import { fork } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import yazl from 'yazl'
import type { Database } from '../server/db/database.ts'
import { startOsvFake } from '../tests/support/fakes/osv.ts'
import { createScratchDatabase } from '../tests/support/test-database.ts'
import { generatedAdvisory } from '../tests/support/osv-records.ts'
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs'
import { adminToken, bundleBenchServer, startNpmServer } from './support.ts'

const SCRIPT = new URL(import.meta.url).pathname
const RECORDS = Number(process.env.BENCH_OSV_RECORDS ?? 20_000)
const ZIP_MB = Number(process.env.BENCH_OSV_ZIP_MB ?? 40)
const SHARED = path.resolve(
  process.env.BENCH_SHARED_DATA ?? path.join(SCRIPT, '../../../shared/data'),
)
const RSS_BAR_MIB = 512
const DATABASE_URL = process.env.BENCH_DATABASE_URL || undefined

interface ChildResult {
  records: number
  entries: number
  mirrorMs: number
  /** CPU time of the mirror process (wall time stretches when other work shares the cores). */
  mirrorCpuMs: number
  floorMs?: number
  /** The floor's download, reading and parsing, before its insert. */
  floorParseMs?: number
  floorDownloadMs?: number
  status: string
  error?: string
}

// ---------------------------------------------------------------------------------------------
// Children: one mirror run into a fresh database, and the floor in a process of its own (so
// neither runs warmed up by the other). The databases are created by an earlier process
// (`--init`): creating a PGlite cluster peaks at 560–730 MiB, which a server pays once at
// installation, not on every mirror run.

async function floorMain() {
  const [dir, baseUrl, ecosystem] = process.argv.slice(3) as [string, string, string]
  const { openDatabase } = await import('../server/db/open.ts')
  const { cweById } = await import('../server/domain/vulnerabilities/cwe.ts')
  const db = await openDatabase({
    dataDir: path.join(dir, 'floor'),
    databaseUrl: databaseUrl('floor'),
  })
  cweById(79)
  const floorMs = await floor(db, path.join(dir, 'floor.zip'), baseUrl, ecosystem)
  await db.close()
  process.send!({ floorMs, floorParseMs: parsedAt, floorDownloadMs: downloadedAt }, () =>
    process.exit(0),
  )
}

async function childMain() {
  const [dir, baseUrl, ecosystem] = process.argv.slice(3) as [string, string, string]
  const { openDatabase } = await import('../server/db/open.ts')
  const { migrate } = await import('../server/db/migrate.ts')
  const { seed } = await import('../server/domain/system/seed.ts')
  const { runMirror } = await import('../server/domain/vulnerabilities/mirror/run.ts')
  const { mirrorState } = await import('../server/data/mirror-state.ts')
  const { createLogger } = await import('../server/logger.ts')

  const open = async (name: string) => {
    const db = await openDatabase({ dataDir: path.join(dir, name), databaseUrl: databaseUrl(name) })
    await migrate(db)
    await seed(db, 4)
    return db
  }
  const db = await open('mirror')
  // What a running server holds anyway: its database and the CWE dictionary (loaded once).
  const { cweById } = await import('../server/domain/vulnerabilities/cwe.ts')
  cweById(79)
  const set = (name: string, value: string) =>
    db.query(
      `UPDATE config_property SET property_value = $2
       WHERE group_name = 'vuln-source' AND property_name = $1`,
      [name, value],
    )
  await set('google.osv.base.url', baseUrl!)
  await set('google.osv.enabled', ecosystem!)
  const started = performance.now()
  const cpuStarted = process.cpuUsage()
  let error: string | undefined
  try {
    await runMirror(
      {
        db,
        logger: createLogger('warn'),
        encryptionKey: randomBytes(32),
        workDir: path.join(dir, 'work'),
      },
      'OSV',
    )
  } catch (cause) {
    error = (cause as Error).message
  }
  const mirrorMs = performance.now() - started
  const cpu = process.cpuUsage(cpuStarted)
  const mirrorCpuMs = (cpu.user + cpu.system) / 1000
  const state = await mirrorState(db, 'OSV')
  const [row] = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM vulnerability',
  )
  await db.close()
  const result: ChildResult = {
    records: row?.count ?? 0,
    entries: Number(state?.records_done ?? 0),
    mirrorMs,
    mirrorCpuMs,
    status: state?.status ?? 'none',
    error,
  }
  process.send!(result, () => process.exit(0))
}

let parsedAt = 0
let downloadedAt = 0

/**
 * Download, read and parse the same archive, then one bulk insert (COPY) of the same rows: the
 * vulnerabilities, their distinct vulnerable software and the attributions linking them.
 */
async function floor(db: Database, file: string, baseUrl: string, ecosystem: string) {
  const { downloadArchive, openArchive } =
    await import('../server/domain/vulnerabilities/mirror/osv-archive.ts')
  const { ecosystemArchiveUrl } = await import('../server/domain/vulnerabilities/mirror/osv.ts')
  const { mapOsvDocument } = await import('../server/domain/vulnerabilities/mirror/osv-mapping.ts')
  const { softwareValues, vulnerabilityValues } =
    await import('../server/domain/vulnerabilities/catalogue.ts')
  const data = await import('../server/data/vulnerability-catalogue.ts')
  const started = performance.now()
  await downloadArchive(fetch, ecosystemArchiveUrl(baseUrl, ecosystem), file)
  downloadedAt = performance.now() - started
  const archive = await openArchive(file)
  const vulnerabilities: ReturnType<typeof vulnerabilityValues>[] = []
  const softwareKeys: string[][] = []
  const software = new Map<string, ReturnType<typeof softwareValues>>()
  for await (const entry of archive.entries(0)) {
    if (!entry.data) continue
    const record = mapOsvDocument(JSON.parse(entry.data.toString('utf8')))
    if (!record) continue
    vulnerabilities.push(vulnerabilityValues(record))
    const rows = (record.vulnerableSoftware ?? []).map(softwareValues)
    for (const row of rows) software.set(row.content_key, row)
    softwareKeys.push(rows.map((row) => row.content_key))
  }
  archive.close()
  parsedAt = performance.now() - started
  await db.transaction(async (tx) => {
    const ids = await data.insertVulnerabilityRows(tx, vulnerabilities)
    const softwareIds = await data.ensureVulnerableSoftwareBulk(tx, [...software.values()])
    await data.insertAttributions(
      tx,
      'OSV',
      ids.map((row, index) => ({
        vulnerabilityId: row.id,
        softwareIds: softwareKeys[index]!.map((key) => softwareIds.get(key)!),
      })),
    )
  })
  return performance.now() - started
}

// ---------------------------------------------------------------------------------------------
// Parent: generate archives, serve them, run children, print figures against the bars.

/** Writes a zip of generated advisories, lazily (one entry in memory at a time). */
async function writeGeneratedZip(
  file: string,
  ecosystem: string,
  limit: { records?: number; bytes?: number },
): Promise<number> {
  let count = limit.records ?? 0
  if (limit.bytes !== undefined) {
    // Size the record count from the compressed size of a sample.
    const sample = 500
    const { deflateRawSync } = await import('node:zlib')
    let bytes = 0
    for (let i = 0; i < sample; i++) {
      bytes += deflateRawSync(JSON.stringify(generatedAdvisory(i, ecosystem))).length + 120
    }
    count = Math.ceil(limit.bytes / (bytes / sample))
  }
  const zip = new yazl.ZipFile()
  const out = fs.createWriteStream(file)
  zip.outputStream.pipe(out)
  const { Readable } = await import('node:stream')
  for (let i = 0; i < count; i++) {
    zip.addReadStreamLazy(`advisories/${i}.json`, (callback) =>
      callback(null, Readable.from([Buffer.from(JSON.stringify(generatedAdvisory(i, ecosystem)))])),
    )
  }
  zip.end()
  await new Promise<void>((resolve, reject) => out.on('finish', resolve).on('error', reject))
  return count
}

async function zipEntryCount(file: string) {
  const { openArchive } = await import('../server/domain/vulnerabilities/mirror/osv-archive.ts')
  const archive = await openArchive(file)
  archive.close()
  return archive.entryCount
}

async function writeDirectoryZip(file: string, folder: string): Promise<number> {
  const names = fs.readdirSync(folder).filter((name) => name.endsWith('.json'))
  const zip = new yazl.ZipFile()
  const out = fs.createWriteStream(file)
  zip.outputStream.pipe(out)
  for (const name of names) zip.addFile(path.join(folder, name), name)
  zip.end()
  await new Promise<void>((resolve, reject) => out.on('finish', resolve).on('error', reject))
  return names.length
}

/** The scratch PostgreSQL database of one of a run's two stores, when running on PostgreSQL. */
const databaseUrl = (name: string) => process.env[`BENCH_OSV_DATABASE_${name.toUpperCase()}`]

async function initMain() {
  const dir = process.argv[3]!
  const { openDatabase } = await import('../server/db/open.ts')
  const { migrate } = await import('../server/db/migrate.ts')
  const { seed } = await import('../server/domain/system/seed.ts')
  for (const name of ['mirror', 'floor']) {
    const db = await openDatabase({ dataDir: path.join(dir, name), databaseUrl: databaseUrl(name) })
    await migrate(db)
    await seed(db, 4)
    await db.close()
  }
}

async function runChild(
  bundle: string,
  baseUrl: string,
  ecosystem: string,
  withFloor: boolean,
): Promise<ChildResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lookout-bench-osv-db-'))
  const scratch = DATABASE_URL
    ? await Promise.all([createScratchDatabase(DATABASE_URL), createScratchDatabase(DATABASE_URL)])
    : []
  const env = {
    ...process.env,
    ...(scratch.length > 0
      ? { BENCH_OSV_DATABASE_MIRROR: scratch[0]!.url, BENCH_OSV_DATABASE_FLOOR: scratch[1]!.url }
      : {}),
  }
  try {
    await new Promise<void>((resolve, reject) =>
      fork(bundle, ['--init', dir], { execArgv: [], env }).once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`init exited with ${code}`)),
      ),
    )
    const result = await child<ChildResult>(bundle, '--child', dir, env, [baseUrl, ecosystem])
    if (!withFloor) return result
    return {
      ...result,
      ...(await child<Pick<ChildResult, 'floorMs' | 'floorParseMs' | 'floorDownloadMs'>>(
        bundle,
        '--floor',
        dir,
        env,
        [baseUrl, ecosystem],
      )),
    }
  } finally {
    for (const database of scratch) await database.drop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

function child<Result>(
  bundle: string,
  mode: string,
  dir: string,
  env: NodeJS.ProcessEnv,
  args: string[],
): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = fork(bundle, [mode, dir, ...args], {
      env,
      // The server's flags, as `npm start` runs it (PGlite's wasm flags are set by pglite.ts).
      execArgv: [
        ...SERVER_NODE_FLAGS,
        ...(process.env.BENCH_OSV_PROFILE
          ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_OSV_PROFILE}`]
          : []),
      ],
    })
    child.once('message', (message) => resolve(message as Result))
    child.once('exit', (code) => code !== 0 && reject(new Error(`child exited with ${code}`)))
  })
}

/**
 * The memory run: the server as `npm start` runs it mirrors the archive, configured through the
 * API as an administrator would. Its data folder is created by a first start (creating a database
 * cluster is once per installation); the bar applies to the second process, from its start to the
 * end of the mirror.
 */
async function serverRun(baseUrl: string, ecosystem: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lookout-bench-osv-server-'))
  const scratch = DATABASE_URL ? await createScratchDatabase(DATABASE_URL) : undefined
  const env = { DATABASE_URL: scratch?.url }
  try {
    const first = await startNpmServer(dataDir, env)
    const installPeakRssMiB = first.figures().peakRssMiB
    await first.stop()
    const server = await startNpmServer(dataDir, env)
    try {
      const startupPeakRssMiB = server.figures().peakRssMiB
      const token = await adminToken(server.base)
      const api = (method: string, route: string, json?: unknown) =>
        fetch(`${server.base}/api${route}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(json === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: json === undefined ? undefined : JSON.stringify(json),
        })
      const idle = server.figures()
      const started = performance.now()
      // Enabling the ecosystem queues a run (the settings hook); "Mirror now" answers its token.
      for (const [propertyName, propertyValue] of [
        ['google.osv.base.url', baseUrl],
        ['google.osv.enabled', ecosystem],
      ]) {
        const set = await api('POST', '/v1/configProperty', {
          groupName: 'vuln-source',
          propertyName,
          propertyValue,
        })
        if (!set.ok) throw new Error(`${propertyName}: HTTP ${set.status}`)
      }
      await api('POST', '/v1/mirror/OSV')
      let osv: { status: string; recordsDone: number; lastError?: string }
      for (;;) {
        const sources = (await (await api('GET', '/v1/mirror')).json()) as (typeof osv & {
          source: string
        })[]
        osv = sources.find((source) => source.source === 'OSV')!
        if (osv.status === 'SUCCEEDED' || osv.status === 'FAILED') break
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
      const mirrorMs = performance.now() - started
      const end = server.figures()
      return {
        status: osv.status,
        error: osv.lastError,
        entries: osv.recordsDone,
        mirrorMs,
        mirrorCpuMs: end.cpuMs - idle.cpuMs,
        installPeakRssMiB,
        startupPeakRssMiB,
        idleRssMiB: idle.rssMiB,
        peakRssMiB: end.peakRssMiB,
        endRssMiB: end.rssMiB,
      }
    } finally {
      await server.stop()
    }
  } finally {
    await scratch?.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

const perSecond = (count: number, ms: number) => Math.round((count / ms) * 1000)
const mb = (file: string) => (fs.statSync(file).size / 1e6).toFixed(1)
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL')

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lookout-bench-osv-zips-'))
  const fake = await startOsvFake()
  // The mirror runs from an esbuild bundle, as the server ships, without a TypeScript loader.
  const bundle = await bundleBenchServer(SCRIPT, 'mirror-osv', ['ae-cvss-calculator'])
  let failed = false
  try {
    console.log(
      `OSV mirror (${DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, loopback OSV bucket, generated GitHub-style advisories; ` +
        `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores)`,
    )

    const throughputZip = path.join(dir, 'throughput.zip')
    const count = await writeGeneratedZip(throughputZip, 'Maven', { records: RECORDS })
    fake.setArchiveFile('Maven', throughputZip)
    const run = await runChild(bundle, fake.baseUrl, 'Maven', true)
    const rate = perSecond(run.entries, run.mirrorMs)
    const floorRate = perSecond(run.entries, run.floorMs!)
    const ratio = run.mirrorMs / run.floorMs!
    const throughputOk = run.status === 'SUCCEEDED' && rate >= 5000 && ratio <= 2
    failed ||= !throughputOk
    console.log(
      `  throughput: ${count} records (${mb(throughputZip)} MB zip): mirror ${(run.mirrorMs / 1000).toFixed(1)} s = ${rate} records/s ` +
        `(${(run.mirrorCpuMs / 1000).toFixed(1)} s CPU); ` +
        `floor ${(run.floorMs! / 1000).toFixed(1)} s = ${floorRate} records/s ` +
        `(${(run.floorDownloadMs! / 1000).toFixed(1)} s download, ` +
        `${((run.floorParseMs! - run.floorDownloadMs!) / 1000).toFixed(1)} s reading and parsing); ` +
        `${ratio.toFixed(2)}× the floor [bars ≥ 5000/s, ≤ 2×] ${verdict(throughputOk)}` +
        (run.error ? ` (${run.error})` : ''),
    )

    // BENCH_OSV_ZIP_FILE: a zip this bench generated before (its generation takes minutes); when
    // the file does not exist yet, it is generated there and kept for the next run.
    const bigZip = process.env.BENCH_OSV_ZIP_FILE ?? path.join(dir, 'big.zip')
    const bigCount = fs.existsSync(bigZip)
      ? await zipEntryCount(bigZip)
      : await writeGeneratedZip(bigZip, 'npm', { bytes: ZIP_MB * 1e6 })
    fake.setArchiveFile('npm', bigZip)
    const big = await serverRun(fake.baseUrl, 'npm')
    const memoryOk = big.status === 'SUCCEEDED' && big.peakRssMiB < RSS_BAR_MIB
    failed ||= !memoryOk
    console.log(
      `  memory: ${bigCount} records, ${mb(bigZip)} MB zip, mirrored by the server as npm start runs it: ` +
        `whole-process peak RSS ${big.peakRssMiB.toFixed(0)} MiB (${big.startupPeakRssMiB.toFixed(0)} MiB ` +
        `by the end of its start, ${big.idleRssMiB.toFixed(0)} MiB before the mirror, ` +
        `${big.endRssMiB.toFixed(0)} MiB after it) [bar < ${RSS_BAR_MIB} MiB, the whole process` +
        `${ZIP_MB < 300 && !process.env.BENCH_OSV_ZIP_FILE ? '; the bar run is BENCH_OSV_ZIP_MB=300' : ''}] ${verdict(memoryOk)}; ` +
        `${perSecond(big.entries, big.mirrorMs)} records/s (${(big.mirrorCpuMs / 1000).toFixed(1)} s CPU); ` +
        `its first start, which creates the database once per installation, peaked at ` +
        `${big.installPeakRssMiB.toFixed(0)} MiB` +
        (big.status !== 'SUCCEEDED' ? ` (mirror ${big.status}: ${big.error ?? 'no error'})` : ''),
    )

    const rustsec = path.join(SHARED, 'osv', 'rustsec')
    if (fs.existsSync(rustsec)) {
      const realZip = path.join(dir, 'rustsec.zip')
      const realCount = await writeDirectoryZip(realZip, rustsec)
      fake.setArchiveFile('crates.io', realZip)
      const real = await runChild(bundle, fake.baseUrl, 'crates.io', true)
      console.log(
        `  real data: RustSec ${realCount} records: mirror ${perSecond(real.entries, real.mirrorMs)} records/s, ` +
          `floor ${perSecond(real.entries, real.floorMs!)} records/s (${(real.mirrorMs / real.floorMs!).toFixed(2)}×), ` +
          `${real.records} stored (withdrawn skipped)`,
      )
    } else {
      console.log(`  real data: skipped, ${rustsec} is absent (set BENCH_SHARED_DATA)`)
    }
  } finally {
    await fake.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
  if (failed) process.exitCode = 1
}

if (process.argv[2] === '--child') await childMain()
else if (process.argv[2] === '--floor') await floorMain()
else if (process.argv[2] === '--init') await initMain()
else await main()
