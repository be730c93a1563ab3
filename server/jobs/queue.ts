import type { Queryable } from '../db/database.ts'

export interface EnqueueOptions {
  /** Jobs of one chain share a token; the chain is "processing" while any of them is queued or running. */
  chainId?: string
  priority?: number
  maxAttempts?: number
  runAt?: Date
  /** At most one queued-or-running job per key; a second enqueue is skipped. */
  singletonKey?: string
  /** With singletonKey: a job of that key still waiting is brought forward to runAt (or now). */
  hasten?: boolean
}

export interface JobRow {
  id: number
  kind: string
  payload: unknown
  chain_id: string
  attempts: number
  max_attempts: number
}

export async function enqueueJob(
  db: Queryable,
  kind: string,
  payload: unknown,
  options: EnqueueOptions = {},
): Promise<{ id: number; chainId: string } | undefined> {
  const rows = await db.query<{ id: number; chain_id: string }>(
    `INSERT INTO job (kind, payload, chain_id, priority, max_attempts, run_at, singleton_key)
     VALUES ($1, $2::jsonb, COALESCE($3::uuid, gen_random_uuid()), $4, $5, COALESCE($6, now()), $7)
     ON CONFLICT (singleton_key) WHERE singleton_key IS NOT NULL AND status IN ('queued', 'running')
     DO ${
       options.hasten
         ? `UPDATE SET run_at = LEAST(job.run_at, EXCLUDED.run_at), updated_at = now()
            WHERE job.status = 'queued'`
         : 'NOTHING'
     }
     RETURNING id, chain_id`,
    [
      kind,
      JSON.stringify(payload ?? {}),
      options.chainId ?? null,
      options.priority ?? 0,
      options.maxAttempts ?? 5,
      options.runAt ?? null,
      options.singletonKey ?? null,
    ],
  )
  const row = rows[0]
  return row && { id: Number(row.id), chainId: row.chain_id }
}

/** How long a claim holds without a heartbeat; a crashed worker's job moves on after this. */
export const DEFAULT_LEASE_MS = 10_000

/**
 * Takes the next due job, or one whose worker's lease has run out (a crash). A job this very
 * worker still holds is never taken back by it, even late: it is still running here.
 * SKIP LOCKED lets any number of workers on one PostgreSQL claim jobs without taking the same one.
 */
export async function claimJob(
  db: Queryable,
  workerId: string,
  leaseMs: number,
  /** Kinds this worker may not take now (it runs as many of them as it allows). */
  excludedKinds: string[] = [],
): Promise<JobRow | undefined> {
  const rows = await db.query<JobRow>(
    `UPDATE job SET status = 'running', attempts = attempts + 1, locked_by = $1,
        locked_until = now() + ($2::int * interval '1 millisecond'), updated_at = now()
     WHERE id = (
       SELECT id FROM job
       WHERE ((status = 'queued' AND run_at <= now())
          OR (status = 'running' AND locked_until < now() AND locked_by <> $1))
         AND kind <> ALL($3::text[])
       ORDER BY priority DESC, id
       LIMIT 1
       FOR UPDATE SKIP LOCKED
     )
     RETURNING id, kind, payload, chain_id, attempts, max_attempts`,
    [workerId, leaseMs, excludedKinds],
  )
  const row = rows[0]
  return row && { ...row, id: Number(row.id) }
}

/**
 * A restarted worker (same identity, new incarnation) puts back at once the jobs its previous
 * incarnation held when it stopped, instead of waiting for their leases to run out.
 */
export async function releaseJobsOfEarlierIncarnations(
  db: Queryable,
  identity: string,
  workerId: string,
): Promise<number> {
  const rows = await db.query(
    `UPDATE job SET status = 'queued', locked_by = NULL, locked_until = NULL, run_at = now(),
        updated_at = now()
     WHERE status = 'running' AND starts_with(locked_by, $1) AND locked_by <> $2
     RETURNING id`,
    [`${identity}:`, workerId],
  )
  return rows.length
}

export async function extendLease(db: Queryable, jobId: number, workerId: string, leaseMs: number) {
  await db.query(
    `UPDATE job SET locked_until = now() + ($3::int * interval '1 millisecond'), updated_at = now()
     WHERE id = $1 AND locked_by = $2 AND status = 'running'`,
    [jobId, workerId, leaseMs],
  )
}

/** Returns false when the lease was lost (another worker took the job over). */
export async function completeJob(db: Queryable, jobId: number, workerId: string) {
  const rows = await db.query(
    `UPDATE job SET status = 'succeeded', finished_at = now(), updated_at = now(),
        locked_by = NULL, locked_until = NULL
     WHERE id = $1 AND locked_by = $2 AND status = 'running' RETURNING id`,
    [jobId, workerId],
  )
  return rows.length > 0
}

export async function failJob(db: Queryable, job: JobRow, workerId: string, error: string) {
  const retry = job.attempts < job.max_attempts
  const backoffMs = Math.min(60_000 * 15, 1000 * 2 ** job.attempts)
  await db.query(
    `UPDATE job SET status = $3, last_error = $4, updated_at = now(), locked_by = NULL,
        locked_until = NULL, run_at = now() + ($5::int * interval '1 millisecond'),
        finished_at = CASE WHEN $3 = 'failed' THEN now() ELSE NULL END
     WHERE id = $1 AND locked_by = $2`,
    [job.id, workerId, retry ? 'queued' : 'failed', error.slice(0, 4000), backoffMs],
  )
}

/**
 * Puts a running job back in the queue to run after a delay, without counting the attempt (the
 * work could not start yet). The worker's completion of it afterwards changes nothing.
 */
export async function deferJob(db: Queryable, jobId: number, delayMs: number) {
  await db.query(
    `UPDATE job SET status = 'queued', attempts = GREATEST(attempts - 1, 0), locked_by = NULL,
        locked_until = NULL, run_at = now() + ($2::int * interval '1 millisecond'), updated_at = now()
     WHERE id = $1 AND status = 'running'`,
    [jobId, delayMs],
  )
}

/**
 * A running job gives up its singleton key: an enqueue of that key then queues a new job (which
 * will see what changed since this one started) instead of being skipped.
 */
export async function releaseSingletonKey(db: Queryable, jobId: number) {
  await db.query(`UPDATE job SET singleton_key = NULL WHERE id = $1 AND status = 'running'`, [
    jobId,
  ])
}

/** Whether another job of a kind whose payload contains the given fields holds a live lease. */
export async function isAnotherJobRunning(
  db: Queryable,
  kind: string,
  excludeId: number,
  payload: Record<string, unknown>,
): Promise<boolean> {
  const rows = await db.query<{ running: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM job WHERE kind = $1 AND id <> $2 AND status = 'running'
       AND locked_until >= now() AND payload @> $3::jsonb) AS running`,
    [kind, excludeId, JSON.stringify(payload)],
  )
  return rows[0]?.running ?? false
}

/**
 * Brings forward to now the waiting jobs of a kind whose payload contains the given fields and
 * that are due within `withinMs` (jobs deferred for a moment, not ones scheduled for later).
 */
export async function hastenWaitingJobs(
  db: Queryable,
  kind: string,
  payload: Record<string, unknown>,
  withinMs: number,
) {
  await db.query(
    `UPDATE job SET run_at = now(), updated_at = now()
     WHERE kind = $1 AND status = 'queued' AND run_at > now() AND payload @> $2::jsonb
       AND run_at <= now() + ($3::int * interval '1 millisecond')`,
    [kind, JSON.stringify(payload), withinMs],
  )
}

export async function isChainProcessing(db: Queryable, chainId: string): Promise<boolean> {
  const rows = await db.query<{ processing: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM job WHERE chain_id = $1 AND status IN ('queued', 'running'))
       AS processing`,
    [chainId],
  )
  return rows[0]?.processing ?? false
}

/** Finished jobs are kept a while for diagnosis, then removed. */
export async function pruneFinishedJobs(db: Queryable, olderThanMs: number) {
  await db.query(
    `DELETE FROM job WHERE status IN ('succeeded', 'failed')
       AND finished_at < now() - ($1::int * interval '1 millisecond')`,
    [olderThanMs],
  )
}
