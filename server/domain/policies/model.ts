/**
 * Policy evaluation jobs (dt-behaviour §3.4). One project's components are evaluated by
 * POLICY_EVALUATION_JOB; POLICY_PORTFOLIO_EVALUATION_JOB queues one per project a policy can
 * apply to (beyond 4.13: after policies, conditions or their limits change).
 */
export const POLICY_EVALUATION_JOB = 'policy.evaluation'
export const POLICY_PORTFOLIO_EVALUATION_JOB = 'policy.evaluation.portfolio'

export type PolicyEvaluationReason =
  'BOM_UPLOAD' | 'ANALYSIS' | 'COMPONENT' | 'POLICY_CHANGE' | 'PERIODIC'

export interface PolicyEvaluationPayload {
  projectId: number
  /** Only these components of the project (a component created or updated through the API). */
  componentIds?: number[]
  reason: PolicyEvaluationReason
}

export interface PolicyPortfolioEvaluationPayload {
  reason: PolicyEvaluationReason
}
