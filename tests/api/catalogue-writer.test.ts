import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/database.ts'
import { migrate } from '../../server/db/migrate.ts'
import { openDatabase } from '../../server/db/open.ts'
import { mergeAliases, writeCatalogueBatch } from '../../server/domain/vulnerabilities/catalogue.ts'
import type {
  CatalogueWriteOptions,
  VulnerabilityRecord,
  VulnerableSoftwareInput,
} from '../../server/domain/vulnerabilities/model.ts'
import { createScratchDatabase, postgresTestUrl } from '../support/test-database.ts'

// The one catalogue writer and 4.13's sync rules (dt-behaviour §2.6 "Shared synchronisation
// rules", "Aliases"), on PGlite (new rows by COPY) and on PostgreSQL (INSERT … ON CONFLICT).

let db: Database
let drop: () => Promise<void>

beforeAll(async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lookout-catalogue-'))
  const adminUrl = postgresTestUrl()
  const scratch = adminUrl ? await createScratchDatabase(adminUrl) : undefined
  db = await openDatabase({ dataDir, databaseUrl: scratch?.url })
  await migrate(db)
  drop = async () => {
    await db.close()
    await scratch?.drop()
    await fs.rm(dataDir, { recursive: true, force: true })
  }
})

afterAll(async () => {
  await drop?.()
})

beforeEach(async () => {
  await db.query('DELETE FROM vulnerability')
  await db.query('DELETE FROM vulnerable_software')
  await db.query('DELETE FROM vulnerability_alias')
})

const OSV: CatalogueWriteOptions = { attributionSource: 'OSV', syncAliases: true }
const write = (records: VulnerabilityRecord[], options: CatalogueWriteOptions = OSV) =>
  db.transaction((tx) => writeCatalogueBatch(tx, records, options))

const cargo = (name: string, range: Partial<VulnerableSoftwareInput> = {}) => ({
  purl: `pkg:cargo/${name}`,
  purlType: 'cargo',
  purlName: name,
  ...range,
})

function record(vulnId: string, extra: Partial<VulnerabilityRecord> = {}): VulnerabilityRecord {
  return {
    source: 'OSV',
    vulnId,
    title: `Title of ${vulnId}`,
    updated: new Date('2024-01-01T00:00:00Z'),
    severity: 'HIGH',
    cwes: [79],
    vulnerableSoftware: [cargo('alpha', { versionEndExcluding: '1.0.0' })],
    ...extra,
  }
}

async function stored(vulnId: string) {
  const rows = await db.query<{
    title: string | null
    severity: string | null
    cwes: number[] | null
    description: string | null
    stored_at: Date
  }>(`SELECT title, severity, cwes, description, stored_at FROM vulnerability WHERE vuln_id = $1`, [
    vulnId,
  ])
  return rows[0]
}

async function links(vulnId: string) {
  return db.query<{ purl: string; end: string | null; source: string }>(
    `SELECT s.purl, s.version_end_excluding AS "end", a.source
     FROM affected_version_attribution a
     JOIN vulnerability v ON v.id = a.vulnerability_id
     JOIN vulnerable_software s ON s.id = a.vulnerable_software_id
     WHERE v.vuln_id = $1 ORDER BY s.purl, s.version_end_excluding, a.source`,
    [vulnId],
  )
}

const softwareRows = async () =>
  (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM vulnerable_software'))[0]!.n

describe('vulnerabilities', () => {
  it('creates missing ones with their software and attributions', async () => {
    const result = await write([
      record('OSV-1'),
      record('OSV-2', { vulnerableSoftware: [cargo('alpha', { versionEndExcluding: '1.0.0' })] }),
    ])
    expect(result).toEqual({ created: 2, updated: 0, unchanged: 0 })
    expect(await stored('OSV-1')).toMatchObject({ title: 'Title of OSV-1', cwes: [79] })
    expect(await links('OSV-1')).toEqual([{ purl: 'pkg:cargo/alpha', end: '1.0.0', source: 'OSV' }])
    // Identical software is one shared row.
    expect(await softwareRows()).toBe(1)
  })

  it('does nothing at all when `updated` is unchanged, and replaces everything when it moved', async () => {
    await write([record('OSV-1', { description: 'first' })])
    const before = await stored('OSV-1')
    const same = await write([
      record('OSV-1', {
        title: 'ignored',
        vulnerableSoftware: [cargo('beta')],
      }),
    ])
    expect(same).toEqual({ created: 0, updated: 0, unchanged: 1 })
    expect(await stored('OSV-1')).toEqual(before)
    expect((await links('OSV-1')).map((link) => link.purl)).toEqual(['pkg:cargo/alpha'])

    await write([
      record('OSV-1', {
        updated: new Date('2024-02-01T00:00:00Z'),
        title: 'New title',
        vulnerableSoftware: [cargo('beta')],
      }),
    ])
    expect(await stored('OSV-1')).toMatchObject({ title: 'New title', description: null })
    expect((await links('OSV-1')).map((link) => link.purl)).toEqual(['pkg:cargo/beta'])
  })

  it('field-diff (NVD) overwrites what the record says and keeps CWEs unless new ones come', async () => {
    const nvd: CatalogueWriteOptions = {
      attributionSource: 'NVD',
      syncAliases: false,
      policyFor: () => 'field-diff',
    }
    await write([record('CVE-2024-1', { source: 'NVD', description: 'kept' })], nvd)
    await write(
      [
        {
          source: 'NVD',
          vulnId: 'CVE-2024-1',
          title: 'Changed',
          cwes: [],
          updated: new Date('2024-01-01T00:00:00Z'),
        },
      ],
      nvd,
    )
    expect(await stored('CVE-2024-1')).toMatchObject({
      title: 'Changed',
      description: 'kept',
      cwes: [79],
    })
  })

  it('keep-fields leaves the stored fields but reconciles software and aliases', async () => {
    await write([record('CVE-2024-9', { source: 'NVD', title: 'From NVD' })], {
      attributionSource: 'NVD',
      syncAliases: false,
    })
    await write(
      [
        record('CVE-2024-9', {
          source: 'NVD',
          title: 'From OSV',
          updated: new Date('2025-01-01T00:00:00Z'),
          vulnerableSoftware: [cargo('gamma')],
          aliases: [{ cveId: 'CVE-2024-9', ghsaId: 'GHSA-9999-9999-9999' }],
        }),
      ],
      { ...OSV, policyFor: () => 'keep-fields' },
    )
    expect((await stored('CVE-2024-9'))!.title).toBe('From NVD')
    expect(await links('CVE-2024-9')).toEqual([
      { purl: 'pkg:cargo/alpha', end: '1.0.0', source: 'NVD' },
      { purl: 'pkg:cargo/gamma', end: null, source: 'OSV' },
    ])
    expect(await db.query('SELECT cve_id, ghsa_id FROM vulnerability_alias')).toEqual([
      { cve_id: 'CVE-2024-9', ghsa_id: 'GHSA-9999-9999-9999' },
    ])
  })

  it('stores an empty CWE list as none, new or replaced', async () => {
    await write([record('OSV-1', { cwes: [] })])
    expect((await stored('OSV-1'))!.cwes).toBeNull()
    await write([record('OSV-2')])
    await write([record('OSV-2', { cwes: [], updated: new Date('2024-06-01T00:00:00Z') })])
    expect((await stored('OSV-2'))!.cwes).toBeNull()
  })

  it('takes the last record when a batch names one vulnerability twice', async () => {
    await write([record('OSV-1', { title: 'first' }), record('OSV-1', { title: 'second' })])
    expect((await stored('OSV-1'))!.title).toBe('second')
  })
})

describe('vulnerable software attribution', () => {
  it('unlinks what a source no longer reports, but not what another source still reports', async () => {
    const shared = cargo('alpha', { versionEndExcluding: '1.0.0' })
    await write([record('OSV-1', { vulnerableSoftware: [shared, cargo('beta')] })])
    await write(
      [
        record('OSV-1', {
          updated: new Date('2024-02-01T00:00:00Z'),
          vulnerableSoftware: [shared],
        }),
      ],
      { attributionSource: 'GITHUB', syncAliases: false },
    )
    await write([
      record('OSV-1', { updated: new Date('2024-03-01T00:00:00Z'), vulnerableSoftware: [] }),
    ])
    expect(await links('OSV-1')).toEqual([
      { purl: 'pkg:cargo/alpha', end: '1.0.0', source: 'GITHUB' },
    ])
  })

  it('refreshes last seen on software still reported and leaves first seen', async () => {
    await write([record('OSV-1')])
    const [before] = await db.query<{ first_seen: Date; last_seen: Date }>(
      'SELECT first_seen, last_seen FROM affected_version_attribution',
    )
    await new Promise((resolve) => setTimeout(resolve, 20))
    await write([record('OSV-1', { updated: new Date('2024-05-01T00:00:00Z') })])
    const [after] = await db.query<{ first_seen: Date; last_seen: Date }>(
      'SELECT first_seen, last_seen FROM affected_version_attribution',
    )
    expect(after!.first_seen).toEqual(before!.first_seen)
    expect(after!.last_seen.getTime()).toBeGreaterThan(before!.last_seen.getTime())
  })

  it('leaves the software alone when the record brings no list', async () => {
    await write([record('OSV-1')])
    await write([
      record('OSV-1', { updated: new Date('2024-05-01T00:00:00Z'), vulnerableSoftware: null }),
    ])
    expect(await links('OSV-1')).toHaveLength(1)
  })
})

describe('aliases', () => {
  const aliasRows = () =>
    db.query('SELECT cve_id, ghsa_id, osv_id, snyk_id FROM vulnerability_alias ORDER BY id')

  it('merges into the row with the most matching ids, filling its empty columns', async () => {
    await mergeAliases(db, [
      { cveId: 'CVE-1', ghsaId: 'GHSA-1' },
      { cveId: 'CVE-1', osvId: 'OSV-1' },
      { ghsaId: 'GHSA-1', osvId: 'OSV-1', snykId: 'SNYK-1' },
    ])
    expect(await aliasRows()).toEqual([
      { cve_id: 'CVE-1', ghsa_id: 'GHSA-1', osv_id: 'OSV-1', snyk_id: 'SNYK-1' },
    ])
  })

  it('starts a new row when every candidate disagrees on an id', async () => {
    await mergeAliases(db, [{ cveId: 'CVE-1', ghsaId: 'GHSA-1' }])
    await mergeAliases(db, [{ cveId: 'CVE-1', ghsaId: 'GHSA-2' }])
    expect(await aliasRows()).toEqual([
      { cve_id: 'CVE-1', ghsa_id: 'GHSA-1', osv_id: null, snyk_id: null },
      { cve_id: 'CVE-1', ghsa_id: 'GHSA-2', osv_id: null, snyk_id: null },
    ])
  })

  it('ignores groups of fewer than two ids and is a no-op when nothing is new', async () => {
    await mergeAliases(db, [{ cveId: 'CVE-1' }, { cveId: 'CVE-1', ghsaId: ' ' }])
    expect(await aliasRows()).toEqual([])
    await mergeAliases(db, [{ cveId: 'CVE-1', ghsaId: 'GHSA-1' }])
    await mergeAliases(db, [{ cveId: 'CVE-1', ghsaId: 'GHSA-1' }])
    expect(await aliasRows()).toHaveLength(1)
  })

  it('syncs aliases only when the source says so', async () => {
    await write([record('OSV-1', { aliases: [{ osvId: 'OSV-1', cveId: 'CVE-7' }] })], {
      attributionSource: 'OSV',
      syncAliases: false,
    })
    expect(await aliasRows()).toEqual([])
    await write([
      record('OSV-2', { aliases: [{ osvId: 'OSV-2', cveId: 'CVE-8' }] }),
      record('OSV-3', { aliases: [{ osvId: 'OSV-3', cveId: 'CVE-8' }] }),
    ])
    expect(await aliasRows()).toEqual([
      { cve_id: 'CVE-8', ghsa_id: null, osv_id: 'OSV-2', snyk_id: null },
      { cve_id: 'CVE-8', ghsa_id: null, osv_id: 'OSV-3', snyk_id: null },
    ])
  })
})

describe('size', () => {
  it('writes a batch of thousands of records with their software in one go', async () => {
    const records = Array.from({ length: 3000 }, (_, index) =>
      record(`OSV-BULK-${index}`, {
        vulnerableSoftware: [
          cargo(`pkg-${index % 50}`, { versionEndExcluding: `${index % 7}.0.0` }),
          cargo(`pkg-${index % 13}`),
        ],
      }),
    )
    expect(await write(records)).toEqual({ created: 3000, updated: 0, unchanged: 0 })
    const [{ n }] = (await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM affected_version_attribution',
    )) as [{ n: number }]
    expect(n).toBe(6000)
    expect(await softwareRows()).toBe(350 + 13)
    // New rows written by COPY still get their uuids.
    expect(await db.query('SELECT 1 FROM vulnerability WHERE uuid IS NULL LIMIT 1')).toEqual([])
  })
})
