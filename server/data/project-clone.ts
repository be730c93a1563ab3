import type { Queryable } from '../db/database.ts'

export async function copyAccessTeams(db: Queryable, fromId: number, toId: number) {
  await db.query(
    `INSERT INTO project_access_team (project_id, team_id)
     SELECT $2, team_id FROM project_access_team WHERE project_id = $1 ON CONFLICT DO NOTHING`,
    [fromId, toId],
  )
}

/**
 * Columns copied by a clone: every column but the identity and owner ones, read from the schema
 * so that columns other modules add later are copied too.
 */
async function copiedColumns(db: Queryable, table: string, owner: string) {
  const rows = await db.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = $1 AND is_generated = 'NEVER'
       AND column_name NOT IN ('id', 'uuid', $2)
     ORDER BY ordinal_position`,
    [table, owner],
  )
  return rows.map((row) => `"${row.column_name.replace(/"/g, '""')}"`)
}

export interface ClonedRow {
  old_id: number
  old_uuid: string
  new_id: number
  new_uuid: string
}

/** Copies a project's components or services to another project, with fresh UUIDs. */
export async function cloneProjectRows(
  db: Queryable,
  table: 'component' | 'service_component',
  fromProjectId: number,
  toProjectId: number,
): Promise<ClonedRow[]> {
  const columns = (await copiedColumns(db, table, 'project_id')).join(', ')
  const rows = await db.query<ClonedRow>(
    `WITH src AS MATERIALIZED (
       SELECT id, uuid, gen_random_uuid() AS new_uuid, ${columns} FROM ${table}
       WHERE project_id = $1 ORDER BY id),
     ins AS (
       INSERT INTO ${table} (uuid, project_id, ${columns})
       SELECT new_uuid, $2, ${columns} FROM src RETURNING id, uuid)
     SELECT src.id AS old_id, src.uuid AS old_uuid, ins.id AS new_id, ins.uuid AS new_uuid
     FROM src JOIN ins ON ins.uuid = src.new_uuid`,
    [fromProjectId, toProjectId],
  )
  return rows.map((row) => ({ ...row, old_id: Number(row.old_id), new_id: Number(row.new_id) }))
}

export async function cloneComponentProperties(db: Queryable, clones: ClonedRow[]) {
  if (clones.length === 0) return
  const columns = await copiedColumns(db, 'component_property', 'component_id')
  await db.query(
    `INSERT INTO component_property (component_id, ${columns.join(', ')})
     SELECT m.new_id, ${columns.map((column) => `cp.${column}`).join(', ')}
     FROM component_property cp
     JOIN unnest($1::bigint[], $2::bigint[]) AS m(old_id, new_id) ON cp.component_id = m.old_id
     ORDER BY cp.id`,
    [clones.map((c) => c.old_id), clones.map((c) => c.new_id)],
  )
}

export async function setProjectDependencies(db: Queryable, id: number, text: string | null) {
  await db.query('UPDATE project SET direct_dependencies = $2 WHERE id = $1', [id, text])
}

export function componentDependencies(db: Queryable, componentIds: number[]) {
  return db.query<{ id: number; direct_dependencies: string }>(
    `SELECT id, direct_dependencies FROM component
     WHERE id = ANY($1::bigint[]) AND direct_dependencies IS NOT NULL`,
    [componentIds],
  )
}

export async function setComponentDependencies(
  db: Queryable,
  updates: Array<{ id: number; directDependencies: string }>,
) {
  if (updates.length === 0) return
  await db.query(
    `UPDATE component c SET direct_dependencies = u.deps
     FROM unnest($1::bigint[], $2::text[]) AS u(id, deps) WHERE c.id = u.id`,
    [updates.map((u) => u.id), updates.map((u) => u.directDependencies)],
  )
}

const idPairs = (clones: ClonedRow[]) => [clones.map((c) => c.old_id), clones.map((c) => c.new_id)]

/** The cloned components' findings, with their original attributions (§6.4). */
export async function cloneFindings(db: Queryable, clones: ClonedRow[], toProjectId: number) {
  if (clones.length === 0) return
  await db.query(
    `INSERT INTO finding (project_id, component_id, vulnerability_id, analyzer_identity,
       attributed_on, alternate_identifier, reference_url)
     SELECT $3, m.new_id, f.vulnerability_id, f.analyzer_identity, f.attributed_on,
       f.alternate_identifier, f.reference_url
     FROM finding f
     JOIN unnest($1::bigint[], $2::bigint[]) AS m(old_id, new_id) ON f.component_id = m.old_id
     ORDER BY f.id
     ON CONFLICT (component_id, vulnerability_id) DO NOTHING`,
    [...idPairs(clones), toProjectId],
  )
}

/** The cloned components' audit decisions with their trails, timestamps kept (§6.4). */
export async function cloneAnalyses(db: Queryable, clones: ClonedRow[], toProjectId: number) {
  if (clones.length === 0) return
  await db.query(
    `WITH src AS MATERIALIZED (
       SELECT a.*, m.new_id AS new_component_id FROM analysis a
       JOIN unnest($1::bigint[], $2::bigint[]) AS m(old_id, new_id) ON a.component_id = m.old_id),
     ins AS (
       INSERT INTO analysis (project_id, component_id, vulnerability_id, state, justification,
         response, details, suppressed, updated_at, rule_id)
       SELECT $3, new_component_id, vulnerability_id, state, justification, response, details,
         suppressed, updated_at, rule_id FROM src ORDER BY id
       ON CONFLICT (component_id, vulnerability_id) DO NOTHING
       RETURNING id, component_id, vulnerability_id)
     INSERT INTO analysis_comment (analysis_id, "timestamp", comment, commenter)
     SELECT ins.id, c."timestamp", c.comment, c.commenter
     FROM src JOIN ins ON ins.component_id = src.new_component_id
       AND ins.vulnerability_id = src.vulnerability_id
     JOIN analysis_comment c ON c.analysis_id = src.id
     ORDER BY c.id`,
    [...idPairs(clones), toProjectId],
  )
}

/**
 * The cloned components' policy violations with their timestamps, and their analyses with the
 * trails (§6.4). Each copy gets a UUID of its own: 4.13 reuses the source's, which a UUID that
 * names one violation cannot do.
 */
export async function cloneViolations(db: Queryable, clones: ClonedRow[], toProjectId: number) {
  if (clones.length === 0) return
  await db.query(
    `WITH src AS MATERIALIZED (
       SELECT pv.id, pv.type, pv.policy_condition_id, pv."timestamp", pv.text,
         m.new_id AS new_component_id, gen_random_uuid() AS new_uuid
       FROM policy_violation pv
       JOIN unnest($1::bigint[], $2::bigint[]) AS m(old_id, new_id) ON pv.component_id = m.old_id),
     violations AS (
       INSERT INTO policy_violation (uuid, type, project_id, component_id, policy_condition_id,
         "timestamp", text)
       SELECT new_uuid, type, $3, new_component_id, policy_condition_id, "timestamp", text
       FROM src ORDER BY id
       ON CONFLICT (component_id, policy_condition_id, type) DO NOTHING
       RETURNING id, uuid),
     pairs AS (
       SELECT src.id AS old_id, v.id AS new_id, src.new_component_id
       FROM src JOIN violations v ON v.uuid = src.new_uuid),
     analyses AS (
       INSERT INTO violation_analysis (policy_violation_id, project_id, component_id, state,
         suppressed)
       SELECT pairs.new_id, $3, pairs.new_component_id, va.state, va.suppressed
       FROM pairs JOIN violation_analysis va ON va.policy_violation_id = pairs.old_id
       ORDER BY va.id
       RETURNING id, policy_violation_id)
     INSERT INTO violation_analysis_comment (violation_analysis_id, "timestamp", comment, commenter)
     SELECT a.id, c."timestamp", c.comment, c.commenter
     FROM analyses a
     JOIN pairs ON pairs.new_id = a.policy_violation_id
     JOIN violation_analysis va ON va.policy_violation_id = pairs.old_id
     JOIN violation_analysis_comment c ON c.violation_analysis_id = va.id
     ORDER BY c.id`,
    [...idPairs(clones), toProjectId],
  )
}
