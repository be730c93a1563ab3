import { componentNamesAfter, setInternalFlags } from '../../data/components.ts'
import type { Queryable } from '../../db/database.ts'
import { internalMatcher } from './internal.ts'

const BATCH = 500

/** Re-applies the internal-components patterns to every component, writing only changes. */
export async function identifyInternalComponents(db: Queryable) {
  const isInternal = await internalMatcher(db)
  let lastId = 0
  for (;;) {
    const rows = await componentNamesAfter(db, lastId, BATCH)
    if (rows.length === 0) return
    lastId = Number(rows.at(-1)!.id)
    const changed = rows.filter((row) => isInternal(row.group, row.name) !== row.internal)
    if (changed.length > 0) {
      await setInternalFlags(
        db,
        changed.map((row) => row.id),
        changed.map((row) => !row.internal),
      )
    }
  }
}
