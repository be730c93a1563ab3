import type { Queryable } from '../db/database.ts'

/** What the metrics triggers look up: when audits happened, whose project, a clone. */

/** The database's clock (audit decisions compare analysis times with it). */
export async function databaseNow(db: Queryable): Promise<Date> {
  const [row] = await db.query<{ now: Date }>('SELECT clock_timestamp() AS now')
  return new Date(row!.now)
}

/** Projects whose analyses were written since `since`. */
export async function projectsAuditedSince(db: Queryable, since: Date) {
  const rows = await db.query<{ project_id: string }>(
    'SELECT DISTINCT project_id FROM analysis WHERE updated_at >= $1',
    [since],
  )
  return rows.map((row) => Number(row.project_id))
}

export async function projectOfComponent(db: Queryable, componentId: number) {
  const rows = await db.query<{ project_id: string }>(
    'SELECT project_id FROM component WHERE id = $1',
    [componentId],
  )
  return rows[0] && Number(rows[0].project_id)
}

/** The version `version` of the project `uuid` (a clone of it), if it exists. */
export async function findVersionOf(db: Queryable, uuid: string, version: string | null) {
  const rows = await db.query<{ id: string }>(
    `SELECT v.id FROM project s JOIN project v ON v.name = s.name
     WHERE s.uuid = $1 AND COALESCE(v.version, '') = COALESCE($2, '')`,
    [uuid, version],
  )
  return rows[0] && Number(rows[0].id)
}
