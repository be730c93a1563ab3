/*
 * NVD API mirror throughput: a loopback NVD API 2.0 serves generated CVEs (several cpeMatch
 * ranges, CVSS v3.1 Primary and Secondary, v2, CWE, references) in pages of 2,000; the real mirror
 * run (runMirror → NVD API client → mapping → catalogue writer, one transaction per page, with an
 * API key and so 4.13's 600 ms between requests) stores them in PGlite. Next to it, the floor
 * measured in the same run: fetch and parse the same pages, map them, and write all rows with one
 * catalogue write in one transaction. Bar: ≥ 2,000 CVEs/s.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { setConfigPropertyValue } from '../server/data/config-properties.ts'
import type { Database } from '../server/db/database.ts'
import { migrate } from '../server/db/migrate.ts'
import { openDatabase } from '../server/db/open.ts'
import { encryptValue } from '../server/domain/config/crypto.ts'
import { seed } from '../server/domain/system/seed.ts'
import { writeCatalogueBatch } from '../server/domain/vulnerabilities/catalogue.ts'
import { runMirror } from '../server/domain/vulnerabilities/mirror/run.ts'
import {
  mapNvdItems,
  NVD_WRITE_OPTIONS,
} from '../server/domain/vulnerabilities/mirror/nvd-mapping.ts'
import type { VulnerabilityRecord } from '../server/domain/vulnerabilities/model.ts'
import { createLogger } from '../server/logger.ts'
import { fakeCve, startNvdFake } from '../tests/support/fakes/nvd.ts'

const CVES = Number(process.env.BENCH_NVD_CVES ?? 20_000)
const PAGE = 2000
const BAR = 2000

async function freshDatabase() {
  const dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'lookout-bench-nvd-'))
  const db = await openDatabase({ dataDir })
  await migrate(db)
  await seed(db, 4)
  return { db, dataDir }
}

const countNvd = async (db: Database) =>
  Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM vulnerability`))[0]!.n)

async function main() {
  const nvd = await startNvdFake()
  const year = (i: number) => 2002 + (i % 23)
  nvd.cves = Array.from({ length: CVES }, (_, i) =>
    fakeCve(`CVE-${year(i)}-${String(10000 + i)}`, '2024-06-01T12:00:00.000', {
      baseScore: 4 + (i % 60) / 10,
    }),
  )
  const pageBytes = JSON.stringify({
    vulnerabilities: nvd.cves.slice(0, PAGE).map((cve) => ({ cve })),
  }).length
  const logger = createLogger('warn')
  const encryptionKey = randomBytes(32)

  // The mirror.
  const mirror = await freshDatabase()
  for (const [name, value] of Object.entries({
    'nvd.enabled': 'true',
    'nvd.api.enabled': 'true',
    'nvd.api.url': nvd.apiUrl,
    'nvd.api.key': encryptValue(encryptionKey, 'bench-api-key'),
    'epss.enabled': 'false',
  })) {
    await setConfigPropertyValue(mirror.db, 'vuln-source', name, value)
  }
  let started = performance.now()
  await runMirror(
    { db: mirror.db, logger, encryptionKey, workDir: path.join(mirror.dataDir, 'mirror', 'nvd') },
    'NVD',
  )
  const mirrorSeconds = (performance.now() - started) / 1000
  const stored = await countNvd(mirror.db)
  if (stored !== CVES) throw new Error(`the mirror stored ${stored} of ${CVES} CVEs`)

  // The floor: the same pages fetched, parsed and mapped, then one write of every row.
  const floor = await freshDatabase()
  started = performance.now()
  const records: VulnerabilityRecord[] = []
  for (let startIndex = 0; startIndex < CVES; startIndex += PAGE) {
    const url = `${nvd.apiUrl}?resultsPerPage=${PAGE}&startIndex=${startIndex}`
    const page = JSON.parse(await (await fetch(url)).text()) as { vulnerabilities: unknown[] }
    records.push(...mapNvdItems(page.vulnerabilities, url))
  }
  await floor.db.transaction((tx) => writeCatalogueBatch(tx, records, NVD_WRITE_OPTIONS))
  const floorSeconds = (performance.now() - started) / 1000
  if ((await countNvd(floor.db)) !== CVES) throw new Error('the floor did not store every CVE')

  const software = Number(
    (await mirror.db.query<{ n: number }>('SELECT count(*)::int AS n FROM vulnerable_software'))[0]!
      .n,
  )
  const rate = CVES / mirrorSeconds
  const floorRate = CVES / floorSeconds
  console.log(
    `NVD API mirror, ${CVES} CVEs in pages of ${PAGE} (~${(pageBytes / 1e6).toFixed(1)} MB a page), ${software} vulnerable-software rows, PGlite`,
  )
  console.log(
    `  mirror (real client; an API key paces requests 600 ms apart, ≤ ${(PAGE / 0.6).toFixed(0)} CVEs/s): ${mirrorSeconds.toFixed(2)} s  ${rate.toFixed(0)} CVEs/s`,
  )
  console.log(
    `  floor (fetch, parse and map the same pages + one bulk write): ${floorSeconds.toFixed(2)} s  ${floorRate.toFixed(0)} CVEs/s`,
  )
  console.log(
    `  mirror / floor time: ${(mirrorSeconds / floorSeconds).toFixed(2)}×   bar ≥ ${BAR} CVEs/s: ${rate >= BAR ? 'met' : 'NOT met'}`,
  )

  await mirror.db.close()
  await floor.db.close()
  await nvd.close()
  for (const dir of [mirror.dataDir, floor.dataDir])
    await fs.promises.rm(dir, { recursive: true, force: true })
}

await main()
