import { randomBytes, randomUUID } from 'node:crypto'
import type { Queryable } from '../db/database.ts'

// Any constant works; it only has to be the same for every Lookout process.
const SEED_LOCK_KEY = 7_301_455_911

/** Serialises first-start work between processes until the transaction ends. */
export async function lockSeeding(tx: Queryable) {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY])
}

export async function insertMissingPermissions(
  db: Queryable,
  permissions: readonly (readonly [name: string, description: string])[],
) {
  await db.query(
    `INSERT INTO permission (name, description)
     SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT (name) DO NOTHING`,
    [permissions.map(([name]) => name), permissions.map(([, description]) => description)],
  )
}

export async function countTeams(db: Queryable): Promise<number> {
  const rows = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM team')
  return Number(rows[0]?.count ?? 0)
}

/** Reads a generated setting, creating it once; concurrent first starts agree on one value. */
export async function ensureSetting(
  db: Queryable,
  name: string,
  generate: () => string,
): Promise<string> {
  await db.query(
    'INSERT INTO system_setting (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
    [name, generate()],
  )
  const rows = await db.query<{ value: string }>(
    'SELECT value FROM system_setting WHERE name = $1',
    [name],
  )
  return rows[0]!.value
}

export async function readSettings(
  db: Queryable,
  names: readonly string[],
): Promise<Map<string, string>> {
  const rows = await db.query<{ name: string; value: string }>(
    'SELECT name, value FROM system_setting WHERE name = ANY($1::text[])',
    [names],
  )
  return new Map(rows.map((row) => [row.name, row.value]))
}

export async function deleteSettings(db: Queryable, names: readonly string[]) {
  await db.query('DELETE FROM system_setting WHERE name = ANY($1::text[])', [names])
}

export const generateSecret = () => randomBytes(32).toString('base64')
export const generateUuid = () => randomUUID()

/** Stores a setting unless it exists; true when this call stored it (first start). */
export async function insertSettingOnce(db: Queryable, name: string, value: string) {
  const rows = await db.query(
    `INSERT INTO system_setting (name, value) VALUES ($1, $2)
     ON CONFLICT (name) DO NOTHING RETURNING name`,
    [name, value],
  )
  return rows.length > 0
}

export async function writeSetting(db: Queryable, name: string, value: string) {
  await db.query(
    `INSERT INTO system_setting (name, value) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value`,
    [name, value],
  )
}
