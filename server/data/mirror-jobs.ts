import { maybeOne, type Queryable } from '../db/database.ts'

/** The chain (token) of the job holding a singleton key while it waits or runs, if any. */
export async function activeJobChain(
  db: Queryable,
  singletonKey: string,
): Promise<string | undefined> {
  const row = await maybeOne<{ chain_id: string }>(
    db,
    `SELECT chain_id FROM job WHERE singleton_key = $1 AND status IN ('queued', 'running')
     ORDER BY id LIMIT 1`,
    [singletonKey],
  )
  return row?.chain_id
}
