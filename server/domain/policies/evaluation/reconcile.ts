import {
  deleteViolations,
  existingTargets,
  insertViolations,
  violationsOfComponents,
  type ReportedViolation,
} from '../../../data/policy-evaluation.ts'
import type { Database } from '../../../db/database.ts'

const keyOf = (componentId: number | string, conditionId: number | string, type: string) =>
  `${componentId}:${conditionId}:${type}`

/**
 * §3.4 for a batch of components, in one transaction. Identity is (component, condition, type):
 * a violation still reported is kept as it is (timestamp, analysis); one no longer reported is
 * deleted with its analysis and comments; a reported one that does not exist is created now.
 * Only writes what changed, so evaluating an unchanged project writes nothing.
 */
export function reconcileViolations(
  db: Database,
  projectId: number,
  componentIds: readonly number[],
  reported: readonly ReportedViolation[],
) {
  return db.transaction(async (tx) => {
    const missing = new Map(reported.map((r) => [keyOf(r.componentId, r.conditionId, r.type), r]))
    const stale: number[] = []
    for (const row of await violationsOfComponents(tx, componentIds)) {
      // A second row of one identity (the table's unique key rules it out) would be stale too.
      if (!missing.delete(keyOf(row.component_id, row.policy_condition_id, row.type))) {
        stale.push(Number(row.id))
      }
    }
    await deleteViolations(tx, stale)
    if (missing.size === 0) return { created: 0, deleted: stale.length }
    // The batch was read before this transaction: a BOM upload or a policy change since then
    // may have removed components or conditions.
    const conditionIds = [...new Set([...missing.values()].map((r) => r.conditionId))]
    const present = await existingTargets(tx, componentIds, conditionIds)
    const created = await insertViolations(
      tx,
      projectId,
      [...missing.values()].filter(
        (r) => present.components.has(r.componentId) && present.conditions.has(r.conditionId),
      ),
    )
    return { created, deleted: stale.length }
  })
}
