import type {
  AnalysisJustification,
  AnalysisResponse,
  AnalysisState,
} from '../../../common/dt-vocabulary.ts'
import {
  appendAnalysisComments,
  ensureAnalysis,
  saveAnalysis,
  type AnalysisTarget,
} from '../../data/analyses.ts'
import type { Queryable } from '../../db/database.ts'
import { trailComments, type Decision } from '../audit/trail.ts'
import { suppressesFinding } from './mapping.ts'

/** What one VEX entry decides for a finding; undefined fields leave the stored value alone. */
export interface VexDecision {
  state?: AnalysisState
  justification?: AnalysisJustification
  details?: string
  /** Every response given, in order: the last one wins. */
  responses: AnalysisResponse[]
}

const stored = (value: string | undefined | null) =>
  value === undefined || value === null || value === 'NOT_SET' ? null : value

/**
 * §7.2 for one component: the analysis is created if missing; the trail gets state,
 * justification, details, then one entry per response compared with the original value; no
 * Suppressed/Unsuppressed entry. Suppression follows the state, and without a state it is lifted.
 */
export async function applyVexDecision(
  db: Queryable,
  target: AnalysisTarget,
  decision: VexDecision,
  commenter: string,
) {
  const row = await ensureAnalysis(db, target)
  const before: Decision = {
    state: row.state,
    justification: row.justification,
    response: row.response,
    details: row.details,
    suppressed: row.suppressed,
  }
  const after: Decision = { ...before, suppressed: false }
  if (decision.state !== undefined) {
    after.state = decision.state
    after.suppressed = suppressesFinding(decision.state)
  }
  if (decision.justification !== undefined) after.justification = stored(decision.justification)
  const quiet = { withSuppression: false }
  const comments = trailComments(
    before,
    { ...before, state: after.state, justification: after.justification },
    quiet,
  )
  const details = decision.details?.trim()
  if (details) {
    after.details = details
    comments.push(...trailComments(before, { ...before, details }, quiet))
  }
  for (const response of decision.responses) {
    after.response = stored(response)
    comments.push(...trailComments(before, { ...before, response: after.response }, quiet))
  }
  await saveAnalysis(db, row.id, after)
  await appendAnalysisComments(db, row.id, comments, commenter)
}
