import { afterAll, beforeAll, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { vulnerabilityFixtures } from '../support/vulnerability-fixtures.ts'

// An analysis waiting on an unreachable service (OSS Index retries with growing waits, as in
// 4.13) must not hold up a shutdown: the worker stops it and the job is queued again for the
// next start (durable jobs, resumable).

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
const fixtures = vulnerabilityFixtures(
  () => server,
  () => api,
  () => adminJwt,
)

beforeAll(async () => {
  // Port 9 (discard) refuses connections: every attempt fails and is retried after a wait.
  server = await startApiServer({ LOOKOUT_OSSINDEX_URL: 'http://127.0.0.1:9' })
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
})

afterAll(async () => {
  await server?.close()
})

const analysisJobs = () =>
  fixtures.sql(`SELECT status, attempts, last_error FROM job WHERE kind = 'vulnerability.analysis'`)

it('stops an analysis stuck in retries at shutdown and queues it again', async () => {
  const project = await fixtures.createProject('shutdown-app', '1.0')
  await fixtures.createComponent(project, 'lodash', '4.17.15')
  await expect.poll(analysisJobs, { timeout: 10_000 }).toMatchObject([{ status: 'running' }])
  const stopping = Date.now()
  await server.lookout.close()
  expect(Date.now() - stopping).toBeLessThan(5_000)
  await server.restart()
  // Queued again without counting the interrupted attempt (or already taken up once more).
  const [job] = await analysisJobs()
  expect(job).toMatchObject({ last_error: null })
  expect(job!.status).not.toBe('failed')
  expect(Number(job!.attempts)).toBeLessThanOrEqual(1)
})
