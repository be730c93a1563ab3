import {
  POLICY_EVALUATION_JOB,
  type PolicyEvaluationPayload,
  type PolicyEvaluationReason,
  type PolicyPortfolioEvaluationPayload,
} from '../domain/policies/model.ts'
import { evaluateProjectPolicies } from '../domain/policies/evaluation/run.ts'
import { queuePortfolioEvaluation } from '../domain/policies/evaluation/triggers.ts'
import { requestProjectMetrics } from '../domain/metrics/triggers.ts'
import {
  deferJob,
  enqueueJob,
  hastenWaitingJobs,
  isAnotherJobRunning,
  releaseSingletonKey,
} from './queue.ts'
import type { JobHandler } from './worker.ts'

const REASONS: readonly PolicyEvaluationReason[] = [
  'BOM_UPLOAD',
  'ANALYSIS',
  'COMPONENT',
  'POLICY_CHANGE',
  'PERIODIC',
]

const reasonOf = (value: unknown): PolicyEvaluationReason =>
  REASONS.includes(value as PolicyEvaluationReason) ? (value as PolicyEvaluationReason) : 'ANALYSIS'

function readPayload(payload: unknown): PolicyEvaluationPayload {
  const value = (payload ?? {}) as Partial<PolicyEvaluationPayload>
  const projectId = Number(value.projectId)
  if (!Number.isSafeInteger(projectId)) throw new Error('Policy evaluation job without a project')
  const request: PolicyEvaluationPayload = { projectId, reason: reasonOf(value.reason) }
  if (Array.isArray(value.componentIds)) request.componentIds = value.componentIds.map(Number)
  return request
}

/** How long an evaluation waits while another one of its project runs (4.13's per-project lock). */
const BUSY_DELAY_MS = 2000
const BUSY_JITTER_MS = 1000

/**
 * Evaluates one project's components (domain/policies/evaluation/run.ts), one evaluation per
 * project at a time across workers. Once it has its turn it gives up its singleton key, so a
 * change made while it runs queues another evaluation instead of coalescing with this one.
 */
export const policyEvaluationJob: JobHandler = async (payload, { db, logger, job, signal }) => {
  const request = readPayload(payload)
  const project = { projectId: request.projectId }
  if (await isAnotherJobRunning(db, POLICY_EVALUATION_JOB, job.id, project)) {
    await deferJob(db, job.id, BUSY_DELAY_MS + Math.floor(Math.random() * BUSY_JITTER_MS))
    return
  }
  await releaseSingletonKey(db, job.id)
  const started = performance.now()
  try {
    const outcome = await evaluateProjectPolicies({ db, logger, signal }, request)
    // The last link of a BOM's chain (4.13 §4.5): its token stays "processing" until the
    // project's metrics count the new inventory, its findings and its violations.
    if (outcome) await requestProjectMetrics(db, enqueueJob, request.projectId, job.chain_id)
    logger.info(
      {
        ...request,
        componentIds: request.componentIds?.length,
        token: job.chain_id,
        ...outcome,
        ms: Math.round(performance.now() - started),
      },
      outcome ? 'policy evaluation done' : 'policy evaluation skipped: no such project',
    )
  } finally {
    await hastenWaitingJobs(db, POLICY_EVALUATION_JOB, project, BUSY_DELAY_MS + BUSY_JITTER_MS)
  }
}

/** One evaluation per project a policy applies to or that holds violations. */
export const portfolioEvaluationJob: JobHandler = async (payload, { db, logger }) => {
  const { reason } = (payload ?? {}) as Partial<PolicyPortfolioEvaluationPayload>
  const projects = await queuePortfolioEvaluation(
    db,
    enqueueJob,
    reasonOf(reason ?? 'POLICY_CHANGE'),
  )
  logger.info({ projects }, 'portfolio policy evaluation queued')
}
