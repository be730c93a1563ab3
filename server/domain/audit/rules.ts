import type { AnalysisValues } from '../../data/analyses.ts'
import { upsertRule, type AnalysisRuleRow } from '../../data/analysis-rules.ts'
import { pageOfFindings, type FindingRow } from '../../data/findings.ts'
import type { Queryable } from '../../db/database.ts'
import { purlParts } from '../components/purl.ts'
import type { ProjectAccess } from '../projects/access.ts'
import { applyDecision, type DecisionInput } from './apply.ts'

export type RuleScope = 'PROJECT' | 'PORTFOLIO'

/**
 * A component without its version: purl type, namespace and name when it has a valid purl,
 * else group and name. Versions of one package in different project versions share the key.
 */
export function componentKey(component: {
  purl: string | null
  group: string | null
  name: string
}): string {
  const parts = component.purl ? purlParts(component.purl.trim()) : undefined
  if (parts?.type && parts.name) return `purl:${parts.type}/${parts.namespace ?? ''}/${parts.name}`
  return `name:${component.group ?? ''}/${component.name}`
}

const findingKey = (row: FindingRow) =>
  componentKey({ purl: row.component_purl, group: row.component_group, name: row.component_name })

/** Where a rule applies, for trail entries. */
export const ruleReach = (rule: Pick<AnalysisRuleRow, 'scope' | 'project_name'>) =>
  rule.scope === 'PROJECT' ? `every version of ${rule.project_name}` : 'the whole portfolio'

const projectLabel = (name: string, version: string | null) =>
  version ? `${name} ${version}` : name

/** The trail note on findings a decision made elsewhere changed. */
export const appliedNote = (
  rule: Pick<AnalysisRuleRow, 'scope' | 'project_name'>,
  origin: { name: string; version: string | null },
) =>
  `Applied from the decision on ${projectLabel(origin.name, origin.version)} for ${ruleReach(rule)}`

export const inheritedNote = (rule: Pick<AnalysisRuleRow, 'scope' | 'project_name'>) =>
  `Inherited from the decision for ${ruleReach(rule)}`

/** The decision a rule holds, as input for applyDecision. */
export const ruleInput = (rule: AnalysisRuleRow): DecisionInput => ({
  state: rule.state,
  justification: rule.justification ?? 'NOT_SET',
  response: rule.response ?? 'NOT_SET',
  details: rule.details,
  suppressed: rule.suppressed,
  comment: null,
})

export interface ScopedDecision {
  scope: RuleScope
  origin: {
    projectName: string
    projectVersion: string | null
    component: { id: number | string; purl: string | null; group: string | null; name: string }
    vulnerabilityId: number | string
  }
  /** The values the addressed finding now holds: the rule new findings inherit. */
  values: AnalysisValues
  /** The request as made: existing findings get it as a PUT on each (absent = unchanged). */
  input: DecisionInput
  commenter: string | null
  /** Existing findings elsewhere change only in projects the principal can see. */
  access: ProjectAccess
}

/**
 * Stores the rule for a decision beyond one finding and applies it to every matching finding
 * that exists now (other versions of the project, or the portfolio). Answers the rule and how
 * many other findings it changed.
 */
export async function storeAndApplyRule(db: Queryable, decision: ScopedDecision) {
  const { origin } = decision
  const key = componentKey(origin.component)
  const rule = await upsertRule(
    db,
    {
      scope: decision.scope,
      projectName: decision.scope === 'PROJECT' ? origin.projectName : null,
      componentKey: key,
      vulnerabilityId: origin.vulnerabilityId,
    },
    decision.values,
    decision.commenter,
  )
  const candidates = await pageOfFindings(
    db,
    {
      vulnerabilityIds: [origin.vulnerabilityId],
      projectName: decision.scope === 'PROJECT' ? origin.projectName : undefined,
      access: decision.access,
      includeSuppressed: true,
    },
    'f.id',
    { offset: 0, limit: undefined },
  )
  const note = appliedNote(rule, { name: origin.projectName, version: origin.projectVersion })
  let changed = 0
  for (const row of candidates.rows) {
    if (String(row.component_id) === String(origin.component.id) || findingKey(row) !== key)
      continue
    const applied = await applyDecision(
      db,
      {
        projectId: Number(row.project_id),
        componentId: Number(row.component_id),
        vulnerabilityId: Number(row.vulnerability_id),
      },
      decision.input,
      decision.commenter,
      { ruleId: rule.id, note },
    )
    if (applied.written > 0) changed++
  }
  return { rule, changed }
}

/** Of the rules matching a finding, the one decided last wins (project over portfolio on ties). */
export function ruleFor(row: FindingRow, rules: readonly AnalysisRuleRow[]) {
  const key = findingKey(row)
  const matching = rules.filter(
    (rule) =>
      String(rule.vulnerability_id) === String(row.vulnerability_id) &&
      rule.component_key === key &&
      (rule.scope === 'PORTFOLIO' || rule.project_name === row.project_name),
  )
  const time = (rule: AnalysisRuleRow) => new Date(rule.updated_at).getTime()
  return matching.sort(
    (a, b) =>
      time(b) - time(a) ||
      (a.scope === b.scope ? 0 : a.scope === 'PROJECT' ? -1 : 1) ||
      Number(b.id) - Number(a.id),
  )[0]
}
