import type { Queryable } from '../../db/database.ts'

/**
 * SHARED CONTRACT: called by the analysis engine, in the same transaction, after it added
 * findings, with the ids of the new finding rows. Applies matching decision rules (beyond 4.13:
 * a decision made for every version of a project, or for the portfolio) to them and returns how
 * many analyses it wrote. Implemented by the audit family.
 */
export async function inheritDecisions(
  db: Queryable,
  newFindingIds: readonly number[],
): Promise<number> {
  void db
  void newFindingIds
  return 0
}
