import fs from 'node:fs/promises'
import v8 from 'node:v8'
import { PGlite, type PGliteOptions } from '@electric-sql/pglite'
import { withTimeout, type Database, type Queryable } from './database.ts'
import { startPgliteThread } from './pglite-thread.ts'
import { currentLane } from './lane.ts'
import { createScheduler } from './scheduler.ts'

const NUMERIC_OID = 1700

/**
 * PostgreSQL settings of the embedded database (decision 025). shared_buffers is PostgreSQL's
 * page cache inside PGlite's wasm heap, which never shrinks: with the default 128 MB it grows from
 * 128 to 189 MiB; with 32 MB it stays at 128 MiB (60–100 MiB less RSS for the process's life).
 */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = { shared_buffers: '32MB' }

/**
 * V8 flags for PGlite's wasm (decision 025): its code runs as Liftoff (baseline) code only. With
 * tier-up, the first queries make V8 optimise one huge wasm function (about 105 KB of body, the
 * SQL grammar's) with TurboFan, whose compile zone alone peaks near 600 MiB. The flags are
 * process-wide and read when a wasm module compiles, so they are set before PGlite's module is.
 */
export const PGLITE_V8_FLAGS = ['--liftoff-only', '--no-wasm-tier-up', '--no-wasm-dynamic-tiering']

let flagsApplied = false
/** Sets PGLITE_V8_FLAGS once per thread (V8 flags are process-wide; setting them twice is harmless). */
export function applyPgliteV8Flags() {
  if (flagsApplied) return
  flagsApplied = true
  for (const flag of PGLITE_V8_FLAGS) v8.setFlagsFromString(flag)
}

/** How every PGlite is constructed (in its thread, `pglite-worker.ts`). */
export function pgliteOptions(): PGliteOptions {
  const settings = Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => [
    '-c',
    `${name}=${value}`,
  ])
  return {
    // numeric (scores, EPSS) arrives as a number, as with node-postgres in postgres.ts.
    parsers: { [NUMERIC_OID]: (value: string) => Number(value) },
    startParams: [...PGlite.defaultStartParams, ...settings],
  }
}

/**
 * PGlite in a worker thread (decision 023): its statements run beside the event loop, which only
 * sends requests and receives rows. It is still one connection: everything goes through one
 * queue where requests pass job work (decision 026) and single statements pass queued
 * transactions (decision 008); a transaction holds the connection from BEGIN to COMMIT.
 */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) await fs.mkdir(dataDir, { recursive: true })
  const thread = await startPgliteThread(dataDir)
  const scheduler = createScheduler(currentLane)
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
