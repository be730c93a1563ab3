import { maybeOne, type Queryable } from '../db/database.ts'

/** What a source kept after its last run (see migration 0010); null when it never kept one. */
export async function readMirrorMarker(db: Queryable, source: string): Promise<unknown> {
  const row = await maybeOne<{ marker: unknown }>(
    db,
    'SELECT marker FROM mirror_state WHERE source = $1',
    [source],
  )
  return row?.marker ?? null
}

/** Stores a source's marker; the state row exists once a run has begun. */
export async function writeMirrorMarker(
  db: Queryable,
  source: string,
  marker: unknown,
): Promise<void> {
  await db.query(
    `INSERT INTO mirror_state (source, marker) VALUES ($1, $2::jsonb)
     ON CONFLICT (source) DO UPDATE SET marker = EXCLUDED.marker, updated_at = now()`,
    [source, JSON.stringify(marker)],
  )
}

/**
 * Moves an epoch-seconds config property (an incremental mirror's last-modified time) forward to
 * `seconds`, never back; a value that is not a number is replaced.
 */
export async function advanceEpochSecondsProperty(
  db: Queryable,
  groupName: string,
  propertyName: string,
  seconds: number,
): Promise<void> {
  await db.query(
    `UPDATE config_property SET property_value = $3::text
     WHERE group_name = $1 AND property_name = $2
       AND CASE WHEN property_value ~ '^[0-9]{1,18}$' THEN property_value::bigint < $3::bigint
                ELSE true END`,
    [groupName, propertyName, String(Math.floor(seconds))],
  )
}
