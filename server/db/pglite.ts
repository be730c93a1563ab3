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

  return {
    dialect: 'pglite',
    query: (sql, params) => query(pg, sql, params),
    async transaction(fn) {
      return pg.transaction(async (tx) => {
        const scoped: Queryable = { query: (sql, params) => query(tx, sql, params) }
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
