import type { MirrorStateRow } from '../../server/data/mirror-state.ts'
import {
  MIRROR_JOB,
  type MirrorJobPayload,
} from '../../server/domain/vulnerabilities/mirror/run.ts'
import type { MirrorSourceName } from '../../server/domain/vulnerabilities/mirror/source.ts'
import type { TestServer } from './api-server.ts'

/**
 * Runs one mirror job on the test server's own worker, as "Mirror now" or an upload would queue
 * it, and waits for it; one attempt, so a failure shows at once. Answers the source's state row.
 */
export async function runMirrorJob(
  server: TestServer,
  source: MirrorSourceName,
  options: { bulkFile?: string } = {},
): Promise<MirrorStateRow> {
  const ctx = server.lookout.ctx!
  const payload: MirrorJobPayload = { source, ...options }
  await ctx.enqueue(ctx.db, MIRROR_JOB, payload, { maxAttempts: 1 })
  await server.lookout.worker!.drain()
  const [state] = await ctx.db.query<MirrorStateRow>(
    'SELECT * FROM mirror_state WHERE source = $1',
    [source],
  )
  if (!state) throw new Error(`no mirror state for ${source}`)
  return state
}
