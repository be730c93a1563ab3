import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/database.ts'
import { inBackground } from '../../server/db/lane.ts'
import { openDatabase } from '../../server/db/open.ts'
import { createScratchDatabase, postgresTestUrl } from '../support/test-database.ts'

/** A database of its own for this file (PostgreSQL when the run asks for it, else PGlite). */
async function openScratchDatabase() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lookout-tx-'))
  const adminUrl = postgresTestUrl()
  const scratch = adminUrl ? await createScratchDatabase(adminUrl) : undefined
  const db = await openDatabase({ dataDir, databaseUrl: scratch?.url })
  const close = async () => {
    await db.close()
    await scratch?.drop()
    await fs.rm(dataDir, { recursive: true, force: true })
  }
  return { db, close }
}

// Writers keep several statements of one transaction in flight (an import builds its next chunk
// while the last is written): they must run in the order asked, all or nothing, on both databases.
describe('statements asked together inside a transaction', () => {
  let db: Database
  let cleanup: () => Promise<void>

  beforeAll(async () => {
    ;({ db, close: cleanup } = await openScratchDatabase())
    await db.query('CREATE TABLE written (n int PRIMARY KEY)')
  })

  afterAll(() => cleanup?.())

  it('run in the order asked, with no driver warning', async () => {
    const warnings: string[] = []
    const onWarning = (warning: Error) => warnings.push(warning.message)
    process.on('warning', onWarning)
    try {
      const seen = await db.transaction(async (tx) => {
        await Promise.all(
          Array.from({ length: 20 }, (_, n) => tx.query('INSERT INTO written VALUES ($1)', [n])),
        )
        return tx.query<{ n: number }>('SELECT n FROM written ORDER BY n')
      })
      expect(seen.map((row) => row.n)).toEqual(Array.from({ length: 20 }, (_, n) => n))
      await new Promise((resolve) => setImmediate(resolve))
      expect(warnings).toEqual([])
    } finally {
      process.off('warning', onWarning)
    }
  })

  it('leave nothing behind when one of them fails', async () => {
    await db.query('DELETE FROM written')
    const attempt = db.transaction(async (tx) => {
      await Promise.all([
        tx.query('INSERT INTO written VALUES (100)'),
        tx.query('INSERT INTO written VALUES (100)'),
        tx.query('INSERT INTO written VALUES (101)'),
      ])
    })
    await expect(attempt).rejects.toMatchObject({ code: '23505' })
    expect(await db.query('SELECT n FROM written')).toEqual([])
  })

  it('roll back after the statements a failed caller left queued, with no driver warning', async () => {
    await db.query('DELETE FROM written')
    const warnings: string[] = []
    const onWarning = (warning: Error) => warnings.push(warning.message)
    process.on('warning', onWarning)
    try {
      const attempt = db.transaction(async (tx) => {
        const left = tx.query('SELECT pg_sleep(0.05)')
        left.catch(() => undefined)
        void tx.query('INSERT INTO written VALUES (200)').catch(() => undefined)
        throw new Error('the caller gave up')
      })
      await expect(attempt).rejects.toThrow('the caller gave up')
      expect(await db.query('SELECT n FROM written')).toEqual([])
      await new Promise((resolve) => setImmediate(resolve))
      expect(warnings).toEqual([])
    } finally {
      process.off('warning', onWarning)
    }
  })
})

// On PostgreSQL jobs take connections from a pool of their own (decision 026): however many
// transactions jobs hold open, a request still gets a connection at once.
describe.runIf(postgresTestUrl())('connections on PostgreSQL', () => {
  let db: Database
  let cleanup: () => Promise<void>

  beforeAll(async () => {
    ;({ db, close: cleanup } = await openScratchDatabase())
  })

  afterAll(() => cleanup?.())

  it('a request is answered while jobs hold every connection they may have', async () => {
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    let holding = 0
    let allHolding!: () => void
    const holdingAll = new Promise<void>((resolve) => (allHolding = resolve))
    const jobs = Array.from({ length: 10 }, () =>
      inBackground(() =>
        db.transaction(async (tx) => {
          await tx.query('SELECT 1')
          if (++holding === 10) allHolding()
          await released
        }),
      ),
    )
    await holdingAll
    const answered = await Promise.race([
      db.query<{ n: number }>('SELECT 1 AS n').then((rows) => rows[0]!.n),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5_000)),
    ])
    release()
    await Promise.all(jobs)
    expect(answered).toBe(1)
  })
})
