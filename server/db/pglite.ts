import fs from 'node:fs/promises'
import v8 from 'node:v8'
import { PGlite, type PGliteOptions } from '@electric-sql/pglite'
import { withTimeout, type Database, type Queryable } from './database.ts'
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
/** Sets PGLITE_V8_FLAGS once per process (a worker thread's call applies to the whole process). */
export function applyPgliteV8Flags() {
  if (flagsApplied) return
  flagsApplied = true
  for (const flag of PGLITE_V8_FLAGS) v8.setFlagsFromString(flag)
}

/** Every PGlite this server opens is constructed with these options. */
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

export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) await fs.mkdir(dataDir, { recursive: true })
  applyPgliteV8Flags()
  const options = pgliteOptions()
  const pg = dataDir ? new PGlite(dataDir, options) : new PGlite(options)
  await pg.waitReady
  // PGlite is one connection: everything goes through one queue where single statements pass
  // queued transactions, and each transaction lets the event loop breathe between statements.
  const scheduler = createScheduler()
  const query = async <Row>(runner: Pick<PGlite, 'query'>, sql: string, params?: unknown[]) => {
    const result = await runner.query<Row>(sql, params)
    return result.rows
  }
  // PGlite reads COPY input from a blob named /dev/blob; a fifth faster than json_to_recordset.
  const copyFrom = async (
    runner: Pick<PGlite, 'query'>,
    table: string,
    columns: readonly string[],
    text: string,
  ) => {
    const names = columns.map((column) => `"${column}"`).join(', ')
    await runner.query(`COPY ${table} (${names}) FROM '/dev/blob'`, [], {
      blob: new Blob([text]),
    })
  }
  const database: Database = {
    dialect: 'pglite',
    query: (sql, params) => scheduler.statement(() => query(pg, sql, params)),
    copyFrom: (table, columns, text) =>
      scheduler.statement(() => copyFrom(pg, table, columns, text)),
    async transaction(fn) {
      return scheduler.transaction(() =>
        pg.transaction(async (tx) => {
          const scoped: Queryable = {
            query: async (sql, params) => {
              await scheduler.breathe()
              return query(tx, sql, params)
            },
            copyFrom: async (table, columns, text) => {
              await scheduler.breathe()
              return copyFrom(tx, table, columns, text)
            },
          }
          return fn(scoped)
        }),
      )
    },
    async exec(sql) {
      await scheduler.transaction(() => pg.exec(sql))
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
      await scheduler.transaction(() => pg.close())
    },
  }
  return database
}
