import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Database } from './database.ts'

const MIGRATION_FILE = /^(\d{4})_[a-z0-9_]+\.sql$/
// Any constant works; it only has to be the same for every Lookout process.
const MIGRATION_LOCK_KEY = 7_301_455_910

export function migrationsDir(): string {
  return path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')
}

export async function listMigrations(dir = migrationsDir()) {
  const files = (await fs.readdir(dir)).filter((file) => MIGRATION_FILE.test(file)).sort()
  return Promise.all(
    files.map(async (file) => ({
      id: file.replace(/\.sql$/, ''),
      sql: await fs.readFile(path.join(dir, file), 'utf8'),
    })),
  )
}

/** Applies pending migrations in order; safe when several processes start at once. */
export async function migrate(db: Database, dir = migrationsDir()): Promise<string[]> {
  const migrations = await listMigrations(dir)
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY])
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migration (
      id text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`)
    const done = new Set(
      (await tx.query<{ id: string }>('SELECT id FROM schema_migration')).map((row) => row.id),
    )
    const applied: string[] = []
    for (const migration of migrations) {
      if (done.has(migration.id)) continue
      for (const statement of splitStatements(migration.sql)) await tx.query(statement)
      await tx.query('INSERT INTO schema_migration (id) VALUES ($1)', [migration.id])
      applied.push(migration.id)
    }
    return applied
  })
}

/** Migrations are plain statements separated by semicolons at line ends (no functions). */
export function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*(?:\r?\n|$)/)
    .map((statement) =>
      statement
        .split('\n')
        .filter((line) => !line.trim().startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter(Boolean)
}
