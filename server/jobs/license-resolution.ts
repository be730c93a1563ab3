import {
  resolveComponentLicensesAgain,
  type LicenseResolutionPayload,
} from '../domain/licenses/resolution.ts'
import { enqueueJob } from './queue.ts'
import type { JobHandler } from './worker.ts'

/** Resolves components' licenses again after the catalogue changed (kind LICENSE_RESOLUTION_JOB). */
export const licenseResolutionJob: JobHandler = async (payload, { db, logger }) => {
  const changed = await resolveComponentLicensesAgain(
    db,
    enqueueJob,
    payload as LicenseResolutionPayload,
  )
  if (changed > 0) logger.info({ components: changed }, 'component licenses resolved again')
}
