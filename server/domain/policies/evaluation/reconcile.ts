import {
  deleteViolations,
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
    const created = await insertViolations(tx, projectId, [...missing.values()])
    return { created, deleted: stale.length }
  })
}
