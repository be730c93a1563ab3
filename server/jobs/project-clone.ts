import { requestMetricsOfClone } from '../domain/metrics/triggers.ts'
import { CloneJobPayload, cloneProject } from '../domain/projects/clone.ts'
import { enqueueJob } from './queue.ts'
import type { JobHandler } from './worker.ts'

/** Copies a project as a new version (kind CLONE_JOB, requested by PUT /v1/project/clone). */
export const cloneProjectJob: JobHandler = async (payload, { db }) => {
  const request = CloneJobPayload.parse(payload)
  await db.transaction((tx) => cloneProject(tx, request))
  await requestMetricsOfClone(db, enqueueJob, request)
}
