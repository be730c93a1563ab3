import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/database.ts'
import { openDatabase } from '../../server/db/open.ts'
import { createScratchDatabase, postgresTestUrl } from '../support/test-database.ts'

// Writers keep several statements of one transaction in flight (an import builds its next chunk
// while the last is written): they must run in the order asked, all or nothing, on both databases.
describe('statements asked together inside a transaction', () => {
  let db: Database
  let cleanup: () => Promise<void>

  beforeAll(async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lookout-tx-'))
    const adminUrl = postgresTestUrl()
    const scratch = adminUrl ? await createScratchDatabase(adminUrl) : undefined
    db = await openDatabase({ dataDir, databaseUrl: scratch?.url })
    await db.query('CREATE TABLE written (n int PRIMARY KEY)')
    cleanup = async () => {
      await db.close()
      await scratch?.drop()
      await fs.rm(dataDir, { recursive: true, force: true })
    }
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
