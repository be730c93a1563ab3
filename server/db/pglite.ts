import fs from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import type { Database, Queryable } from './database.ts'

export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) await fs.mkdir(dataDir, { recursive: true })
  const pg = dataDir ? new PGlite(dataDir) : new PGlite()
  await pg.waitReady

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

  return {
    dialect: 'pglite',
    query: (sql, params) => query(pg, sql, params),
    copyFrom: (table, columns, text) => copyFrom(pg, table, columns, text),
    async transaction(fn) {
      return pg.transaction(async (tx) => {
        const scoped: Queryable = {
          query: (sql, params) => query(tx, sql, params),
          copyFrom: (table, columns, text) => copyFrom(tx, table, columns, text),
        }
        return fn(scoped)
      })
    },
    async exec(sql) {
      await pg.exec(sql)
    },
    async productInfo() {
      const rows = await query<{ server_version: string }>(pg, 'SHOW server_version')
      return {
        productName: 'PGlite (PostgreSQL)',
        productVersion: rows[0]?.server_version ?? 'unknown',
      }
    },
    async close() {
      await pg.close()
    },
  }
}
