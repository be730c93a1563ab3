import { auditClock, requestMetricsOfAuditedProjects } from '../domain/metrics/triggers.ts'
import type { VexProcessPayload } from '../domain/vex/jobs.ts'
import { processStoredVex } from '../domain/vex/process.ts'
import { enqueueJob } from './queue.ts'
import type { JobHandler } from './worker.ts'

/**
 * Applies one uploaded VEX; single-attempt, so a failure ends the token's processing. The
 * analyses it wrote change the project's counts: its metrics are measured again.
 */
export const processVexJob: JobHandler = async (payload, { db, job, logger }) => {
  const { uploadId } = payload as VexProcessPayload
  const since = await auditClock(db)
  await processStoredVex(db, uploadId, logger, job.chain_id)
  await requestMetricsOfAuditedProjects(db, enqueueJob, since)
}
