import {
  appendAnalysisComments,
  ensureAnalysis,
  saveAnalysis,
  type AnalysisTarget,
  type AnalysisValues,
} from '../../data/analyses.ts'
import type { Queryable } from '../../db/database.ts'
import { trailComments } from './trail.ts'

/** A decision as 4.13 reads PUT /analysis: absent state, justification, response = NOT_SET. */
export interface DecisionInput {
  state: string
  justification: string
  response: string
  /** null: keep the stored details. */
  details: string | null
  /** null: keep the stored flag. */
  suppressed: boolean | null
  /** Trimmed free text, null when blank. */
  comment: string | null
}

export interface AppliedDecision {
  analysisId: number
  values: AnalysisValues
  /** Trail entries written (0 when nothing changed and there was no comment). */
  written: number
}

/**
 * Records a decision on one finding (4.13 §5.1): creates the analysis as NOT_SET when missing,
 * writes one trail entry per changed value in 4.13's order, then the comment, then `note` (where
 * a decision beyond one finding came from) when anything was written. `ruleId` null detaches the
 * analysis from any rule; a rule id marks it as set from that rule.
 */
export async function applyDecision(
  db: Queryable,
  target: AnalysisTarget,
  input: DecisionInput,
  commenter: string | null,
  options: { ruleId: number | string | null; note?: string },
): Promise<AppliedDecision> {
  const analysis = await ensureAnalysis(db, target)
  const values: AnalysisValues = {
    state: input.state,
    justification: input.justification,
    response: input.response,
    details: input.details ?? analysis.details,
    suppressed: input.suppressed ?? analysis.suppressed,
    ruleId: options.ruleId === null ? null : Number(options.ruleId),
  }
  const comments = trailComments(analysis, { ...values, details: input.details })
  if (input.comment) comments.push(input.comment)
  if (options.note && comments.length > 0) comments.push(options.note)
  await saveAnalysis(db, analysis.id, values)
  await appendAnalysisComments(db, analysis.id, comments, commenter)
  return { analysisId: analysis.id, values, written: comments.length }
}
