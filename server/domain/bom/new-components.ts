import type { Database, Queryable } from '../../db/database.ts'
import {
  abandonedBatches,
  createComponentBatch,
  discardComponentBatch,
  holdProject,
} from '../../data/component-batches.ts'
import {
  insertComponents,
  insertProperties,
  withoutForeignKeyChecks,
  type PropertyInsert,
} from '../../data/inventory-writes.ts'
import { writesInFlight } from '../../lib/writes-in-flight.ts'
import type { ComponentProperty } from './model.ts'
import { componentValues, type IngestPlan, type NewComponent } from './sync.ts'

// Small statements: between them the event loop runs and, on PGlite, nothing else is held up
// for long by one statement (or, staged, by one transaction).
export const WRITE_CHUNK_ROWS = 500

const RELEASED = { uuid: '', component: undefined!, dependencies: null } as NewComponent

export const propertyRow = (componentId: number, property: ComponentProperty): PropertyInsert => ({
  component_id: componentId,
  group_name: property.group,
  property_name: property.name,
  property_value: property.value,
})

interface NewComponentsToWrite {
  projectId: number
  plan: IngestPlan
  /** The new components' ids, in plan order. */
  componentIds: number[]
}

/**
 * Writes the plan's new components from `start` to `end` with their properties; with `batchId`
 * they stay unseen until the batch is published. Written rows are let go at once: a
 * 100,000-component BOM stays within its memory budget.
 */
export async function writeNewComponents(
  db: Queryable,
  { projectId, plan, componentIds: ids }: NewComponentsToWrite,
  range: { start: number; end: number },
  batchId: number | null,
) {
  const end = Math.min(range.end, plan.newComponents.length)
  const inserts = writesInFlight()
  for (let start = range.start; start < end; start += WRITE_CHUNK_ROWS) {
    const part = plan.newComponents.slice(start, Math.min(end, start + WRITE_CHUNK_ROWS))
    const components = insertComponents(
      db,
      projectId,
      part.map((row, i) => ({
        id: ids[start + i],
        uuid: row.uuid,
        ...componentValues(row.component, row.dependencies),
      })),
      batchId,
    )
    const properties: PropertyInsert[] = []
    part.forEach((row, i) => {
      for (const property of row.component.properties) {
        properties.push(propertyRow(ids[start + i]!, property))
      }
    })
    await inserts.add(components)
    await inserts.add(insertProperties(db, properties))
    for (let i = start; i < start + part.length; i++) plan.newComponents[i] = RELEASED
  }
  await inserts.drain()
}

/**
 * Writes the new components ahead of the import's transaction as a pending batch, one short
 * transaction per chunk, and returns the batch (to publish or discard); undefined when there
 * is nothing new or the project is gone. Stops early when the project is deleted meanwhile (its
 * batch goes with it); the transaction that follows finds it gone.
 */
export async function stageNewComponents(
  db: Database,
  toWrite: NewComponentsToWrite,
  uploadId: number | null,
): Promise<number | undefined> {
  const count = toWrite.plan.newComponents.length
  if (count === 0) return undefined
  const batchId = await createComponentBatch(db, toWrite.projectId, uploadId)
  if (batchId === undefined) return undefined
  try {
    for (let start = 0; start < count; start += WRITE_CHUNK_ROWS) {
      const held = await db.transaction(async (tx) => {
        if (!(await holdProject(tx, toWrite.projectId))) return false
        // The project is held and the rows are new: their references cannot vanish.
        await withoutForeignKeyChecks(tx, () =>
          writeNewComponents(tx, toWrite, { start, end: start + WRITE_CHUNK_ROWS }, batchId),
        )
        return true
      })
      if (!held) break
    }
  } catch (error) {
    await discardComponentBatch(db, batchId).catch(() => undefined)
    throw error
  }
  return batchId
}

/** Removes a staged batch that was not published (stale plan, refusal, failure). */
export async function discardStagedComponents(db: Database, batchId: number) {
  await discardComponentBatch(db, batchId)
}

/** Removes what earlier attempts at `uploadId`, and uploads gone since, left staged. */
export async function discardAbandonedBatches(db: Database, uploadId: number) {
  for (const batchId of await abandonedBatches(db, uploadId)) {
    await discardComponentBatch(db, batchId)
  }
}
