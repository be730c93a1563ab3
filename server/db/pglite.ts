import fs from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import { withTimeout, type Database, type Queryable } from './database.ts'
import { createScheduler } from './scheduler.ts'

const NUMERIC_OID = 1700

export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) await fs.mkdir(dataDir, { recursive: true })
  // numeric (scores, EPSS) arrives as a number, as with node-postgres in postgres.ts.
  const options = { parsers: { [NUMERIC_OID]: (value: string) => Number(value) } }
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
