import {
  PROJECT_METRICS_JOB,
  type PortfolioMetricsPayload,
  type ProjectMetricsPayload,
} from '../domain/metrics/model.ts'
import {
  measureAggregates,
  measureEverything,
  measureProject,
  measureVulnerabilities,
} from '../domain/metrics/run.ts'
import { requestAggregateMetrics } from '../domain/metrics/triggers.ts'
import {
  deferJob,
  enqueueJob,
  hastenWaitingJobs,
  isAnotherJobRunning,
  releaseSingletonKey,
} from './queue.ts'
import type { JobHandler } from './worker.ts'

/** How long a project's run waits while another one of that project runs. */
const BUSY_DELAY_MS = 1000
const BUSY_JITTER_MS = 1000

/**
 * Measures one project (domain/metrics/run.ts), one run per project at a time across workers.
 * Once it has its turn it gives up its singleton key, so a change made while it runs queues
 * another run. A changed row queues the collections and the portfolio row shortly after.
 */
export const projectMetricsJob: JobHandler = async (payload, { db, logger, job }) => {
  const projectId = Number((payload as Partial<ProjectMetricsPayload> | null)?.projectId)
  if (!Number.isSafeInteger(projectId)) throw new Error('Metrics job without a project')
  const project = { projectId }
  if (await isAnotherJobRunning(db, PROJECT_METRICS_JOB, job.id, project)) {
    await deferJob(db, job.id, BUSY_DELAY_MS + Math.floor(Math.random() * BUSY_JITTER_MS))
    return
  }
  await releaseSingletonKey(db, job.id)
  const started = performance.now()
  try {
    const outcome = await measureProject(db, projectId)
    if (outcome?.changed) await requestAggregateMetrics(db, enqueueJob)
    logger.debug(
      { projectId, token: job.chain_id, ...outcome, ms: Math.round(performance.now() - started) },
      outcome ? 'project metrics measured' : 'project metrics skipped: no such project',
    )
  } finally {
    await hastenWaitingJobs(db, PROJECT_METRICS_JOB, project, BUSY_DELAY_MS + BUSY_JITTER_MS)
  }
}

/** Collections, deepest first, then the portfolio row. */
export const aggregateMetricsJob: JobHandler = async (_payload, { db, job }) => {
  await releaseSingletonKey(db, job.id)
  await measureAggregates(db)
}

/** The portfolio run: every project, then collections and the portfolio row. */
export const portfolioMetricsJob: JobHandler = async (payload, { db, logger, job, signal }) => {
  await releaseSingletonKey(db, job.id)
  const started = performance.now()
  const includeInactive = (payload as PortfolioMetricsPayload | null)?.includeInactive === true
  const outcome = await measureEverything(db, { includeInactive, signal })
  logger.info(
    { ...outcome, includeInactive, ms: Math.round(performance.now() - started) },
    'portfolio metrics measured',
  )
}

export const vulnerabilityMetricsJob: JobHandler = async (_payload, { db }) => {
  await measureVulnerabilities(db)
}
