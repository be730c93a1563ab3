import { maybeOne, type Queryable } from '../db/database.ts'

export interface MirrorStateRow {
  source: string
  status: 'IDLE' | 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED'
  /** Where a run that stopped resumes (source-specific JSON); null between runs. */
  position: unknown
  records_done: number
  records_total: number | null
  current_step: string | null
  started_at: Date | null
  finished_at: Date | null
  last_success_at: Date | null
  last_error: string | null
  last_error_at: Date | null
  updated_at: Date
}

const COLUMNS = `source, status, position, records_done, records_total, current_step, started_at,
  finished_at, last_success_at, last_error, last_error_at, updated_at`

export function mirrorStates(db: Queryable): Promise<MirrorStateRow[]> {
  return db.query<MirrorStateRow>(`SELECT ${COLUMNS} FROM mirror_state ORDER BY source`)
}

export function mirrorState(db: Queryable, source: string): Promise<MirrorStateRow | undefined> {
  return maybeOne<MirrorStateRow>(db, `SELECT ${COLUMNS} FROM mirror_state WHERE source = $1`, [
    source,
  ])
}

export async function markMirrorQueued(db: Queryable, source: string): Promise<void> {
  await db.query(
    `INSERT INTO mirror_state (source, status) VALUES ($1, 'QUEUED')
     ON CONFLICT (source) DO UPDATE SET status = 'QUEUED', updated_at = now()
       WHERE mirror_state.status <> 'RUNNING'`,
    [source],
  )
}

/** A queued run found its source disabled: nothing ran. */
export async function markMirrorIdle(db: Queryable, source: string): Promise<void> {
  await db.query(
    `UPDATE mirror_state SET status = 'IDLE', updated_at = now()
     WHERE source = $1 AND status = 'QUEUED'`,
    [source],
  )
}

/**
 * Starts a run, or resumes one that stopped: after a RUNNING row (its worker died) or a FAILED
 * one, the position and counters stay, and the source decides whether the position still holds
 * (a new OSV archive, for one, starts over). Returns the row as the run sees it.
 */
export async function beginMirrorRun(db: Queryable, source: string): Promise<MirrorStateRow> {
  const rows = await db.query<MirrorStateRow>(
    `INSERT INTO mirror_state (source, status, started_at) VALUES ($1, 'RUNNING', now())
     ON CONFLICT (source) DO UPDATE SET
       status = 'RUNNING',
       started_at = CASE WHEN mirror_state.status = 'RUNNING' THEN mirror_state.started_at ELSE now() END,
       records_done = CASE WHEN mirror_state.status IN ('RUNNING', 'FAILED') THEN mirror_state.records_done ELSE 0 END,
       records_total = CASE WHEN mirror_state.status IN ('RUNNING', 'FAILED') THEN mirror_state.records_total ELSE NULL END,
       position = CASE WHEN mirror_state.status IN ('RUNNING', 'FAILED') THEN mirror_state.position ELSE NULL END,
       current_step = CASE WHEN mirror_state.status IN ('RUNNING', 'FAILED') THEN mirror_state.current_step ELSE NULL END,
       finished_at = NULL,
       updated_at = now()
     RETURNING ${COLUMNS}`,
    [source],
  )
  return rows[0]!
}

export interface MirrorProgress {
  position: unknown
  recordsAdded: number
  recordsTotal?: number | null
  currentStep?: string | null
}

export async function recordMirrorProgress(
  db: Queryable,
  source: string,
  progress: MirrorProgress,
): Promise<void> {
  await db.query(
    `UPDATE mirror_state SET position = $2::jsonb, records_done = records_done + $3,
       records_total = COALESCE($4, records_total), current_step = COALESCE($5, current_step),
       updated_at = now()
     WHERE source = $1`,
    [
      source,
      JSON.stringify(progress.position ?? null),
      progress.recordsAdded,
      progress.recordsTotal ?? null,
      progress.currentStep ?? null,
    ],
  )
}

export async function finishMirrorRun(
  db: Queryable,
  source: string,
  outcome: { error?: string },
): Promise<void> {
  if (outcome.error === undefined) {
    await db.query(
      `UPDATE mirror_state SET status = 'SUCCEEDED', position = NULL, finished_at = now(),
         last_success_at = now(), current_step = NULL, updated_at = now()
       WHERE source = $1`,
      [source],
    )
  } else {
    // The position stays: the job's next attempt resumes from it.
    await db.query(
      `UPDATE mirror_state SET status = 'FAILED', finished_at = now(), last_error = $2,
         last_error_at = now(), updated_at = now()
       WHERE source = $1`,
      [source, outcome.error.slice(0, 2000)],
    )
  }
}
