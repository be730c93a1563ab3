import { randomUUID } from 'node:crypto'
import type { Queryable } from '../db/database.ts'

type Id = number | string

/**
 * What policy evaluation reads and writes (dt-behaviour §3.2–§3.4): the policies that apply to a
 * project, its components a batch at a time with the facts the condition subjects look at (one
 * bulk query per kind of fact), and the set-based reconciliation of their violations.
 */

// Each project with its ancestors (not itself), for includeChildren. Projects cannot form a
// cycle, the depth bound only keeps a damaged hierarchy from running forever.
const lineage = (seed: string) => `lineage(project_id, ancestor_id, depth) AS (
    SELECT p.id, p.parent_id, 1 FROM project p WHERE p.parent_id IS NOT NULL ${seed}
    UNION ALL
    SELECT l.project_id, p.parent_id, l.depth + 1 FROM lineage l JOIN project p ON p.id = l.ancestor_id
    WHERE p.parent_id IS NOT NULL AND l.depth < 64
  )`

/** §3.2: global, assigned, assigned to an ancestor with includeChildren, or tagged; latest only. */
const applies = (policy: string, project: string) => `
  (NOT ${policy}.only_latest_project_version OR ${project}.is_latest) AND (
    (NOT EXISTS (SELECT 1 FROM policy_project pp WHERE pp.policy_id = ${policy}.id)
      AND NOT EXISTS (SELECT 1 FROM policy_tag pt WHERE pt.policy_id = ${policy}.id))
    OR EXISTS (SELECT 1 FROM policy_project pp
      WHERE pp.policy_id = ${policy}.id AND pp.project_id = ${project}.id)
    OR (${policy}.include_children AND EXISTS (SELECT 1 FROM policy_project pp
      JOIN lineage l ON l.ancestor_id = pp.project_id
      WHERE pp.policy_id = ${policy}.id AND l.project_id = ${project}.id))
    OR EXISTS (SELECT 1 FROM policy_tag pt JOIN project_tag prt ON prt.tag_id = pt.tag_id
      WHERE pt.policy_id = ${policy}.id AND prt.project_id = ${project}.id))`

export interface ApplicableConditionRow {
  policy_id: Id
  policy_operator: string
  condition_id: Id | null
  subject: string | null
  operator: string | null
  value: string | null
}

/** The policies that apply to a project, each with its conditions in id order (none: one row). */
export function applicableConditions(db: Queryable, projectId: number) {
  return db.query<ApplicableConditionRow>(
    `WITH RECURSIVE ${lineage('AND p.id = $1')}
     SELECT po.id AS policy_id, po.operator AS policy_operator, c.id AS condition_id, c.subject,
       c.operator, c.value
     FROM project pr
     JOIN policy po ON ${applies('po', 'pr')}
     LEFT JOIN policy_condition c ON c.policy_id = po.id
     WHERE pr.id = $1
     ORDER BY po.id, c.id`,
    [projectId],
  )
}

/**
 * Projects a portfolio evaluation visits, in id order: active projects with components that a
 * policy applies to, and every project that holds violations (they may have become stale).
 */
export async function projectsToEvaluateAfter(db: Queryable, afterId: number, limit: number) {
  const rows = await db.query<{ id: Id }>(
    `WITH RECURSIVE ${lineage('')}
     SELECT pr.id FROM project pr
     WHERE pr.id > $1 AND (
       (pr.active AND (pr.collection_logic IS NULL OR pr.collection_logic = 'NONE')
         AND EXISTS (SELECT 1 FROM policy po WHERE ${applies('po', 'pr')}))
       OR EXISTS (SELECT 1 FROM policy_violation v WHERE v.project_id = pr.id))
     ORDER BY pr.id LIMIT $2`,
    [afterId, limit],
  )
  return rows.map((row) => Number(row.id))
}

export interface EvaluationProjectRow {
  id: Id
  direct_dependencies: string | null
}

export async function evaluationProject(db: Queryable, projectId: number) {
  const rows = await db.query<EvaluationProjectRow>(
    'SELECT id, direct_dependencies FROM project WHERE id = $1',
    [projectId],
  )
  return rows[0]
}

export async function hasViolations(
  db: Queryable,
  projectId: number,
  componentIds?: readonly number[],
) {
  const rows = await db.query<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM policy_violation WHERE project_id = $1
       AND ($2::bigint[] IS NULL OR component_id = ANY($2::bigint[]))) AS found`,
    [projectId, componentIds ?? null],
  )
  return rows[0]?.found ?? false
}

export const HASH_COLUMNS = [
  'md5',
  'sha1',
  'sha256',
  'sha384',
  'sha512',
  'sha3_256',
  'sha3_384',
  'sha3_512',
  'blake2b_256',
  'blake2b_384',
  'blake2b_512',
  'blake3',
] as const
export type HashColumn = (typeof HASH_COLUMNS)[number]

export type EvaluationComponentRow = {
  id: Id
  uuid: string
  group: string | null
  name: string
  version: string | null
  purl: string | null
  cpe: string | null
  swid_tag_id: string | null
  license_id: string | null
  license_expression: string | null
  license: string | null
} & Record<HashColumn, string | null>

/** One batch of a project's components in id order (all, or only the given ids). */
export function evaluationComponents(
  db: Queryable,
  projectId: number,
  afterId: number,
  limit: number,
  onlyIds?: readonly number[],
) {
  return db.query<EvaluationComponentRow>(
    `SELECT id, uuid, "group", name, version, purl, cpe, swid_tag_id, license_id,
       license_expression, license, ${HASH_COLUMNS.join(', ')}
     FROM component
     WHERE project_id = $1 AND id > $2 AND ($4::bigint[] IS NULL OR id = ANY($4::bigint[]))
     ORDER BY id LIMIT $3`,
    [projectId, afterId, limit, onlyIds ?? null],
  )
}

export interface EvaluationVulnerabilityRow {
  component_id: Id
  vuln_id: string
  severity: string | null
  cvss_v2_base_score: number | string | null
  cvss_v3_base_score: number | string | null
  owasp_rr_likelihood_score: number | string | null
  owasp_rr_technical_impact_score: number | string | null
  owasp_rr_business_impact_score: number | string | null
  cwes: number[] | null
  epss: number | string | null
}

/** The vulnerabilities of the components that no analysis suppressed (§3.3), EPSS for NVD ones. */
export function unsuppressedVulnerabilities(db: Queryable, componentIds: readonly number[]) {
  return db.query<EvaluationVulnerabilityRow>(
    `SELECT f.component_id, v.vuln_id, v.severity, v.cvss_v2_base_score, v.cvss_v3_base_score,
       v.owasp_rr_likelihood_score, v.owasp_rr_technical_impact_score,
       v.owasp_rr_business_impact_score, v.cwes, e.score AS epss
     FROM finding f
     JOIN vulnerability v ON v.id = f.vulnerability_id
     LEFT JOIN analysis an ON an.component_id = f.component_id
       AND an.vulnerability_id = f.vulnerability_id
     LEFT JOIN epss_score e ON v.source = 'NVD' AND e.cve_id = v.vuln_id
     WHERE f.component_id = ANY($1::bigint[]) AND NOT COALESCE(an.suppressed, false)`,
    [componentIds],
  )
}

/** Which of these licenseIds the catalogue has (exact, case-sensitive). */
export async function existingLicenseIds(db: Queryable, licenseIds: readonly string[]) {
  if (licenseIds.length === 0) return []
  const rows = await db.query<{ license_id: string }>(
    'SELECT license_id FROM license WHERE license_id = ANY($1::text[])',
    [licenseIds],
  )
  return rows.map((row) => row.license_id)
}

/** License groups by UUID with the licenseIds they hold. */
export function licenseGroupMembers(db: Queryable, uuids: readonly string[]) {
  return db.query<{ uuid: string; license_ids: string[] }>(
    `SELECT g.uuid::text AS uuid,
       COALESCE(array_agg(l.license_id) FILTER (WHERE l.license_id IS NOT NULL), '{}') AS license_ids
     FROM license_group g
     LEFT JOIN license_group_license gl ON gl.license_group_id = g.id
     LEFT JOIN license l ON l.id = gl.license_id
     WHERE g.uuid = ANY($1::uuid[])
     GROUP BY g.uuid`,
    [uuids],
  )
}

export function licenseIdsByUuid(db: Queryable, uuids: readonly string[]) {
  return db.query<{ uuid: string; license_id: string }>(
    'SELECT uuid::text AS uuid, license_id FROM license WHERE uuid = ANY($1::uuid[])',
    [uuids],
  )
}

export type { PackageKey, RepositoryMetaRow } from './repository-meta.ts'

export interface ReportedViolation {
  componentId: number
  conditionId: number
  type: string
}

export interface ExistingViolationRow {
  id: Id
  component_id: Id
  policy_condition_id: Id
  type: string
}

/** The violations these components hold (read inside the reconciling transaction). */
export function violationsOfComponents(db: Queryable, componentIds: readonly number[]) {
  return db.query<ExistingViolationRow>(
    `SELECT id, component_id, policy_condition_id, type FROM policy_violation
     WHERE component_id = ANY($1::bigint[])`,
    [componentIds],
  )
}

/** Which of these components and conditions still exist (read inside the writing transaction). */
export async function existingTargets(
  db: Queryable,
  componentIds: readonly number[],
  conditionIds: readonly number[],
) {
  const rows = await db.query<{ kind: string; id: Id }>(
    `SELECT 'component' AS kind, id FROM component WHERE id = ANY($1::bigint[])
     UNION ALL SELECT 'condition', id FROM policy_condition WHERE id = ANY($2::bigint[])`,
    [componentIds, conditionIds],
  )
  const ids = (kind: string) =>
    new Set(rows.filter((row) => row.kind === kind).map((row) => Number(row.id)))
  return { components: ids('component'), conditions: ids('condition') }
}

/** Deletes violations; their analysis and its comments go with them (foreign keys). */
export async function deleteViolations(db: Queryable, ids: readonly number[]) {
  if (ids.length === 0) return
  await db.query('DELETE FROM policy_violation WHERE id = ANY($1::bigint[])', [ids])
}

const COPY_CHUNK = 20_000

/**
 * Creates violations, timestamped now. Where COPY is offered (PGlite: one connection, so what
 * the caller's transaction read cannot change before the copy) the rows are copied with uuids
 * made here; the caller leaves out components and conditions that no longer exist. Elsewhere
 * they are inserted set-based, skipping those and rows another writer added.
 */
export async function insertViolations(
  db: Queryable,
  projectId: number,
  rows: readonly ReportedViolation[],
): Promise<number> {
  if (rows.length === 0) return 0
  if (db.copyFrom) {
    for (let start = 0; start < rows.length; start += COPY_CHUNK) {
      let text = ''
      for (const row of rows.slice(start, start + COPY_CHUNK)) {
        text += `${randomUUID()}\t${row.type}\t${projectId}\t${row.componentId}\t${row.conditionId}\n`
      }
      await db.copyFrom('policy_violation', VIOLATION_COPY_COLUMNS, text)
    }
    return rows.length
  }
  const created = await db.query(
    `INSERT INTO policy_violation (type, project_id, component_id, policy_condition_id)
     SELECT r.type, c.project_id, c.id, pc.id
     FROM unnest($1::bigint[], $2::bigint[], $3::text[]) AS r(component_id, condition_id, type)
     JOIN component c ON c.id = r.component_id
     JOIN policy_condition pc ON pc.id = r.condition_id
     ON CONFLICT (component_id, policy_condition_id, type) DO NOTHING
     RETURNING id`,
    [rows.map((r) => r.componentId), rows.map((r) => r.conditionId), rows.map((r) => r.type)],
  )
  return created.length
}

const VIOLATION_COPY_COLUMNS = [
  'uuid',
  'type',
  'project_id',
  'component_id',
  'policy_condition_id',
] as const
