import path from 'node:path'
import type { Database } from './database.ts'
import { openPglite } from './pglite.ts'
import { openPostgres } from './postgres.ts'

export async function openDatabase(options: {
  databaseUrl?: string
  dataDir: string
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl)
  return openPglite(path.join(options.dataDir, 'pglite'))
}
