/*
 * Metrics benchmark on PGlite (or PostgreSQL with BENCH_DATABASE_URL): a portfolio of 10,000
 * projects and 1,000,000 components with findings, aliases, analyses and violations
 * (bench/metrics-seed.ts), and:
 *   - the full portfolio run from scratch (every component, project, collection and the
 *     portfolio row written), wall clock and this process's CPU time, and its peak memory;
 *   - the same run again (nothing changed: only the projects' last occurrences move);
 *   - the floor: the same counting the simplest fast way (one GROUP BY per kind of counter,
 *     reading only).
 * Bar: the full run from scratch under 60 s on PGlite.
 *
 *   npx tsx bench/metrics.ts [projects] [components]
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Database } from '../server/db/database.ts'
import { migrate } from '../server/db/migrate.ts'
import { openDatabase } from '../server/db/open.ts'
import { measureEverything } from '../server/domain/metrics/run.ts'
import { createScratchDatabase } from '../tests/support/test-database.ts'
import { countTheSimplestWay, seedPortfolio } from './metrics-seed.ts'
import { peakRssMiB, resetPeakRss } from './support.ts'

const PROJECTS = Number(process.argv[2] ?? 10_000)
const COMPONENTS = Number(process.argv[3] ?? 1_000_000)
const BAR_MS = 60_000
const DATABASE_URL = process.env.BENCH_DATABASE_URL || undefined

/** CPU time (user + system) of this process, PGlite included, in milliseconds. */
const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000
const rssMiB = () => process.memoryUsage().rss / 1048576

async function timed<T>(fn: () => Promise<T>) {
  const started = performance.now()
  const cpu = process.cpuUsage()
  const result = await fn()
  return { result, ms: performance.now() - started, cpuMs: cpuMs(process.cpuUsage(cpu)) }
}

async function count(db: Database, table: string) {
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)
  return row!.n
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lookout-bench-metrics-'))
  const scratch = DATABASE_URL ? await createScratchDatabase(DATABASE_URL) : undefined
  const db = await openDatabase({ databaseUrl: scratch?.url, dataDir })
  try {
    await migrate(db)
    const seeding = await timed(async () => {
      await seedPortfolio(db, PROJECTS, COMPONENTS)
      await db.query('ANALYZE')
    })
    const sizes = {
      components: await count(db, 'component'),
      findings: await count(db, 'finding'),
      violations: await count(db, 'policy_violation'),
    }
    console.log(
      `\nMetrics, ${db.dialect}: ${PROJECTS.toLocaleString('en')} projects, ` +
        `${sizes.components.toLocaleString('en')} components, ` +
        `${sizes.findings.toLocaleString('en')} findings, ` +
        `${sizes.violations.toLocaleString('en')} violations ` +
        `(seeded in ${Math.round(seeding.ms / 1000)} s)`,
    )

    global.gc?.()
    const idle = rssMiB()
    resetPeakRss()
    const scratchRun = await timed(() => measureEverything(db))
    const peak = peakRssMiB()
    const written = {
      components: await count(db, 'dependency_metrics'),
      projects: await count(db, 'project_metrics'),
    }
    const againRun = await timed(() => measureEverything(db))
    const rowsAfter = await count(db, 'dependency_metrics')
    await countTheSimplestWay(db) // warm-up: the runs above warmed the database's caches
    const floor = await timed(() => countTheSimplestWay(db))

    const row = (measure: string, run: { ms: number; cpuMs: number }) => ({
      measure,
      ms: Math.round(run.ms),
      'CPU ms': Math.round(run.cpuMs),
      'components/s': Math.round(sizes.components / (run.ms / 1000)),
    })
    const outcome = scratchRun.result
    console.table([
      row(
        `full run from scratch (${written.components.toLocaleString('en')} component rows, ` +
          `${written.projects.toLocaleString('en')} project rows, ` +
          `${outcome.collections} collections)`,
        scratchRun,
      ),
      row(`full run again (${rowsAfter - written.components} component rows added)`, againRun),
      row('floor: one GROUP BY per kind of counter, reading only', floor),
    ])
    const [load] = os.loadavg()
    console.log(
      `Memory: ${Math.round(idle)} MiB RSS before the run, peak ${Math.round(peak)} MiB during ` +
        `it (+${Math.round(peak - idle)} MiB). Load average ${load!.toFixed(1)} on ` +
        `${os.cpus().length} CPUs; from scratch = ${(scratchRun.ms / floor.ms).toFixed(1)}× ` +
        `the floor, again = ${(againRun.ms / floor.ms).toFixed(1)}×.`,
    )
    const ok = scratchRun.ms < BAR_MS
    console.log(`Bar: full run from scratch under ${BAR_MS / 1000} s → ${ok ? 'met' : 'NOT met'}`)
    if (!ok && db.dialect === 'pglite') process.exitCode = 1
  } finally {
    await db.close()
    await scratch?.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
