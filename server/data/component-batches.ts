import type { Queryable } from '../db/database.ts'

/**
 * Component batches (decision 027): an import's new components are written in small statements,
 * each its own transaction, while their batch is pending, and every query (through the
 * `component` view) passes them by; the import's short final transaction publishes the batch by
 * deleting its row. An abandoned batch is discarded row block by row block, its entry last.
 */

// One statement of a discard removes at most this many rows (and their properties).
const DISCARD_ROWS = 2000

/** A new pending batch; undefined when the project is gone. */
export async function createComponentBatch(
  db: Queryable,
  projectId: number,
  uploadId: number | null,
): Promise<number | undefined> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO component_batch (project_id, upload_id)
     SELECT id, $2 FROM project WHERE id = $1 RETURNING id`,
    [projectId, uploadId],
  )
  return row && Number(row.id)
}

/**
 * Holds the project against deletion until the caller's transaction ends; false when it is gone
 * (so rows written meanwhile without per-row reference checks cannot outlive it).
 */
export async function holdProject(db: Queryable, projectId: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM project WHERE id = $1 FOR KEY SHARE', [projectId])
  return rows.length > 0
}

/**
 * Makes the batch's rows seen by everyone (inside the import's transaction); false when the
 * batch is no longer pending (discarded).
 */
export async function publishComponentBatch(db: Queryable, batchId: number): Promise<boolean> {
  const rows = await db.query('DELETE FROM component_batch WHERE id = $1 RETURNING id', [batchId])
  return rows.length > 0
}

/** Removes a pending batch's rows, then the batch; a published batch is left alone. */
export async function discardComponentBatch(db: Queryable, batchId: number) {
  for (;;) {
    const removed = await db.query(
      `DELETE FROM component_row WHERE id IN (
         SELECT c.id FROM component_row c JOIN component_batch b ON b.project_id = c.project_id
         WHERE b.id = $1 AND c.batch_id = $1 LIMIT ${DISCARD_ROWS})
       RETURNING id`,
      [batchId],
    )
    if (removed.length < DISCARD_ROWS) break
  }
  await db.query('DELETE FROM component_batch WHERE id = $1', [batchId])
}

/**
 * Batches nobody will publish: those of an earlier attempt at `uploadId` (its process stopped)
 * and those whose upload is gone (a publishing transaction removes batch and upload together).
 */
export async function abandonedBatches(db: Queryable, uploadId: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM component_batch b
     WHERE b.upload_id = $1 OR NOT EXISTS (SELECT 1 FROM bom_upload u WHERE u.id = b.upload_id)
     ORDER BY id`,
    [uploadId],
  )
  return rows.map((row) => Number(row.id))
}
