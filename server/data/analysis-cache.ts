import type { Queryable } from '../db/database.ts'

export interface CacheEntry {
  target: string
  vulnerabilityIds: number[]
}

/** Entries of one analyzer host and source newer than `validFrom`, by target. */
export async function findCacheEntries(
  db: Queryable,
  targetHost: string,
  source: string,
  targets: readonly string[],
  validFrom: Date,
): Promise<CacheEntry[]> {
  if (targets.length === 0) return []
  const rows = await db.query<{ target: string; vulnerability_ids: (string | number)[] }>(
    `SELECT target, vulnerability_ids FROM component_analysis_cache
     WHERE target_host = $1 AND source = $2 AND target = ANY($3::text[]) AND updated_at >= $4`,
    [targetHost, source, [...targets], validFrom],
  )
  return rows.map((row) => ({
    target: row.target,
    vulnerabilityIds: (row.vulnerability_ids ?? []).map(Number),
  }))
}

/** Inserts or refreshes entries (one statement for the whole list). */
export async function saveCacheEntries(
  db: Queryable,
  targetHost: string,
  source: string,
  entries: readonly CacheEntry[],
): Promise<void> {
  if (entries.length === 0) return
  await db.query(
    `INSERT INTO component_analysis_cache (target_host, source, target, vulnerability_ids, updated_at)
     SELECT $1, $2, e.target, ARRAY(SELECT jsonb_array_elements_text(e.ids)::bigint), now()
     FROM jsonb_to_recordset($3::jsonb) AS e(target text, ids jsonb)
     ON CONFLICT (target_host, source, target)
     DO UPDATE SET vulnerability_ids = EXCLUDED.vulnerability_ids, updated_at = now()`,
    [
      targetHost,
      source,
      JSON.stringify(entries.map((entry) => ({ target: entry.target, ids: entry.vulnerabilityIds }))),
    ],
  )
}

/** Removes entries last refreshed before `olderThan`; returns how many. */
export async function purgeCacheEntries(db: Queryable, olderThan: Date): Promise<number> {
  const rows = await db.query<{ id: string }>(
    'DELETE FROM component_analysis_cache WHERE updated_at < $1 RETURNING id',
    [olderThan],
  )
  return rows.length
}
