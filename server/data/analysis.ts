import type { Queryable } from '../db/database.ts'

export interface AnalyzableRow {
  id: string | number
  uuid: string
  project_id: string | number
  name: string
  group: string | null
  version: string | null
  purl: string | null
  cpe: string | null
  internal: boolean
  classifier: string | null
}

/** One page of a project's components in id order (all, or only the given ids). */
export function componentsAfter(
  db: Queryable,
  projectId: number,
  afterId: number,
  limit: number,
  onlyIds?: readonly number[],
): Promise<AnalyzableRow[]> {
  return db.query<AnalyzableRow>(
    `SELECT id, uuid, project_id, name, "group", version, purl, cpe, internal, classifier
     FROM component
     WHERE project_id = $1 AND id > $2 AND ($4::bigint[] IS NULL OR id = ANY($4::bigint[]))
     ORDER BY id LIMIT $3`,
    [projectId, afterId, limit, onlyIds ?? null],
  )
}

export interface FindingInsert {
  componentId: number
  vulnerabilityId: number
  alternateIdentifier: string | null
  referenceUrl: string | null
}

/**
 * Adds findings set-based; an existing one (whoever reported it first) stays as it is. Only
 * components and vulnerabilities that still exist are written (in the component's project). Returns the ids of the new rows.
 */
export async function insertFindings(
  db: Queryable,
  analyzerIdentity: string,
  findings: readonly FindingInsert[],
): Promise<number[]> {
  if (findings.length === 0) return []
  const rows = await db.query<{ id: string | number }>(
    `INSERT INTO finding (project_id, component_id, vulnerability_id, analyzer_identity,
       alternate_identifier, reference_url)
     SELECT c.project_id, c.id, f.vulnerability_id, $1, f.alternate_identifier, f.reference_url
     FROM unnest($2::bigint[], $3::bigint[], $4::text[], $5::text[])
       AS f(component_id, vulnerability_id, alternate_identifier, reference_url)
     JOIN component c ON c.id = f.component_id
     JOIN vulnerability v ON v.id = f.vulnerability_id
     ON CONFLICT (component_id, vulnerability_id) DO NOTHING
     RETURNING id`,
    [
      analyzerIdentity,
      findings.map((f) => f.componentId),
      findings.map((f) => f.vulnerabilityId),
      findings.map((f) => f.alternateIdentifier),
      findings.map((f) => f.referenceUrl),
    ],
  )
  return rows.map((row) => Number(row.id))
}

/** Returns false when the project no longer exists. */
export async function markProjectAnalysed(db: Queryable, projectId: number): Promise<boolean> {
  const rows = await db.query(
    'UPDATE project SET last_vulnerability_analysis = now() WHERE id = $1 RETURNING id',
    [projectId],
  )
  return rows.length > 0
}

export async function projectExists(db: Queryable, projectId: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM project WHERE id = $1', [projectId])
  return rows.length > 0
}

/** Config properties of one group with their stored (possibly encrypted) values. */
export function configGroup(db: Queryable, groupName: string) {
  return db.query<{ property_name: string; property_value: string | null; property_type: string }>(
    `SELECT property_name, property_value, property_type FROM config_property WHERE group_name = $1`,
    [groupName],
  )
}

/** Active, non-collection projects in id order, a page at a time. */
export async function activeProjectIdsAfter(db: Queryable, afterId: number, limit: number) {
  const rows = await db.query<{ id: string | number }>(
    `SELECT id FROM project WHERE active AND id > $1
       AND (collection_logic IS NULL OR collection_logic = 'NONE')
     ORDER BY id LIMIT $2`,
    [afterId, limit],
  )
  return rows.map((row) => Number(row.id))
}

/** The chain of a queued or running job holding a singleton key. */
export async function chainOfSingleton(db: Queryable, singletonKey: string) {
  const rows = await db.query<{ chain_id: string }>(
    `SELECT chain_id FROM job WHERE singleton_key = $1 AND status IN ('queued', 'running')`,
    [singletonKey],
  )
  return rows[0]?.chain_id
}

/** When a job of this kind last succeeded, and whether one is waiting or running. */
export async function jobKindState(db: Queryable, kind: string) {
  const rows = await db.query<{ last: Date | string | null; pending: boolean }>(
    `SELECT max(finished_at) FILTER (WHERE status = 'succeeded') AS last,
       bool_or(status IN ('queued', 'running')) AS pending
     FROM job WHERE kind = $1`,
    [kind],
  )
  const row = rows[0]
  return { last: row?.last ? new Date(row.last) : undefined, pending: row?.pending ?? false }
}
