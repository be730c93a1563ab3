import { maybeOne, type Queryable } from '../db/database.ts'

type Id = number | string

/** The audit decision on one policy violation (table `violation_analysis`). */
export interface ViolationAnalysisRow {
  id: Id
  policy_violation_id: Id
  component_id: Id
  state: string
  suppressed: boolean
}

export interface ViolationAnalysisCommentRow {
  violation_analysis_id: Id
  timestamp: Date
  comment: string
  commenter: string | null
}

const COLUMNS = 'id, policy_violation_id, component_id, state, suppressed'

/** 4.13 looks a violation's analysis up by (component, violation). */
export function findViolationAnalysis(db: Queryable, componentId: Id, violationId: Id) {
  return maybeOne<ViolationAnalysisRow>(
    db,
    `SELECT ${COLUMNS} FROM violation_analysis
     WHERE component_id = $1 AND policy_violation_id = $2`,
    [componentId, violationId],
  )
}

/**
 * The violation's analysis, locked for this transaction; created with `initial` when there is
 * none (`created` then says so). Concurrent first decisions wait for each other instead of failing.
 */
export async function lockOrCreateViolationAnalysis(
  db: Queryable,
  target: { violationId: Id; projectId: Id; componentId: Id },
  initial: { state: string; suppressed: boolean },
): Promise<{ row: ViolationAnalysisRow; created: boolean }> {
  const [inserted] = await db.query<ViolationAnalysisRow>(
    `INSERT INTO violation_analysis (policy_violation_id, project_id, component_id, state, suppressed)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (policy_violation_id) DO NOTHING
     RETURNING ${COLUMNS}`,
    [target.violationId, target.projectId, target.componentId, initial.state, initial.suppressed],
  )
  if (inserted) return { row: inserted, created: true }
  const [existing] = await db.query<ViolationAnalysisRow>(
    `SELECT ${COLUMNS} FROM violation_analysis WHERE policy_violation_id = $1 FOR UPDATE`,
    [target.violationId],
  )
  return { row: existing!, created: false }
}

export async function updateViolationAnalysis(
  db: Queryable,
  id: Id,
  values: { state: string; suppressed: boolean },
) {
  await db.query('UPDATE violation_analysis SET state = $2, suppressed = $3 WHERE id = $1', [
    id,
    values.state,
    values.suppressed,
  ])
}

/** Appends trail entries in the given order (the trail is read back by timestamp, then id). */
export async function appendViolationAnalysisComments(
  db: Queryable,
  analysisId: Id,
  comments: readonly string[],
  commenter: string | null,
) {
  if (comments.length === 0) return
  await db.query(
    // clock_timestamp(), not the column's now(): now() is when the transaction began, so a decision
    // that waited for another's lock would sort before it in the trail.
    `INSERT INTO violation_analysis_comment (violation_analysis_id, "timestamp", comment, commenter)
     SELECT $1, clock_timestamp(), c, $3 FROM unnest($2::text[]) WITH ORDINALITY AS t(c, n) ORDER BY n`,
    [analysisId, comments, commenter],
  )
}

/** The trails of several analyses in one query, each oldest first. */
export function violationAnalysisComments(
  db: Queryable,
  analysisIds: readonly Id[],
): Promise<ViolationAnalysisCommentRow[]> {
  if (analysisIds.length === 0) return Promise.resolve([])
  return db.query<ViolationAnalysisCommentRow>(
    `SELECT violation_analysis_id, "timestamp", comment, commenter
     FROM violation_analysis_comment
     WHERE violation_analysis_id = ANY($1::bigint[])
     ORDER BY violation_analysis_id, "timestamp", id`,
    [analysisIds],
  )
}
