import type { AnalysisLevel } from '../../../../common/dt-vocabulary.ts'
import type { AppContext } from '../../../context.ts'
import { projectsToEvaluateAfter } from '../../../data/policy-evaluation.ts'
import type { Queryable } from '../../../db/database.ts'
import {
  POLICY_EVALUATION_JOB,
  type PolicyEvaluationPayload,
  type PolicyEvaluationReason,
} from '../model.ts'

type Enqueue = AppContext['enqueue']

const EVALUATION_ATTEMPTS = 3

export const evaluationKey = (payload: PolicyEvaluationPayload) => {
  const ids = payload.componentIds
  if (!ids) return `${POLICY_EVALUATION_JOB}:project:${payload.projectId}`
  return ids.length === 1 ? `${POLICY_EVALUATION_JOB}:component:${ids[0]}` : undefined
}

/**
 * Queues a policy evaluation. A request coalesces with an evaluation of the same project (or
 * component) that still waits: that one reads the state when it starts (a running one has given
 * up its key, see the job). A request that brings its chain (a BOM upload's token) is queued
 * in that chain anyway, so the token stays "processing" until its evaluation ended.
 */
export async function requestPolicyEvaluation(
  db: Queryable,
  enqueue: Enqueue,
  payload: PolicyEvaluationPayload,
  chainId?: string,
) {
  const options = { chainId, maxAttempts: EVALUATION_ATTEMPTS }
  const singletonKey = evaluationKey(payload)
  if (singletonKey) {
    const job = await enqueue(db, POLICY_EVALUATION_JOB, payload, { ...options, singletonKey })
    if (job || !chainId) return
  }
  await enqueue(db, POLICY_EVALUATION_JOB, payload, options)
}

const REASON_OF_LEVEL: Record<AnalysisLevel, PolicyEvaluationReason> = {
  BOM_UPLOAD_ANALYSIS: 'BOM_UPLOAD',
  ON_DEMAND: 'ANALYSIS',
  PERIODIC_ANALYSIS: 'PERIODIC',
}

/**
 * §3.4: evaluation follows every vulnerability analysis of a project (BOM upload, on demand,
 * periodic) and of components created or changed through the API, in the analysis's chain.
 */
export async function requestEvaluationAfterAnalysis(
  db: Queryable,
  enqueue: Enqueue,
  analysis: { projectId: number; level: AnalysisLevel; componentIds?: readonly number[] },
  chainId: string,
) {
  const payload: PolicyEvaluationPayload = {
    projectId: analysis.projectId,
    reason: analysis.componentIds ? 'COMPONENT' : REASON_OF_LEVEL[analysis.level],
  }
  if (analysis.componentIds) payload.componentIds = [...analysis.componentIds]
  await requestPolicyEvaluation(db, enqueue, payload, chainId)
}

const PROJECT_PAGE = 200

/**
 * The portfolio evaluation (beyond 4.13, after policies change): one evaluation per project a
 * policy applies to or that holds violations, in id order. Answers how many were requested.
 */
export async function queuePortfolioEvaluation(
  db: Queryable,
  enqueue: Enqueue,
  reason: PolicyEvaluationReason,
): Promise<number> {
  let queued = 0
  for (let after = 0; ;) {
    const ids = await projectsToEvaluateAfter(db, after, PROJECT_PAGE)
    for (const projectId of ids) {
      await requestPolicyEvaluation(db, enqueue, { projectId, reason })
      queued++
    }
    if (ids.length < PROJECT_PAGE) return queued
    after = ids.at(-1)!
  }
}
