import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { runMirrorJob, storeSourceSettings } from '../support/mirror-runs.ts'
import { startOsvFake, zipEntries, type FakeEntry, type OsvFake } from '../support/fakes/osv.ts'
import { osvAdvisory, type OsvDocument } from '../support/osv-records.ts'

// dt-behaviour §2.6 OSV: per enabled ecosystem `{base}{ecosystem}/all.zip`, downloaded to disk and
// read entry by entry; withdrawn entries skipped; batches commit with the position so a run that
// dies resumes at the next entry of the same archive (and starts over on a new archive); a
// corrupt archive fails with a clear error and keeps what was committed; an uploaded OSV zip or
// JSON document goes through the same code.

let server: TestServer
let fake: OsvFake

const db = () => server.lookout.ctx!.db

beforeAll(async () => {
  fake = await startOsvFake()
  server = await startApiServer()
})

afterAll(async () => {
  await server?.close()
  await fake?.close()
})

const configure = (properties: Record<string, string | null>) =>
  storeSourceSettings(server, properties)

/** Runs one OSV mirror job (or a bulk import) to its end and answers the mirror's state. */
const runMirror = (bulkFile?: string) => runMirrorJob(server, 'OSV', { bulkFile })

const entries = (documents: OsvDocument[]): FakeEntry[] =>
  documents.map((json) => ({ name: `${json.id}.json`, json }))

interface StoredVulnerability {
  vuln_id: string
  source: string
  title: string | null
  description: string | null
  severity: string | null
  cvss_v3_vector: string | null
  cvss_v3_base_score: number | null
  cwes: number[] | null
  references: string | null
  updated: Date | null
  stored_at: Date
}

async function vulnerability(vulnId: string): Promise<StoredVulnerability | undefined> {
  const rows = await db().query<StoredVulnerability>(
    `SELECT vuln_id, source, title, description, severity, cvss_v3_vector, cvss_v3_base_score,
            cwes, "references", updated, stored_at
     FROM vulnerability WHERE vuln_id = $1`,
    [vulnId],
  )
  return rows[0]
}

async function software(vulnId: string) {
  return db().query<{
    purl: string
    version_start_including: string | null
    version_end_excluding: string | null
    source: string
  }>(
    `SELECT s.purl, s.version_start_including, s.version_end_excluding, a.source
     FROM affected_version_attribution a
     JOIN vulnerability v ON v.id = a.vulnerability_id
     JOIN vulnerable_software s ON s.id = a.vulnerable_software_id
     WHERE v.vuln_id = $1 ORDER BY s.purl, s.version_start_including`,
    [vulnId],
  )
}

async function count(table: string, where = 'true') {
  const rows = await db().query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} WHERE ${where}`,
  )
  return rows[0]!.n
}

async function reset() {
  await db().query('DELETE FROM vulnerability')
  await db().query('DELETE FROM vulnerable_software')
  await db().query('DELETE FROM vulnerability_alias')
  await db().query(`DELETE FROM mirror_state WHERE source = 'OSV'`)
  fake.requests.length = 0
}

describe('mirroring enabled ecosystems', () => {
  beforeEach(reset)

  it('mirrors every enabled ecosystem, mapping each entry and skipping withdrawn ones', async () => {
    await fake.setArchive(
      'crates.io',
      entries([
        osvAdvisory('RUSTSEC-2024-0001', { introduced: '0.5.0', fixed: '0.5.7' }),
        osvAdvisory('RUSTSEC-2024-0002', { withdrawn: '2024-05-01T00:00:00Z' }),
        osvAdvisory('GHSA-aaaa-bbbb-cccc', { aliases: ['CVE-2024-1111'] }),
      ]),
    )
    await fake.setArchive(
      'GitHub Actions',
      entries([
        osvAdvisory('GHSA-gh01-gh01-gh01', {
          ecosystem: 'GitHub Actions',
          name: 'actions/checkout',
          purl: 'pkg:githubactions/actions/checkout',
        }),
      ]),
    )
    await configure({
      'google.osv.base.url': fake.baseUrl,
      'google.osv.enabled': 'crates.io;GitHub Actions',
      'github.advisories.enabled': 'false',
    })

    const state = await runMirror()
    expect(state.status, state.last_error ?? '').toBe('SUCCEEDED')
    expect(state.records_done).toBe(4)
    expect(fake.requests.map((request) => request.path)).toEqual([
      '/crates.io/all.zip',
      '/GitHub%20Actions/all.zip',
    ])

    const rust = await vulnerability('RUSTSEC-2024-0001')
    expect(rust).toMatchObject({
      source: 'OSV',
      title: 'Out-of-bounds read in crate-rustsec-2024-0001',
      cvss_v3_vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H',
      cvss_v3_base_score: null,
      severity: 'HIGH',
      cwes: [125],
    })
    expect(rust!.references).toBe(
      '* [https://example.test/advisories/RUSTSEC-2024-0001](https://example.test/advisories/RUSTSEC-2024-0001)\n' +
        '* [https://example.test/packages/crate-rustsec-2024-0001](https://example.test/packages/crate-rustsec-2024-0001)',
    )
    expect(await software('RUSTSEC-2024-0001')).toEqual([
      {
        purl: 'pkg:cargo/crate-rustsec-2024-0001',
        version_start_including: '0.5.0',
        version_end_excluding: '0.5.7',
        source: 'OSV',
      },
    ])
    expect(await vulnerability('RUSTSEC-2024-0002')).toBeUndefined()
    expect((await vulnerability('GHSA-aaaa-bbbb-cccc'))?.source).toBe('GITHUB')
    expect((await vulnerability('GHSA-gh01-gh01-gh01'))?.source).toBe('GITHUB')
    // Alias sync is off by default for OSV.
    expect(await count('vulnerability_alias')).toBe(0)
    // The downloaded archives are not left behind.
    const workDir = path.join(server.dataDir, 'mirror', 'osv')
    expect((await fs.readdir(workDir)).filter((file) => file.endsWith('.zip'))).toEqual([])
  })

  it('updates only the entries whose modified time changed when the mirror runs again', async () => {
    const first = [
      osvAdvisory('RUSTSEC-2024-0101'),
      osvAdvisory('RUSTSEC-2024-0102'),
      osvAdvisory('RUSTSEC-2024-0103'),
    ]
    await fake.setArchive('crates.io', entries(first))
    await configure({ 'google.osv.base.url': fake.baseUrl, 'google.osv.enabled': 'crates.io' })
    expect((await runMirror()).status).toBe('SUCCEEDED')
    const before = await vulnerability('RUSTSEC-2024-0101')

    await fake.setArchive(
      'crates.io',
      entries([
        first[0]!,
        osvAdvisory('RUSTSEC-2024-0102', {
          modified: '2024-06-01T00:00:00Z',
          summary: 'Use after free in the decoder',
          fixed: '2.0.0',
        }),
        // Same modified time: the changed text is not applied (4.13's replace-if-updated rule).
        osvAdvisory('RUSTSEC-2024-0103', { summary: 'Changed without a new modified time' }),
      ]),
    )
    expect((await runMirror()).status).toBe('SUCCEEDED')

    expect((await vulnerability('RUSTSEC-2024-0101'))!.stored_at).toEqual(before!.stored_at)
    expect((await vulnerability('RUSTSEC-2024-0102'))!.title).toBe('Use after free in the decoder')
    expect((await software('RUSTSEC-2024-0102')).map((row) => row.version_end_excluding)).toEqual([
      '2.0.0',
    ])
    expect((await vulnerability('RUSTSEC-2024-0103'))!.title).toBe(
      'Out-of-bounds read in crate-rustsec-2024-0103',
    )
  })

  it('keeps NVD and GitHub fields when their own mirror is on, but adds OSV ranges and aliases', async () => {
    await db().query(
      `INSERT INTO vulnerability (vuln_id, source, title, severity, updated)
       VALUES ('CVE-2024-2222', 'NVD', 'From the NVD', 'CRITICAL', '2020-01-01T00:00:00Z')`,
    )
    await fake.setArchive(
      'crates.io',
      entries([
        osvAdvisory('CVE-2024-2222', { summary: 'From OSV', aliases: ['GHSA-xxxx-yyyy-zzzz'] }),
        osvAdvisory('RUSTSEC-2024-0201', { aliases: ['CVE-2024-3333', 'GHSA-3333-3333-3333'] }),
      ]),
    )
    await configure({
      'google.osv.base.url': fake.baseUrl,
      'google.osv.enabled': 'crates.io',
      'google.osv.alias.sync.enabled': 'true',
      'nvd.enabled': 'true',
    })
    expect((await runMirror()).status).toBe('SUCCEEDED')

    expect(await vulnerability('CVE-2024-2222')).toMatchObject({
      source: 'NVD',
      title: 'From the NVD',
      severity: 'CRITICAL',
    })
    expect((await software('CVE-2024-2222')).map((row) => row.source)).toEqual(['OSV'])
    const aliases = await db().query(
      `SELECT cve_id, ghsa_id, osv_id FROM vulnerability_alias ORDER BY id`,
    )
    expect(aliases).toEqual([
      { cve_id: 'CVE-2024-2222', ghsa_id: 'GHSA-xxxx-yyyy-zzzz', osv_id: null },
      { cve_id: 'CVE-2024-3333', ghsa_id: 'GHSA-3333-3333-3333', osv_id: 'RUSTSEC-2024-0201' },
    ])

    // With the NVD mirror off, OSV's copy of the CVE replaces the stored fields.
    await configure({ 'nvd.enabled': 'false', 'google.osv.alias.sync.enabled': 'false' })
    expect((await runMirror()).status).toBe('SUCCEEDED')
    expect((await vulnerability('CVE-2024-2222'))!.title).toBe('From OSV')
    await configure({ 'nvd.enabled': 'true' })
  })
})

describe('runs that stop part-way', () => {
  const big = Array.from({ length: 2500 }, (_, index) =>
    osvAdvisory(`RUSTSEC-2023-${String(index).padStart(4, '0')}`),
  )

  beforeEach(async () => {
    await reset()
    await configure({ 'google.osv.base.url': fake.baseUrl, 'google.osv.enabled': 'crates.io' })
  })

  /** The database refuses one record, as a crash in the middle of the second batch would. */
  async function breakAt(vulnId: string) {
    await db().query(`
      CREATE OR REPLACE FUNCTION osv_test_crash() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.vuln_id = '${vulnId}' THEN RAISE EXCEPTION 'simulated crash'; END IF;
        RETURN NEW;
      END $$`)
    await db().query(`
      CREATE TRIGGER osv_test_crash BEFORE INSERT ON vulnerability
      FOR EACH ROW EXECUTE FUNCTION osv_test_crash()`)
  }
  const repair = () => db().query('DROP TRIGGER IF EXISTS osv_test_crash ON vulnerability')

  it('resumes at the next entry of the same archive without downloading it again', async () => {
    await fake.setArchive('crates.io', entries(big))
    await breakAt('RUSTSEC-2023-1500')
    const stopped = await runMirror()
    await repair()
    expect(stopped.status).toBe('FAILED')
    expect(stopped.last_error).toContain('simulated crash')
    expect(stopped.records_done).toBe(1000)
    expect(await count('vulnerability')).toBe(1000)

    const resumed = await runMirror()
    expect(resumed.status, resumed.last_error ?? '').toBe('SUCCEEDED')
    // Counted once: the resumed run went on from entry 1000, not from the start.
    expect(resumed.records_done).toBe(2500)
    expect(await count('vulnerability')).toBe(2500)
    expect(fake.requests.map((request) => request.status)).toEqual([200, 304])
  })

  it('starts the ecosystem over when the archive changed meanwhile', async () => {
    await fake.setArchive('crates.io', entries(big))
    await breakAt('RUSTSEC-2023-1500')
    expect((await runMirror()).status).toBe('FAILED')
    await repair()

    const changed = [...big]
    changed[10] = osvAdvisory('RUSTSEC-2023-0010', {
      modified: '2024-09-09T00:00:00Z',
      summary: 'Reworded in the new archive',
    })
    await fake.setArchive('crates.io', entries(changed))
    const restarted = await runMirror()
    expect(restarted.status).toBe('SUCCEEDED')
    expect(fake.requests.map((request) => request.status)).toEqual([200, 200])
    // Entry 10 lies before the point where the first run stopped: only a restart reaches it.
    expect((await vulnerability('RUSTSEC-2023-0010'))!.title).toBe('Reworded in the new archive')
    expect(await count('vulnerability')).toBe(2500)
  })

  it('reports a corrupt archive clearly and keeps what was mirrored before', async () => {
    await fake.setArchive('crates.io', entries(big.slice(0, 10)))
    expect((await runMirror()).status).toBe('SUCCEEDED')
    const good = await zipEntries(entries(big.slice(0, 20)))
    fake.setArchiveBytes('crates.io', good.subarray(0, Math.floor(good.length / 2)))

    const failed = await runMirror()
    expect(failed.status).toBe('FAILED')
    expect(failed.last_error).toMatch(/^OSV crates\.io: the archive is corrupt: not a readable zip/)
    expect(await count('vulnerability')).toBe(10)

    // Central directory intact, an entry's compressed bytes damaged.
    const damaged = Buffer.from(good)
    damaged.fill(0xff, Math.floor(good.length * 0.3), Math.floor(good.length * 0.35))
    fake.setArchiveBytes('crates.io', damaged)
    const broken = await runMirror()
    expect(broken.status).toBe('FAILED')
    expect(broken.last_error).toMatch(/^OSV crates\.io: the archive is corrupt: entry \d+ \(/)
    expect(await count('vulnerability')).toBe(10)
  })

  it('names the entry that is not an OSV record and keeps the batches before it', async () => {
    const broken: FakeEntry[] = entries(big.slice(0, 1200))
    broken[1100] = { name: 'RUSTSEC-2023-1100.json', text: '{"id": "RUSTSEC-2023-1100", ' }
    await fake.setArchive('crates.io', broken)
    const failed = await runMirror()
    expect(failed.status).toBe('FAILED')
    expect(failed.last_error).toContain(
      'OSV crates.io: the archive is corrupt: entry 1100 (RUSTSEC-2023-1100.json) is not valid JSON',
    )
    expect(await count('vulnerability')).toBe(1000)
  })

  it('goes on with the other ecosystems when one cannot be downloaded', async () => {
    await fake.setArchive('crates.io', entries(big.slice(0, 3)))
    await configure({ 'google.osv.enabled': 'crates.io;Nonexistent' })
    const state = await runMirror()
    expect(state.status).toBe('FAILED')
    expect(state.last_error).toMatch(/^OSV Nonexistent: download failed: .*HTTP 404/)
    expect(await count('vulnerability')).toBe(3)

    // The retry skips the ecosystem that finished (its archive is unchanged) and does the other.
    await fake.setArchive('Nonexistent', entries([osvAdvisory('OSV-2024-0001')]))
    fake.requests.length = 0
    const retried = await runMirror()
    expect(retried.status, retried.last_error ?? '').toBe('SUCCEEDED')
    expect(fake.requests.map((request) => [request.path, request.status])).toEqual([
      ['/crates.io/all.zip', 304],
      ['/Nonexistent/all.zip', 200],
    ])
    expect(await count('vulnerability')).toBe(4)
    await configure({ 'google.osv.enabled': 'crates.io' })
  })
})

describe('bulk import of an uploaded OSV file', () => {
  beforeEach(reset)

  async function upload(name: string, content: Buffer | string) {
    const dir = path.join(server.dataDir, 'mirror', 'uploads')
    await fs.mkdir(dir, { recursive: true })
    const file = path.join(dir, name)
    await fs.writeFile(file, content)
    return file
  }

  it('imports an ecosystem all.zip even with OSV mirroring off', async () => {
    await configure({ 'google.osv.enabled': null })
    const zip = await zipEntries(
      entries([
        osvAdvisory('PYSEC-2024-1', {
          ecosystem: 'PyPI',
          name: 'requests',
          purl: 'pkg:pypi/requests',
        }),
        osvAdvisory('PYSEC-2024-2', { withdrawn: '2024-02-02T00:00:00Z' }),
      ]),
    )
    const state = await runMirror(await upload('all.zip', zip))
    expect(state.status, state.last_error ?? '').toBe('SUCCEEDED')
    expect(state.records_done).toBe(2)
    expect((await software('PYSEC-2024-1')).map((row) => row.purl)).toEqual(['pkg:pypi/requests'])
    expect(await vulnerability('PYSEC-2024-2')).toBeUndefined()
    expect(fake.requests).toEqual([])
  })

  it('imports a single OSV JSON document', async () => {
    const file = await upload(
      'GHSA-json-json-json.json',
      JSON.stringify(osvAdvisory('GHSA-json-json-json')),
    )
    expect((await runMirror(file)).status).toBe('SUCCEEDED')
    expect((await vulnerability('GHSA-json-json-json'))?.source).toBe('GITHUB')
  })

  it('refuses a file that is neither, with a clear error', async () => {
    const state = await runMirror(await upload('notes.txt', 'not an advisory'))
    expect(state.status).toBe('FAILED')
    expect(state.last_error).toBe(
      'The uploaded file is neither an OSV zip archive nor an OSV JSON document',
    )
  })
})
