import type { Queryable } from '../db/database.ts'

/** One stored audit decision on a finding (table `analysis`). */
export interface AnalysisRow {
  id: number
  project_id: number
  component_id: number
  vulnerability_id: number
  state: string
  justification: string | null
  response: string | null
  details: string | null
  suppressed: boolean
  rule_id: number | null
}

export interface AnalysisCommentRow {
  timestamp: Date
  comment: string
  commenter: string | null
}

export interface AnalysisTarget {
  projectId: number
  componentId: number
  vulnerabilityId: number
}

export interface AnalysisValues {
  state: string
  justification: string | null
  response: string | null
  details: string | null
  suppressed: boolean
  ruleId?: number | null
}

const COLUMNS = `id, project_id, component_id, vulnerability_id, state, justification, response,
  details, suppressed, rule_id`

/** 4.13 looks an analysis up by (component, vulnerability) only. */
export async function findAnalysis(
  db: Queryable,
  componentId: number,
  vulnerabilityId: number,
): Promise<AnalysisRow | undefined> {
  const rows = await db.query<AnalysisRow>(
    `SELECT ${COLUMNS} FROM analysis WHERE component_id = $1 AND vulnerability_id = $2`,
    [componentId, vulnerabilityId],
  )
  return rows[0]
}

/** The analysis of the target, created as NOT_SET and unsuppressed when there is none. */
export async function ensureAnalysis(db: Queryable, target: AnalysisTarget): Promise<AnalysisRow> {
  const inserted = await db.query<AnalysisRow>(
    `INSERT INTO analysis (project_id, component_id, vulnerability_id)
     VALUES ($1, $2, $3)
     ON CONFLICT (component_id, vulnerability_id) DO NOTHING
     RETURNING ${COLUMNS}`,
    [target.projectId, target.componentId, target.vulnerabilityId],
  )
  return inserted[0] ?? (await findAnalysis(db, target.componentId, target.vulnerabilityId))!
}

export async function saveAnalysis(db: Queryable, id: number, values: AnalysisValues) {
  await db.query(
    `UPDATE analysis SET state = $2, justification = $3, response = $4, details = $5,
       suppressed = $6, rule_id = CASE WHEN $7::boolean THEN $8::bigint ELSE rule_id END,
       updated_at = now()
     WHERE id = $1`,
    [
      id,
      values.state,
      values.justification,
      values.response,
      values.details,
      values.suppressed,
      values.ruleId !== undefined,
      values.ruleId ?? null,
    ],
  )
}

/** Appends trail entries in the given order (the trail is read back ordered by id). */
export async function appendAnalysisComments(
  db: Queryable,
  analysisId: number,
  comments: readonly string[],
  commenter: string | null,
) {
  if (comments.length === 0) return
  await db.query(
    // clock_timestamp(), not the column's now(): now() is when the transaction began, so a decision
    // that waited for another's lock would sort before it in the trail.
    `INSERT INTO analysis_comment (analysis_id, "timestamp", comment, commenter)
     SELECT $1, clock_timestamp(), c, $3 FROM unnest($2::text[]) WITH ORDINALITY AS t(c, n) ORDER BY n`,
    [analysisId, comments, commenter],
  )
}

export function listAnalysisComments(
  db: Queryable,
  analysisId: number,
): Promise<AnalysisCommentRow[]> {
  return db.query<AnalysisCommentRow>(
    `SELECT "timestamp", comment, commenter FROM analysis_comment
     WHERE analysis_id = $1 ORDER BY "timestamp", id`,
    [analysisId],
  )
}
