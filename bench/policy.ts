/*
 * Policy evaluation benchmark on PGlite (or PostgreSQL with BENCH_DATABASE_URL): 20 policies of
 * 60 conditions over every subject, one project of 10,000 components with licenses, hashes,
 * findings and repository metadata (bench/policy-seed.ts). It prints:
 *   - the evaluation from scratch (every violation created) and again (nothing changes), wall
 *     clock and this process's CPU time;
 *   - the floor: one bulk query per condition subject, reading what that subject looks at for
 *     every component of the project, and nothing else.
 * Bar: the evaluation from scratch under 1 s on PGlite.
 *
 *   npx tsx bench/policy.ts [components]
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { CONDITION_SUBJECTS, type ConditionSubject } from '../common/dt-vocabulary.ts'
import { createLogger } from '../server/logger.ts'
import type { Database } from '../server/db/database.ts'
import { migrate } from '../server/db/migrate.ts'
import { openDatabase } from '../server/db/open.ts'
import { evaluateProjectPolicies } from '../server/domain/policies/evaluation/run.ts'
import { createScratchDatabase } from '../tests/support/test-database.ts'
import { seedFacts, seedPolicies, seedProject } from './policy-seed.ts'

const COMPONENTS = Number(process.argv[2] ?? 10_000)
const BAR_MS = 1000
const DATABASE_URL = process.env.BENCH_DATABASE_URL || undefined

const VULNERABILITIES = `SELECT f.component_id, v.vuln_id, v.severity, v.cvss_v3_base_score, v.cwes, e.score
  FROM finding f JOIN component c ON c.id = f.component_id
  JOIN vulnerability v ON v.id = f.vulnerability_id
  LEFT JOIN analysis an ON an.component_id = f.component_id AND an.vulnerability_id = f.vulnerability_id
  LEFT JOIN epss_score e ON v.source = 'NVD' AND e.cve_id = v.vuln_id
  WHERE c.project_id = $1 AND NOT COALESCE(an.suppressed, false)`
const LICENSES = `SELECT c.id, c.license_id, c.license_expression, c.license, l.id AS known
  FROM component c LEFT JOIN license l ON l.license_id = c.license_id WHERE c.project_id = $1`
const REPOSITORY = `SELECT c.id, c.version, m.latest_version, m.published
  FROM component c LEFT JOIN repository_meta_component m ON m.name = c.name
  WHERE c.project_id = $1`

/** What each subject reads, for every component of the project, in one query. */
const FLOOR: Record<ConditionSubject, string> = {
  AGE: REPOSITORY,
  COORDINATES: 'SELECT id, "group", name, version FROM component WHERE project_id = $1',
  CPE: 'SELECT id, cpe FROM component WHERE project_id = $1',
  LICENSE: LICENSES,
  LICENSE_GROUP: LICENSES,
  PACKAGE_URL: 'SELECT id, purl FROM component WHERE project_id = $1',
  SEVERITY: VULNERABILITIES,
  SWID_TAGID: 'SELECT id, swid_tag_id FROM component WHERE project_id = $1',
  VERSION: 'SELECT id, version FROM component WHERE project_id = $1',
  COMPONENT_HASH:
    'SELECT id, md5, sha1, sha256, sha384, sha512, sha3_256, sha3_384, sha3_512, blake2b_256, blake2b_384, blake2b_512, blake3 FROM component WHERE project_id = $1',
  CWE: VULNERABILITIES,
  VULNERABILITY_ID: VULNERABILITIES,
  VERSION_DISTANCE: REPOSITORY,
  EPSS: VULNERABILITIES,
}

/** CPU time (user + system) of this process, PGlite included, in milliseconds. */
const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000

async function timed<T>(fn: () => Promise<T>) {
  const started = performance.now()
  const cpu = process.cpuUsage()
  const result = await fn()
  return { result, ms: performance.now() - started, cpuMs: cpuMs(process.cpuUsage(cpu)) }
}

async function count(db: Database, sql: string, params: unknown[] = []) {
  const [row] = await db.query<{ n: number }>(sql, params)
  return row!.n
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lookout-bench-policy-'))
  const scratch = DATABASE_URL ? await createScratchDatabase(DATABASE_URL) : undefined
  const db = await openDatabase({ databaseUrl: scratch?.url, dataDir })
  const logger = createLogger('warn')
  try {
    await migrate(db)
    const seeding = await timed(async () => {
      const projectId = await seedProject(db, COMPONENTS)
      await seedFacts(db, projectId)
      await seedPolicies(db)
      await db.query('ANALYZE')
      return projectId
    })
    const projectId = seeding.result
    const evaluate = () => evaluateProjectPolicies({ db, logger }, { projectId })

    await evaluate() // warm-up: compiles the code paths and fills the database's caches
    await db.query('DELETE FROM policy_violation')
    const scratchRun = await timed(evaluate)
    const againRun = await timed(evaluate)
    await timed(async () => {
      for (const subject of CONDITION_SUBJECTS) await db.query(FLOOR[subject], [projectId])
    })
    const floor = await timed(async () => {
      for (const subject of CONDITION_SUBJECTS) await db.query(FLOOR[subject], [projectId])
    })

    const outcome = scratchRun.result!
    const findings = await count(db, 'SELECT count(*)::int AS n FROM finding')
    const violations = await count(db, 'SELECT count(*)::int AS n FROM policy_violation')
    console.log(
      `\nPolicy evaluation, ${db.dialect}: ${outcome.policies} policies, ${outcome.conditions} ` +
        `conditions (${outcome.skippedConditions} skipped), ${COMPONENTS.toLocaleString('en')} ` +
        `components, ${findings.toLocaleString('en')} findings, ` +
        `${violations.toLocaleString('en')} violations (seeded in ${Math.round(seeding.ms)} ms)`,
    )
    const row = (measure: string, run: { ms: number; cpuMs: number }) => ({
      measure,
      ms: Math.round(run.ms),
      'CPU ms': Math.round(run.cpuMs),
      'components/s': Math.round(COMPONENTS / (run.ms / 1000)),
    })
    console.table([
      row(`evaluation from scratch (creates ${outcome.created} violations)`, scratchRun),
      row(
        `evaluation again (${againRun.result!.created} created, ${againRun.result!.deleted} deleted)`,
        againRun,
      ),
      row('floor: one bulk query per subject (14)', floor),
    ])
    const phases = (run: typeof scratchRun) => JSON.stringify(run.result!.ms)
    console.log(`Phases (ms): from scratch ${phases(scratchRun)}, again ${phases(againRun)}`)
    const [load] = os.loadavg()
    console.log(
      `Load average ${load!.toFixed(1)} on ${os.cpus().length} CPUs; ` +
        `from scratch = ${(scratchRun.ms / floor.ms).toFixed(1)}× the floor.`,
    )
    const ok = scratchRun.ms < BAR_MS
    console.log(`Bar: evaluation from scratch under ${BAR_MS} ms → ${ok ? 'met' : 'NOT met'}`)
    if (!ok && db.dialect === 'pglite') process.exitCode = 1
  } finally {
    await db.close()
    await scratch?.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
