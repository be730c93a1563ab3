import fs from 'node:fs/promises'
import type { PGliteOptions } from '@electric-sql/pglite'
import { withTimeout, type Database, type Queryable } from './database.ts'
import { startPgliteThread } from './pglite-thread.ts'
import { createScheduler } from './scheduler.ts'

const NUMERIC_OID = 1700

/** How every PGlite is constructed (in its thread, `pglite-worker.ts`). */
export function pgliteOptions(): PGliteOptions {
  // numeric (scores, EPSS) arrives as a number, as with node-postgres in postgres.ts.
  return { parsers: { [NUMERIC_OID]: (value: string) => Number(value) } }
}

/**
 * PGlite in a worker thread (decision 023): its statements run beside the event loop, which only
 * sends requests and receives rows. It is still one connection: everything goes through one
 * queue where single statements pass queued transactions (decision 008), and a transaction holds
 * the connection from BEGIN to COMMIT.
 */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) await fs.mkdir(dataDir, { recursive: true })
  const thread = await startPgliteThread(dataDir)
  const scheduler = createScheduler()
  const query = async <Row>(sql: string, params: unknown[] | undefined, inTransaction: boolean) =>
    ((await thread.call({ op: 'query', sql, params, inTransaction })) ?? []) as Row[]
  const copyFrom = async (
    table: string,
    columns: readonly string[],
    text: string,
    inTransaction: boolean,
  ) => {
    await thread.call({ op: 'copy', table, columns, text, inTransaction })
  }
  const scoped: Queryable = {
    query: (sql, params) => query(sql, params, true),
    copyFrom: (table, columns, text) => copyFrom(table, columns, text, true),
  }
  let closed = false
  const database: Database = {
    dialect: 'pglite',
    query: (sql, params) => scheduler.statement(() => query(sql, params, false)),
    copyFrom: (table, columns, text) =>
      scheduler.statement(() => copyFrom(table, columns, text, false)),
    transaction: (fn) =>
      scheduler.transaction(async () => {
        await thread.call({ op: 'begin' })
        let result
        try {
          result = await fn(scoped)
        } catch (error) {
          // The caller's error is the one to report; PGlite rolls back on its own if this fails.
          await thread.call({ op: 'rollback' }).catch(() => {})
          throw error
        }
        await thread.call({ op: 'commit' })
        return result
      }),
    async exec(sql) {
      await scheduler.transaction(() => thread.call({ op: 'exec', sql }))
    },
    async ping(timeoutMs) {
      // Busy means alive: a health check must not queue behind a long job to learn that.
      if (scheduler.busy()) return true
      return withTimeout(database.query('SELECT 1'), timeoutMs)
    },
    async productInfo() {
      const rows = await database.query<{ server_version: string }>('SHOW server_version')
      return {
        productName: 'PGlite (PostgreSQL)',
        productVersion: rows[0]?.server_version ?? 'unknown',
      }
    },
    async close() {
      if (closed) return
      closed = true
      // After everything already asked, so no write is lost.
      await scheduler.last(() => thread.call({ op: 'close' }))
      await thread.terminate()
    },
  }
  return database
}
