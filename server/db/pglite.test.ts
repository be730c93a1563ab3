import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from './database.ts'
import { openPglite } from './pglite.ts'

function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

describe('PGlite in its worker thread', () => {
  let dir: string
  let db: Database

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lookout-pglite-thread-'))
    db = await openPglite(dir)
    await db.exec(`
      CREATE TABLE item (id int PRIMARY KEY, name text NOT NULL, score numeric, data bytea, doc jsonb);
      CREATE TABLE log (n int);
    `)
  }, 60_000)

  afterAll(async () => {
    await db.close()
    await fs.rm(dir, { recursive: true, force: true })
  })

  it('answers queries with parameters and typed values', async () => {
    const rows = await db.query<Record<string, unknown>>(
      `SELECT $1::int + 1 AS next, $2::text AS name, 7.5::numeric AS score,
              $3::bytea AS data, $4::jsonb AS doc, '2026-11-24T12:00:00Z'::timestamptz AS at,
              $5::int AS nothing`,
      [41, 'Ada', new Uint8Array([1, 2, 3]), { tags: ['a'] }, null],
    )
    expect(rows).toEqual([
      {
        next: 42,
        name: 'Ada',
        score: 7.5,
        data: new Uint8Array([1, 2, 3]),
        doc: { tags: ['a'] },
        at: new Date('2026-11-24T12:00:00Z'),
        nothing: null,
      },
    ])
  })

  it('reports errors with their SQLSTATE and constraint, and keeps serving', async () => {
    await db.query(`INSERT INTO item (id, name) VALUES (1, 'one')`)
    const error = await db.query(`INSERT INTO item (id, name) VALUES (1, 'again')`).catch((e) => e)
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({ code: '23505', constraint: 'item_pkey' })
    expect(String(error.message)).toContain('duplicate key')
    await expect(db.query('SELECT nope FROM item')).rejects.toMatchObject({ code: '42703' })
    await expect(db.query('SELECT count(*)::int AS n FROM item')).resolves.toEqual([{ n: 1 }])
  })

  it('commits a transaction as a whole and rolls a failed one back entirely', async () => {
    const committed = await db.transaction(async (tx) => {
      await tx.query(`INSERT INTO item (id, name) VALUES (10, 'ten')`)
      const [row] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM item')
      return row!.n
    })
    expect(committed).toBe(2)
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO item (id, name) VALUES (11, 'eleven')`)
        await tx.query(`INSERT INTO item (id, name) VALUES (10, 'ten again')`)
      }),
    ).rejects.toMatchObject({ code: '23505' })
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO item (id, name) VALUES (12, 'twelve')`)
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    const ids = await db.query<{ id: number }>('SELECT id FROM item ORDER BY id')
    expect(ids.map((row) => row.id)).toEqual([1, 10])
  })

  it('copies rows in text format, inside and outside a transaction', async () => {
    await db.copyFrom!('item', ['id', 'name', 'score'], '20\ttwenty\t1.5\n21\ta\\tb\t\\N\n')
    await db.transaction(async (tx) => {
      await tx.copyFrom!('item', ['id', 'name'], '22\ttwenty-two\n')
    })
    const rows = await db.query('SELECT id, name, score FROM item WHERE id >= 20 ORDER BY id')
    expect(rows).toEqual([
      { id: 20, name: 'twenty', score: 1.5 },
      { id: 21, name: 'a\tb', score: null },
      { id: 22, name: 'twenty-two', score: null },
    ])
  })

  it('lets single statements pass a transaction that is still waiting', async () => {
    const holding = gate()
    const started = gate()
    const order: string[] = []
    const first = db.transaction(async (tx) => {
      started.open()
      await holding.opened
      await tx.query('INSERT INTO log VALUES (1)')
      order.push('first transaction')
    })
    await started.opened
    const second = db.transaction(async (tx) => {
      await tx.query('INSERT INTO log VALUES (2)')
      order.push('second transaction')
    })
    const read = db.query<{ n: number }>('SELECT count(*)::int AS n FROM log').then((rows) => {
      order.push('read')
      return rows[0]!.n
    })
    holding.open()
    await Promise.all([first, second])
    // The read waited for the transaction under way (and saw its row), not for the queued one.
    expect(await read).toBe(1)
    expect(order).toEqual(['first transaction', 'read', 'second transaction'])
  })

  it('keeps the event loop free while a long statement runs', async () => {
    let ticks = 0
    const timer = setInterval(() => ticks++, 1)
    const started = performance.now()
    await db.query('SELECT count(*) FROM generate_series(1, 3000000)')
    const took = performance.now() - started
    clearInterval(timer)
    // Run on the main thread, the statement would have held every timer until it finished.
    expect(took).toBeGreaterThan(20)
    expect(ticks).toBeGreaterThan(3)
  })

  it('finishes queued writes before closing, and they are there on reopening', async () => {
    const other = await fs.mkdtemp(path.join(os.tmpdir(), 'lookout-pglite-close-'))
    try {
      const first = await openPglite(other)
      await first.exec('CREATE TABLE kept (n int)')
      const writes = Array.from({ length: 20 }, (_, n) =>
        first.query('INSERT INTO kept VALUES ($1)', [n]),
      )
      const closing = first.close()
      await Promise.all(writes)
      await closing
      await expect(first.query('SELECT 1')).rejects.toThrow()
      const reopened = await openPglite(other)
      await expect(reopened.query('SELECT count(*)::int AS n FROM kept')).resolves.toEqual([
        { n: 20 },
      ])
      await reopened.close()
    } finally {
      await fs.rm(other, { recursive: true, force: true })
    }
  }, 60_000)
})
