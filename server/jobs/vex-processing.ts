import type { VexProcessPayload } from '../domain/vex/jobs.ts'
import { processStoredVex } from '../domain/vex/process.ts'
import type { JobHandler } from './worker.ts'

/** Applies one uploaded VEX; single-attempt, so a failure ends the token's processing. */
export const processVexJob: JobHandler = async (payload, { db, job, logger }) => {
  const { uploadId } = payload as VexProcessPayload
  await processStoredVex(db, uploadId, logger, job.chain_id)
}
