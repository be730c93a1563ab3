import type { ViolationAnalysisState } from '../../../common/dt-vocabulary.ts'
import { findComponentByUuid } from '../../data/components.ts'
import {
  appendViolationAnalysisComments,
  findViolationAnalysis,
  lockOrCreateViolationAnalysis,
  updateViolationAnalysis,
  violationAnalysisComments,
  type ViolationAnalysisRow,
} from '../../data/violation-analyses.ts'
import { findViolationByUuid } from '../../data/violations.ts'
import type { Database, Queryable } from '../../db/database.ts'
import { textError } from '../../lib/errors.ts'
import { suppressionComment, transition } from '../audit/trail.ts'
import type { Principal } from '../auth/principal.ts'

export const COMPONENT_NOT_FOUND = 'The component could not be found.'
export const VIOLATION_NOT_FOUND = 'The policy violation could not be found.'

export interface ViolationRef {
  component: string
  policyViolation: string
}

export interface ViolationDecision {
  analysisState?: ViolationAnalysisState | null
  comment?: string | null
  isSuppressed?: boolean | null
}

/** Lookups in 4.13's order: the component, then the violation; each a 404. No ACL check (§5.2). */
async function resolve(db: Queryable, ref: ViolationRef) {
  const component = await findComponentByUuid(db, ref.component)
  if (!component) throw textError(404, COMPONENT_NOT_FOUND)
  const violation = await findViolationByUuid(db, ref.policyViolation)
  if (!violation) throw textError(404, VIOLATION_NOT_FOUND)
  return { component, violation }
}

async function withTrail(db: Queryable, analysis: ViolationAnalysisRow | undefined) {
  if (!analysis) return undefined
  return { analysis, comments: await violationAnalysisComments(db, [analysis.id]) }
}

/** GET /violation/analysis: the analysis with its trail, or undefined (a 200 with no body). */
export async function getViolationAnalysis(db: Queryable, ref: ViolationRef) {
  const { component, violation } = await resolve(db, ref)
  return withTrail(db, await findViolationAnalysis(db, component.id, violation.id))
}

/**
 * The trail entries of a violation decision (§5.2). A new analysis notes `NOT_SET → NEW` unless
 * NEW is NOT_SET, and never a suppression; an existing one notes a state change and a given
 * suppression flag that differs.
 */
export function violationTrail(
  before: { state: string; suppressed: boolean } | undefined,
  state: string,
  suppressed: boolean | null | undefined,
): string[] {
  if (!before) return state === 'NOT_SET' ? [] : [transition('NOT_SET', state)]
  const comments = before.state === state ? [] : [transition(before.state, state)]
  const suppression = suppressionComment(before.suppressed, suppressed)
  return suppression ? [...comments, suppression] : comments
}

/** The username; API keys comment anonymously (commenter null), as 4.13 does for violations. */
const commenterOf = (principal: Principal | undefined) =>
  principal?.kind === 'user' ? principal.user.username : null

/**
 * PUT /violation/analysis in one transaction: an absent state is NOT_SET (it resets), an absent
 * suppression flag keeps the stored one; then the trimmed comment. Beyond 4.13: a violation
 * that is not on the named component is a 404 (4.13 would attach the analysis to the wrong one).
 */
export async function recordViolationAnalysis(
  db: Database,
  principal: Principal | undefined,
  ref: ViolationRef,
  decision: ViolationDecision,
) {
  return db.transaction(async (tx) => {
    const { component, violation } = await resolve(tx, ref)
    if (String(violation.component_id) !== String(component.id))
      throw textError(404, VIOLATION_NOT_FOUND)
    const state = decision.analysisState ?? 'NOT_SET'
    const { row, created } = await lockOrCreateViolationAnalysis(
      tx,
      { violationId: violation.id, projectId: violation.project_id, componentId: component.id },
      { state, suppressed: decision.isSuppressed ?? false },
    )
    const comments = violationTrail(created ? undefined : row, state, decision.isSuppressed)
    const comment = decision.comment?.trim()
    if (comment) comments.push(comment)
    const suppressed = decision.isSuppressed ?? row.suppressed
    if (!created) await updateViolationAnalysis(tx, row.id, { state, suppressed })
    await appendViolationAnalysisComments(tx, row.id, comments, commenterOf(principal))
    return (await withTrail(tx, { ...row, state, suppressed }))!
  })
}
