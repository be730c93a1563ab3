/*
 * GitHub Advisories mirror throughput on PGlite: advisories (default 5,000 = 50 pages of 100,
 * each with CVSS, CWEs, a CVE alias and two affected packages) answered page by page by a
 * loopback GraphQL endpoint and mirrored by the real client, mapping and catalogue writer
 * (runMirror), next to "the floor" measured in the same process: JSON.parse of the same page
 * bodies, the same mapping, and one bulk writeCatalogueBatch of the same records.
 *
 *   npx tsx bench/mirror-github.ts [advisories]
 */
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { setConfigPropertyValue } from '../server/data/config-properties.ts'
import type { Database } from '../server/db/database.ts'
import { migrate } from '../server/db/migrate.ts'
import { openPglite } from '../server/db/pglite.ts'
import { seed } from '../server/domain/system/seed.ts'
import { writeCatalogueBatch } from '../server/domain/vulnerabilities/catalogue.ts'
import { ADVISORIES_QUERY } from '../server/domain/vulnerabilities/mirror/github.ts'
import {
  githubAdvisorySchema,
  mapGithubAdvisory,
} from '../server/domain/vulnerabilities/mirror/github-mapping.ts'
import { runMirror } from '../server/domain/vulnerabilities/mirror/run.ts'
import { createLogger } from '../server/logger.ts'
import { fakeAdvisory, startFakeGithub } from '../tests/support/fakes/github.ts'

const count = Number(process.argv[2] ?? 5_000)
const ECOSYSTEMS = ['NPM', 'MAVEN', 'PIP', 'GO', 'NUGET', 'RUBYGEMS', 'RUST', 'COMPOSER']

function advisories() {
  return Array.from({ length: count }, (_, i) =>
    fakeAdvisory(i + 1, {
      summary: `Denial of service in package ${i}`,
      description: `Crafted input makes package ${i} loop forever. `.repeat(8),
      identifiers: [
        { type: 'GHSA', value: fakeAdvisory(i + 1).ghsaId },
        { type: 'CVE', value: `CVE-2024-${String(10_000 + i)}` },
      ],
      references: [`https://nvd.nist.gov/vuln/detail/CVE-2024-${10_000 + i}`],
      cvssV3: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H',
      cwes: ['CWE-400', 'CWE-835'],
      vulnerabilities: [0, 1].map((k) => ({
        ecosystem: ECOSYSTEMS[(i + k) % ECOSYSTEMS.length]!,
        name:
          ECOSYSTEMS[(i + k) % ECOSYSTEMS.length] === 'MAVEN'
            ? `org.example:lib-${i}`
            : `lib-${i}-${k}`,
        range: k === 0 ? '>= 1.0.0, < 1.4.2' : '<= 0.9.9',
      })),
    }),
  )
}

/** Renders every page once through the GraphQL fake, so serving them costs the bench nothing. */
async function renderPages() {
  const fake = await startFakeGithub({ advisories: advisories() })
  const pages = new Map<string | null, string>()
  let after: string | null = null
  for (;;) {
    const response: Response = await fetch(fake.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: ADVISORIES_QUERY, variables: { updatedSince: null, after } }),
    })
    const body: string = await response.text()
    pages.set(after, body)
    const info: { hasNextPage: boolean; endCursor: string } =
      JSON.parse(body).data.securityAdvisories.pageInfo
    if (!info.hasNextPage) break
    after = info.endCursor
  }
  await fake.close()
  return { pages, token: fake.token }
}

async function servePages(pages: Map<string | null, string>) {
  const server = http.createServer(async (request, response) => {
    let text = ''
    for await (const chunk of request) text += chunk
    const body = pages.get(JSON.parse(text).variables.after ?? null)
    response.writeHead(body ? 200 : 400, { 'content-type': 'application/json' })
    response.end(body ?? '{"errors":[{"message":"unknown cursor"}]}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

async function freshDatabase(dir: string): Promise<Database> {
  const db = await openPglite(dir)
  await migrate(db)
  await seed(db, 4)
  return db
}

const githubRows = async (db: Database) =>
  Number(
    (
      await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM vulnerability WHERE source = 'GITHUB'`,
      )
    )[0]!.n,
  )

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lookout-bench-github-'))
  const logger = createLogger('warn')
  try {
    const { pages, token } = await renderPages()
    const endpoint = await servePages(pages)

    const db = await freshDatabase(path.join(tmp, 'ours'))
    for (const [name, value] of [
      ['github.advisories.enabled', 'true'],
      ['github.advisories.api.url', endpoint.url],
      ['github.advisories.access.token', token],
    ]) {
      await setConfigPropertyValue(db, 'vuln-source', name!, value!)
    }
    const oursStarted = performance.now()
    await runMirror(
      { db, logger, encryptionKey: new Uint8Array(32), workDir: path.join(tmp, 'work') },
      'GITHUB',
    )
    const oursMs = performance.now() - oursStarted
    const stored = await githubRows(db)
    await db.close()
    await endpoint.close()
    if (stored !== count) throw new Error(`the mirror stored ${stored} of ${count} advisories`)

    const floorDb = await freshDatabase(path.join(tmp, 'floor'))
    const floorStarted = performance.now()
    const records = [...pages.values()].flatMap((body) =>
      (JSON.parse(body).data.securityAdvisories.nodes as unknown[]).flatMap(
        (node) => mapGithubAdvisory(githubAdvisorySchema.parse(node)) ?? [],
      ),
    )
    await floorDb.transaction((tx) =>
      writeCatalogueBatch(tx, records, { attributionSource: 'GITHUB', syncAliases: true }),
    )
    const floorMs = performance.now() - floorStarted
    await floorDb.close()

    console.log(`GitHub Advisories mirror on PGlite (${os.cpus().length} CPUs), loopback GraphQL`)
    console.log(
      'floor = JSON.parse of the same pages + the same mapping + one bulk catalogue write',
    )
    console.log('advisories  pages  ours ms  floor ms  ours/floor  pages/s  advisories/s')
    console.log(
      [
        String(count).padStart(10),
        String(pages.size).padStart(6),
        oursMs.toFixed(0).padStart(8),
        floorMs.toFixed(0).padStart(9),
        (oursMs / floorMs).toFixed(2).padStart(11),
        ((pages.size / oursMs) * 1000).toFixed(1).padStart(8),
        ((count / oursMs) * 1000).toFixed(0).padStart(13),
      ].join(' '),
    )
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true })
  }
}

await main()
