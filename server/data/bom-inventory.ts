import type { Queryable } from '../db/database.ts'

/**
 * A fingerprint of what a project holds from BOMs: row counts and highest ids of its
 * components, their properties and its services, and the time of its last import. A BOM planned
 * outside the write transaction is written only if the fingerprint is still the same.
 */
export async function inventoryStamp(db: Queryable, projectId: number): Promise<string> {
  const [row] = await db.query<{ stamp: string }>(
    `SELECT concat_ws('/',
       (SELECT count(*) || ':' || coalesce(max(id), 0) FROM component WHERE project_id = $1),
       (SELECT count(*) || ':' || coalesce(max(cp.id), 0) FROM component_property cp
          JOIN component c ON c.id = cp.component_id WHERE c.project_id = $1),
       (SELECT count(*) || ':' || coalesce(max(id), 0) FROM service_component
          WHERE project_id = $1),
       (SELECT coalesce(last_bom_import::text, '-') FROM project WHERE id = $1)) AS stamp`,
    [projectId],
  )
  return row?.stamp ?? ''
}
