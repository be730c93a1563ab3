import type { ReportedViolation } from '../../../data/policy-evaluation.ts'
import type { ComponentFacts } from './model.ts'
import type { PreparedCondition, PreparedPolicy } from './policies.ts'

/** The indexes of the components a condition violates. */
function hitsOf(condition: PreparedCondition, components: readonly ComponentFacts[]): number[] {
  const { rule, prepared } = condition
  const hits: number[] = []
  for (let i = 0; i < components.length; i++) {
    if (rule.violates(prepared, components[i]!)) hits.push(i)
  }
  return hits
}

/** Indexes in both ascending lists. */
function intersect(a: readonly number[], b: readonly number[]): number[] {
  const both: number[] = []
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i]! < b[j]!) i++
    else if (a[i]! > b[j]!) j++
    else {
      both.push(a[i]!)
      i++
      j++
    }
  }
  return both
}

/**
 * The violations a batch of components reports (dt-behaviour §3.2): ANY reports every violated
 * condition; ALL reports them only for a component that violates every condition of the policy.
 * Conditions alike (subject, operator, value) across policies are evaluated once.
 */
export function violationsOf(
  policies: readonly PreparedPolicy[],
  components: readonly ComponentFacts[],
): ReportedViolation[] {
  const shared = new Map<string, number[]>()
  const hitsFor = (condition: PreparedCondition) => {
    let hits = shared.get(condition.key)
    if (!hits) shared.set(condition.key, (hits = hitsOf(condition, components)))
    return hits
  }
  const reported: ReportedViolation[] = []
  const report = (condition: PreparedCondition, index: number) =>
    reported.push({
      componentId: components[index]!.id,
      conditionId: condition.id,
      type: condition.type,
    })
  for (const policy of policies) {
    if (policy.conditions.length === 0) continue
    if (policy.operator === 'ANY') {
      for (const condition of policy.conditions) {
        for (const index of hitsFor(condition)) report(condition, index)
      }
      continue
    }
    // ALL: a condition that can never violate keeps the whole policy from violating. Each
    // condition is asked only about the components that violated all the ones before it.
    if (policy.conditions.length < policy.total) continue
    let candidates: number[] | null = null
    for (const condition of policy.conditions) {
      const known = shared.get(condition.key)
      if (candidates === null) candidates = hitsFor(condition)
      else if (known) candidates = intersect(candidates, known)
      else {
        const { rule, prepared } = condition
        candidates = candidates.filter((index) => rule.violates(prepared, components[index]!))
      }
      if (candidates.length === 0) break
    }
    for (const index of candidates ?? []) {
      for (const condition of policy.conditions) report(condition, index)
    }
  }
  return reported
}
