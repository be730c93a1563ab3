/*
 * Vulnerability analysis benchmark on PGlite (or PostgreSQL with BENCH_DATABASE_URL): a generated
 * catalogue of 200k+ affected ranges (npm, PyPI, Maven, Go, Debian purls and NVD-style CPEs), a
 * 10k-component BOM uploaded through the API, and:
 *   - upload → token done (BOM processing plus the analysis in its chain);
 *   - the analysis job alone (queued → finished), as components per second;
 *   - a second, on-demand analysis of the same project (nothing new to write);
 *   - the floor: the same candidate query run once in bulk over all 10k components.
 *
 *   npx tsx bench/analysis.ts [components] [ranges]
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { loadEnv } from '../server/config/env.ts'
import { findCandidates } from '../server/data/analysis-candidates.ts'
import { analysisTarget } from '../server/domain/analysis/matching.ts'
import { analyzeProject } from '../server/domain/analysis/run.ts'
import { createLookout } from '../server/lookout.ts'
import { createLogger } from '../server/logger.ts'
import { startFakeOssIndex } from '../tests/support/fakes/ossindex.ts'
import { createScratchDatabase } from '../tests/support/test-database.ts'

const COMPONENTS = Number(process.argv[2] ?? 10_000)
const RANGES = Number(process.argv[3] ?? 200_000)
const BAR_PER_SECOND = 5_000
const DATABASE_URL = process.env.BENCH_DATABASE_URL || undefined

const ECOSYSTEMS = [
  { type: 'npm', namespace: null },
  { type: 'pypi', namespace: null },
  { type: 'maven', namespace: 'org.bench' },
  { type: 'golang', namespace: 'github.com/bench' },
  { type: 'deb', namespace: 'debian' },
] as const
/** Packages per ecosystem; each gets several ranges (one per vulnerability naming it). */
const PACKAGES = 8_000

/** The catalogue in three set-based statements: one vulnerability per 4 ranges. */
async function seedCatalogue(db: { query: (sql: string, params?: unknown[]) => Promise<unknown> }) {
  const vulnerabilities = Math.ceil(RANGES / 4)
  await db.query(
    `INSERT INTO vulnerability (vuln_id, source, severity)
     SELECT 'BENCH-' || i, CASE WHEN i % 6 = 5 THEN 'NVD' ELSE 'OSV' END, 'HIGH'
     FROM generate_series(0, $1 - 1) AS i`,
    [vulnerabilities],
  )
  // Range i: ecosystem i % 6 (5 = CPE), package (i / 6) % PACKAGES, fixed in major (i % 7) + 1.
  await db.query(
    `INSERT INTO vulnerable_software (content_key, purl, purl_type, purl_namespace, purl_name,
       cpe23, part, vendor, product, version, version_start_including, version_end_excluding)
     SELECT 'bench-' || i,
       CASE WHEN e < 5 THEN 'pkg:' || t[e + 1] || '/' || COALESCE(ns[e + 1] || '/', '') || 'pkg-' || p END,
       CASE WHEN e < 5 THEN t[e + 1] END,
       CASE WHEN e < 5 THEN ns[e + 1] END,
       CASE WHEN e < 5 THEN 'pkg-' || p END,
       CASE WHEN e = 5 THEN 'cpe:2.3:a:vendor-' || p || ':product-' || p || ':*:*:*:*:*:*:*:*' END,
       CASE WHEN e = 5 THEN 'a' END,
       CASE WHEN e = 5 THEN 'vendor-' || p END,
       CASE WHEN e = 5 THEN 'product-' || p END,
       CASE WHEN e = 5 THEN '*' END,
       (i % 7) || '.0.0', (i % 7 + 1) || '.0.0'
     FROM generate_series(0, $1 - 1) AS i,
       LATERAL (SELECT i % 6 AS e, (i / 6) % $2 AS p) AS k,
       LATERAL (SELECT ARRAY['npm', 'pypi', 'maven', 'golang', 'deb'] AS t,
                       ARRAY[NULL, NULL, 'org.bench', 'github.com/bench', 'debian'] AS ns) AS arrays`,
    [RANGES, PACKAGES],
  )
  // Ids are consecutive within each statement: range i belongs to vulnerability i / 4.
  await db.query(
    `INSERT INTO affected_version_attribution (vulnerability_id, vulnerable_software_id, source)
     SELECT v0.id + (vs.id - vs0.id) / 4, vs.id, 'OSV'
     FROM (SELECT min(id) AS id FROM vulnerability WHERE vuln_id LIKE 'BENCH-%') AS v0,
       (SELECT min(id) AS id FROM vulnerable_software WHERE content_key LIKE 'bench-%') AS vs0,
       vulnerable_software vs
     WHERE vs.id >= vs0.id`,
  )
  return vulnerabilities
}

/** A BOM whose components name catalogue packages about half of the time, in every ecosystem. */
function benchBom(count: number): string {
  const components = []
  for (let i = 0; i < count; i++) {
    const kind = i % 6
    const known = Math.floor(i / 6) % 2 === 0
    const p = known ? (i * 7919) % PACKAGES : PACKAGES + i
    const version = `${i % 9}.${i % 5}.${i % 3}`
    if (kind === 5) {
      components.push({
        type: 'library',
        'bom-ref': `c${i}`,
        name: `product-${p}-${i}`,
        version,
        cpe: `cpe:2.3:a:vendor-${p}:product-${p}:${version}:*:*:*:*:*:*:*`,
      })
      continue
    }
    const { type, namespace } = ECOSYSTEMS[kind]!
    const v = type === 'golang' ? `v${version}` : version
    components.push({
      type: 'library',
      'bom-ref': `c${i}`,
      group: namespace ?? undefined,
      name: `pkg-${p}`,
      version: `${v}`,
      purl: `pkg:${type}/${namespace ? `${namespace}/` : ''}pkg-${p}@${v}${i >= 12 ? `?i=${i}` : ''}`,
    })
  }
  return JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5', version: 1, components })
}

/** Admin's token; the password is fixed so a kept database logs in again. */
async function adminJwt(base: string) {
  const password = 'bench-analysis-password-1'
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  })
  await fetch(
    `${base}/api/v1/user/forceChangePassword`,
    form({
      username: 'admin',
      password: 'admin',
      newPassword: password,
      confirmPassword: password,
    }),
  )
  const response = await fetch(`${base}/api/v1/user/login`, form({ username: 'admin', password }))
  return response.text()
}

/** CPU time (user + system) of this process, PGlite included, in milliseconds. */
const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000

async function main() {
  // BENCH_KEEP_DIR keeps the database (and its catalogue) between runs while tuning.
  const keep = process.env.BENCH_KEEP_DIR
  const dataDir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lookout-bench-analysis-'))
  const scratch = DATABASE_URL ? await createScratchDatabase(DATABASE_URL) : undefined
  // OSS Index is on by default; a loopback one answers as the real one does with no findings, so
  // the bench measures Lookout and never waits on the internet.
  const ossIndex = await startFakeOssIndex()
  const env = loadEnv({
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    LOOKOUT_DATA_DIR: dataDir,
    LOOKOUT_ROLES: 'api,worker',
    LOOKOUT_MIRROR_SCHEDULE: 'false',
    // No repository metadata jobs: they would ask the internet and share the CPU.
    LOOKOUT_REPOSITORY_METADATA: 'false',
    LOOKOUT_WORKER_POLL_MS: '10',
    LOOKOUT_BCRYPT_ROUNDS: '4',
    LOOKOUT_BODY_LIMIT_BYTES: String(256 * 1024 * 1024),
    LOG_LEVEL: 'warn',
    LOOKOUT_OSSINDEX_URL: ossIndex.url,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  })
  const logger = createLogger('warn')
  const lookout = await createLookout(env, { logger })
  const base = await lookout.listen()
  const db = lookout.ctx!.db
  try {
    let started = performance.now()
    const [seeded] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM vulnerability WHERE vuln_id LIKE 'BENCH-%'`,
    )
    const vulnerabilities = seeded!.n || (await seedCatalogue(db))
    await db.query('ANALYZE')
    const seedMs = performance.now() - started
    const jwt = await adminJwt(base)
    const auth = { Authorization: `Bearer ${jwt}`, 'content-type': 'application/json' }

    async function upload(name: string, bom: string) {
      const begin = performance.now()
      const response = await fetch(`${base}/api/v1/bom`, {
        method: 'PUT',
        headers: auth,
        body: JSON.stringify({
          projectName: name,
          projectVersion: '1.0',
          autoCreate: true,
          bom: Buffer.from(bom).toString('base64'),
        }),
      })
      if (response.status !== 200) throw new Error(`upload ${response.status}`)
      const { token } = (await response.json()) as { token: string }
      for (;;) {
        const poll = await fetch(`${base}/api/v1/event/token/${token}`, { headers: auth })
        if (((await poll.json()) as { processing: boolean }).processing === false) break
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      return { token, ms: performance.now() - begin }
    }

    await upload('warmup', benchBom(500))
    const name = `bench-${Date.now()}`
    const run = await upload(name, benchBom(COMPONENTS))
    const [job] = await db.query<{ ms: number }>(
      `SELECT extract(epoch FROM finished_at - created_at) * 1000 AS ms FROM job
       WHERE chain_id = $1 AND kind = 'vulnerability.analysis'`,
      [run.token],
    )
    // A chain's next job is queued as the previous one finishes, so queued → finished is its time.
    const phases = await db.query<{ kind: string; ms: number }>(
      `SELECT kind, extract(epoch FROM finished_at - created_at) * 1000 AS ms
       FROM job WHERE chain_id = $1 ORDER BY created_at, id`,
      [run.token],
    )
    const [project] = await db.query<{ id: string; findings: number }>(
      `SELECT p.id, (SELECT count(*)::int FROM finding f WHERE f.project_id = p.id) AS findings
       FROM project p WHERE p.name = $1`,
      [name],
    )
    const projectId = Number(project!.id)
    const serviceUrls = { ossIndex: ossIndex.url }

    started = performance.now()
    const cpuBefore = process.cpuUsage()
    await analyzeProject(
      { db, logger, encryptionKey: new Uint8Array(32), serviceUrls },
      { projectId, level: 'ON_DEMAND' },
    )
    const againMs = performance.now() - started
    const againCpuMs = cpuMs(process.cpuUsage(cpuBefore))

    // The same analysis from scratch, its findings written again, CPU time measured.
    await db.query('DELETE FROM finding WHERE project_id = $1', [projectId])
    started = performance.now()
    const scratchCpu = process.cpuUsage()
    await analyzeProject(
      { db, logger, encryptionKey: new Uint8Array(32), serviceUrls },
      { projectId, level: 'ON_DEMAND' },
    )
    const scratchMs = performance.now() - started
    const scratchCpuMs = cpuMs(process.cpuUsage(scratchCpu))

    // The floor: every component's candidate keys, one bulk query, nothing else.
    const rows = await db.query<{ cpe: string | null; purl: string | null }>(
      'SELECT cpe, purl FROM component WHERE project_id = $1',
      [projectId],
    )
    const purls = new Map<string, { type: string; namespace: string | null; name: string }>()
    const cpes = new Map<string, { part: string; vendor: string; product: string }>()
    for (const row of rows) {
      const target = analysisTarget(row)
      if (target.purl?.type && target.purl.name) {
        const { type, namespace, name } = target.purl
        purls.set(`${type}/${namespace}/${name}`, { type, namespace, name })
      }
      if (target.cpe) {
        for (const vendor of [target.cpe.vendor, '*'])
          for (const product of [target.cpe.product, '*'])
            for (const part of [target.cpe.part, '*'])
              cpes.set(`${part}:${vendor}:${product}`, { part, vendor, product })
      }
    }
    started = performance.now()
    const floorCpu = process.cpuUsage()
    const candidates = await findCandidates(db, [...purls.values()], [...cpes.values()])
    const floorMs = performance.now() - started
    const floorCpuMs = cpuMs(process.cpuUsage(floorCpu))

    const perSecond = (ms: number) => Math.round(COMPONENTS / (ms / 1000))
    const analysisMs = Number(job!.ms)
    const [ranges] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM vulnerable_software',
    )
    console.log(
      `\nVulnerability analysis, ${db.dialect}: ${ranges!.n.toLocaleString('en')} ranges ` +
        `(${vulnerabilities.toLocaleString('en')} vulnerabilities, seeded in ${Math.round(seedMs)} ms), ` +
        `${COMPONENTS.toLocaleString('en')} components, ${project!.findings.toLocaleString('en')} findings, ` +
        `${candidates.length.toLocaleString('en')} candidate ranges`,
    )
    console.table([
      {
        measure: 'upload → token done (BOM processing + analysis)',
        ms: Math.round(run.ms),
        'components/s': perSecond(run.ms),
      },
      {
        measure: 'analysis job (first, writes findings)',
        ms: Math.round(analysisMs),
        'components/s': perSecond(analysisMs),
      },
      {
        measure: 'analysis from scratch (writes every finding)',
        ms: Math.round(scratchMs),
        'components/s': perSecond(scratchMs),
        'CPU ms': Math.round(scratchCpuMs),
        'components/CPU-s': perSecond(scratchCpuMs),
      },
      {
        measure: 'analysis again (on demand, nothing new)',
        ms: Math.round(againMs),
        'components/s': perSecond(againMs),
        'CPU ms': Math.round(againCpuMs),
        'components/CPU-s': perSecond(againCpuMs),
      },
      {
        measure: 'floor: the candidate query once in bulk',
        ms: Math.round(floorMs),
        'components/s': perSecond(floorMs),
        'CPU ms': Math.round(floorCpuMs),
        'components/CPU-s': perSecond(floorCpuMs),
      },
    ])
    console.log("The upload's chain, job by job:")
    console.table(
      phases.map((phase) => ({
        job: phase.kind,
        'queued → finished, ms': Math.round(Number(phase.ms)),
      })),
    )
    const [load] = os.loadavg()
    const embedded = db.dialect === 'pglite'
    console.log(
      `Load average ${load!.toFixed(1)} on ${os.cpus().length} CPUs. ` +
        (embedded
          ? 'PGlite runs in this process, so its CPU time is the whole cost of an analysis; ' +
            'wall time on a busy machine is longer.'
          : "CPU time is this process's only; PostgreSQL's own is not in it, so the bar is " +
            'judged on wall time.'),
    )
    const wallOk = perSecond(analysisMs) >= BAR_PER_SECOND
    const cpuOk = perSecond(scratchCpuMs) >= BAR_PER_SECOND
    console.log(
      `Bar: ≥ ${BAR_PER_SECOND.toLocaleString('en')} components/s → ` +
        `wall clock (analysis job) ${wallOk ? 'met' : 'not met'}` +
        (embedded ? `, CPU time (analysis from scratch) ${cpuOk ? 'met' : 'NOT met'}` : ''),
    )
    const ok = embedded ? cpuOk : wallOk
    if (!ok) process.exitCode = 1
  } finally {
    await lookout.close()
    await scratch?.drop()
    await ossIndex.close()
    if (!keep) fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
