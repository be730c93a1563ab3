import { analysisStamps, rulesOfFindings } from '../../data/analysis-rules.ts'
import { findingsByIds } from '../../data/findings.ts'
import type { Queryable } from '../../db/database.ts'
import { applyDecision } from './apply.ts'
import { inheritedNote, ruleFor, ruleInput } from './rules.ts'

/**
 * SHARED CONTRACT: called by the analysis engine, in the same transaction, after it added
 * findings, with the ids of the new finding rows. Applies matching decision rules (beyond 4.13:
 * a decision made for every version of a project, or for the portfolio) to them and returns how
 * many analyses it wrote. Implemented by the audit family.
 *
 * Of several matching rules the latest decision wins. A finding whose analysis was set by hand
 * (no rule) after the rule was last decided keeps its own decision (docs/decisions/013).
 */
export async function inheritDecisions(
  db: Queryable,
  newFindingIds: readonly number[],
): Promise<number> {
  if (newFindingIds.length === 0) return 0
  const rules = await rulesOfFindings(db, newFindingIds)
  if (rules.length === 0) return 0
  const ruled = new Set(rules.map((rule) => String(rule.vulnerability_id)))
  const findings = (await findingsByIds(db, newFindingIds)).filter((row) =>
    ruled.has(String(row.vulnerability_id)),
  )
  const stamps = new Map(
    (await analysisStamps(db, newFindingIds)).map((stamp) => [String(stamp.finding_id), stamp]),
  )
  let written = 0
  for (const row of findings) {
    const rule = ruleFor(row, rules)
    if (!rule) continue
    const stamp = stamps.get(String(row.finding_id))
    const ownDecisionIsNewer =
      stamp &&
      stamp.rule_id === null &&
      new Date(stamp.updated_at).getTime() > new Date(rule.updated_at).getTime()
    if (ownDecisionIsNewer) continue
    const applied = await applyDecision(
      db,
      {
        projectId: Number(row.project_id),
        componentId: Number(row.component_id),
        vulnerabilityId: Number(row.vulnerability_id),
      },
      ruleInput(rule),
      rule.created_by,
      { ruleId: rule.id, note: inheritedNote(rule) },
    )
    if (applied.written > 0) written++
  }
  return written
}
