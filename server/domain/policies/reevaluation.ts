import type { AppContext } from '../../context.ts'
import { singletonJobRunning } from '../../data/policies.ts'
import type { Queryable } from '../../db/database.ts'
import { POLICY_PORTFOLIO_EVALUATION_JOB, type PolicyPortfolioEvaluationPayload } from './model.ts'

export type Enqueue = AppContext['enqueue']

const KEY = `${POLICY_PORTFOLIO_EVALUATION_JOB}:policy-change`

/**
 * Beyond 4.13 (which evaluates only on analysis): after a policy, its conditions or its limits
 * changed, the portfolio is evaluated again. Changes coalesce into one waiting evaluation; a
 * change made while one runs queues one more, since the running one may have read the old rules.
 */
export async function requestPolicyReevaluation(db: Queryable, enqueue: Enqueue) {
  const payload: PolicyPortfolioEvaluationPayload = { reason: 'POLICY_CHANGE' }
  if (await enqueue(db, POLICY_PORTFOLIO_EVALUATION_JOB, payload, { singletonKey: KEY })) return
  if (!(await singletonJobRunning(db, KEY))) return
  await enqueue(db, POLICY_PORTFOLIO_EVALUATION_JOB, payload, { singletonKey: `${KEY}:next` })
}
