import { updateConfigProperties } from '../../server/domain/config/properties.ts'
import { configKeyOf } from '../../server/domain/system/installation-keys.ts'
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

/**
 * Waits until no vulnerability-source run is queued or under way. Changing a source's settings
 * through /configProperty queues its mirror at once; a test that then drives a run of its own
 * calls this first, so the two do not meet.
 */
export async function settleMirrorRuns(server: TestServer, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const [row] = await server.lookout.ctx!.db.query<{ pending: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM job WHERE kind = 'vulnerability.mirror'
         AND status IN ('queued', 'running')) AS pending`,
    )
    if (!row?.pending) return
    if (Date.now() > deadline) throw new Error(`mirror runs still pending after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/**
 * Stores `vuln-source` settings as the console's pages would, but without the settings hook that
 * queues a mirror: a test that drives runs itself sets its sources up with this (the hook is
 * tested in mirror-control.test.ts). Secrets are encrypted with the installation's key.
 */
export async function storeSourceSettings(
  server: TestServer,
  values: Record<string, string | null>,
): Promise<void> {
  const db = server.lookout.ctx!.db
  const results = await updateConfigProperties(
    db,
    Object.entries(values).map(([propertyName, propertyValue]) => ({
      groupName: 'vuln-source',
      propertyName,
      propertyValue,
    })),
    configKeyOf(db),
  )
  const refused = results.filter((result) => typeof result === 'string')
  if (refused.length > 0) throw new Error(`settings refused: ${refused.join('; ')}`)
}
