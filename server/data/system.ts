import { randomBytes, randomUUID } from 'node:crypto'
import type { Queryable } from '../db/database.ts'

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

export const generateSecret = () => randomBytes(32).toString('base64')
export const generateUuid = () => randomUUID()
