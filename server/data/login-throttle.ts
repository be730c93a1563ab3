import type { Queryable } from '../db/database.ts'

export async function lockedUntil(db: Queryable, username: string): Promise<Date | undefined> {
  const rows = await db.query<{ locked_until: Date | null }>(
    'SELECT locked_until FROM login_throttle WHERE username = $1 AND locked_until > now()',
    [username],
  )
  return rows[0]?.locked_until ?? undefined
}

/** Forgets failures older than a day, unless they still hold a lock; keeps the table small. */
export async function pruneStaleFailures(db: Queryable) {
  await db.query(
    `DELETE FROM login_throttle
     WHERE last_failure_at < now() - interval '1 day'
       AND (locked_until IS NULL OR locked_until < now())`,
  )
}

/**
 * Counts a failure. From maxFailures on, each further failure locks the account for
 * lockSeconds doubled per extra failure (capped at 15 minutes). Failures older than a day are forgotten.
 */
export async function recordFailure(
  db: Queryable,
  username: string,
  maxFailures: number,
  lockSeconds: number,
): Promise<Date | undefined> {
  const rows = await db.query<{ locked_until: Date | null }>(
    `INSERT INTO login_throttle AS t (username, failures, last_failure_at) VALUES ($1, 1, now())
     ON CONFLICT (username) DO UPDATE SET
       failures = CASE WHEN t.last_failure_at < now() - interval '1 day' THEN 1 ELSE t.failures + 1 END,
       last_failure_at = now()
     RETURNING failures, locked_until`,
    [username],
  )
  const failures = Number((rows[0] as unknown as { failures: number }).failures)
  if (failures < maxFailures) return undefined
  const seconds = Math.min(900, lockSeconds * 2 ** (failures - maxFailures))
  const locked = await db.query<{ locked_until: Date }>(
    `UPDATE login_throttle SET locked_until = now() + ($2::int * interval '1 second')
     WHERE username = $1 RETURNING locked_until`,
    [username, seconds],
  )
  return locked[0]?.locked_until
}

export async function clearFailures(db: Queryable, username: string) {
  await db.query('DELETE FROM login_throttle WHERE username = $1', [username])
}
