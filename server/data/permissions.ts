import type { Queryable } from '../db/database.ts'

export function listPermissions(db: Queryable) {
  return db.query<{ name: string; description: string }>(
    'SELECT name, description FROM permission ORDER BY name',
  )
}
