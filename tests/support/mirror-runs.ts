import type { TestServer } from './api-server.ts'

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
