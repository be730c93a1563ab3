import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from './database.ts'
import { openPglite, PGLITE_SETTINGS } from './pglite.ts'

// Decision 025: the embedded database's memory settings.
let db: Database

beforeAll(async () => {
  db = await openPglite(undefined)
}, 60_000)
afterAll(async () => {
  await db?.close()
})

describe('the embedded database', () => {
  it('runs with the smaller shared_buffers, and PGlite’s own settings kept', async () => {
    expect(PGLITE_SETTINGS.shared_buffers).toBe('32MB')
    const [buffers] = await db.query<{ shared_buffers: string }>('SHOW shared_buffers')
    expect(buffers!.shared_buffers).toBe('32MB')
    const [path] = await db.query<{ search_path: string }>('SHOW search_path')
    expect(path!.search_path).toBe('public')
    const [workers] = await db.query<{ max_worker_processes: string }>('SHOW max_worker_processes')
    expect(workers!.max_worker_processes).toBe('0')
  })

  it('stays correct on a table several times larger than its buffers', async () => {
    await db.exec(`CREATE TABLE big (id int PRIMARY KEY, payload text)`)
    // About 100 MB of rows: more than three times shared_buffers, so pages are evicted and read back.
    await db.query(
      `INSERT INTO big SELECT g, repeat(md5(g::text), 30) FROM generate_series(1, 100000) g`,
    )
    const [sum] = await db.query<{ n: number; total: string; last: string }>(
      `SELECT count(*)::int AS n, sum(length(payload))::text AS total,
         max(payload) FILTER (WHERE id = 100000) AS last FROM big`,
    )
    expect(sum).toEqual({
      n: 100_000,
      total: String(100_000 * 960),
      last: expect.stringMatching(/^[0-9a-f]{960}$/),
    })
    const rows = await db.query<{ id: number }>(
      `SELECT id FROM big WHERE id % 25000 = 0 ORDER BY id`,
    )
    expect(rows.map((row) => row.id)).toEqual([25000, 50000, 75000, 100000])
  }, 60_000)
})
