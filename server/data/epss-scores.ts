import type { Queryable } from '../db/database.ts'

export interface EpssScoreRow {
  cveId: string
  score: number
  percentile: number
}

/** Stores a batch of EPSS scores by CVE id; rows whose values are unchanged are not rewritten. */
export async function upsertEpssScores(db: Queryable, batch: readonly EpssScoreRow[]) {
  // One row per CVE: a statement may not update the same row twice.
  const rows = [...new Map(batch.map((row) => [row.cveId, row])).values()]
  if (rows.length === 0) return
  await db.query(
    `INSERT INTO epss_score (cve_id, score, percentile)
     SELECT * FROM unnest($1::text[], $2::numeric[], $3::numeric[])
     ON CONFLICT (cve_id) DO UPDATE SET score = EXCLUDED.score, percentile = EXCLUDED.percentile
       WHERE (epss_score.score, epss_score.percentile)
         IS DISTINCT FROM (EXCLUDED.score, EXCLUDED.percentile)`,
    [rows.map((row) => row.cveId), rows.map((row) => row.score), rows.map((row) => row.percentile)],
  )
}
