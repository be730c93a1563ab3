import type { Queryable } from '../db/database.ts'
import type { AnalysisValues } from './analyses.ts'
import type { ProjectAccess } from './project-access.ts'
import { SqlParams } from './sql.ts'

type Id = number | string

/** A decision for a component and vulnerability beyond one finding (table analysis_rule). */
export interface AnalysisRuleRow {
  id: Id
  uuid: string
  scope: 'PROJECT' | 'PORTFOLIO'
  project_name: string | null
  component_key: string
  vulnerability_id: Id
  vulnerability_uuid: string
  vulnerability_source: string
  vulnerability_vuln_id: string
  state: string
  justification: string | null
  response: string | null
  details: string | null
  suppressed: boolean
  created_by: string | null
  created_at: Date
  updated_at: Date
}

const SELECT = `SELECT r.id, r.uuid, r.scope, r.project_name, r.component_key, r.vulnerability_id,
    v.uuid AS vulnerability_uuid, v.source AS vulnerability_source,
    v.vuln_id AS vulnerability_vuln_id, r.state, r.justification, r.response, r.details,
    r.suppressed, r.created_by, r.created_at, r.updated_at
  FROM analysis_rule r JOIN vulnerability v ON v.id = r.vulnerability_id`

export interface RuleTarget {
  scope: 'PROJECT' | 'PORTFOLIO'
  projectName: string | null
  componentKey: string
  vulnerabilityId: Id
}

/** Creates the rule for the target or replaces its decision; answers the stored rule. */
export async function upsertRule(
  db: Queryable,
  target: RuleTarget,
  values: AnalysisValues,
  createdBy: string | null,
): Promise<AnalysisRuleRow> {
  const [saved] = await db.query<{ id: Id }>(
    `INSERT INTO analysis_rule (scope, project_name, component_key, vulnerability_id, state,
       justification, response, details, suppressed, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (scope, COALESCE(project_name, ''), component_key, vulnerability_id)
     DO UPDATE SET state = EXCLUDED.state, justification = EXCLUDED.justification,
       response = EXCLUDED.response, details = EXCLUDED.details,
       suppressed = EXCLUDED.suppressed, created_by = EXCLUDED.created_by,
       updated_at = clock_timestamp()
     RETURNING id`,
    [
      target.scope,
      target.projectName,
      target.componentKey,
      target.vulnerabilityId,
      values.state,
      values.justification,
      values.response,
      values.details,
      values.suppressed,
      createdBy,
    ],
  )
  const [row] = await db.query<AnalysisRuleRow>(`${SELECT} WHERE r.id = $1`, [saved!.id])
  return row!
}

/** The rules of the vulnerabilities the given findings have (cheap when there are no rules). */
export function rulesOfFindings(db: Queryable, findingIds: readonly Id[]) {
  return db.query<AnalysisRuleRow>(
    `${SELECT} WHERE r.vulnerability_id IN (
       SELECT f.vulnerability_id FROM finding f WHERE f.id = ANY($1::bigint[]))
     ORDER BY r.id`,
    [findingIds],
  )
}

/** Portfolio rules, and project rules naming a project the principal can see. */
function visibleCondition(access: ProjectAccess, params: SqlParams) {
  if (!access.teamIds) return 'TRUE'
  return `(r.scope = 'PORTFOLIO' OR EXISTS (SELECT 1 FROM project p
    WHERE p.name = r.project_name AND ${params.access(access, 'p')}))`
}

export async function pageOfRules(
  db: Queryable,
  access: ProjectAccess,
  paging: { offset: number; limit: number },
): Promise<{ rows: AnalysisRuleRow[]; total: number }> {
  const params = new SqlParams()
  const where = visibleCondition(access, params)
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM analysis_rule r WHERE ${where}`,
    params.values,
  )
  const rows = await db.query<AnalysisRuleRow>(
    `${SELECT} WHERE ${where} ORDER BY r.updated_at DESC, r.id DESC
     LIMIT ${params.add(paging.limit)} OFFSET ${params.add(paging.offset)}`,
    params.values,
  )
  return { rows, total: count?.total ?? 0 }
}

export async function findVisibleRule(db: Queryable, access: ProjectAccess, uuid: string) {
  const params = new SqlParams()
  const id = params.add(uuid)
  const rows = await db.query<AnalysisRuleRow>(
    `${SELECT} WHERE r.uuid = ${id}::uuid AND ${visibleCondition(access, params)}`,
    params.values,
  )
  return rows[0]
}

export async function deleteRule(db: Queryable, id: Id) {
  await db.query('DELETE FROM analysis_rule WHERE id = $1', [id])
}

/** When each finding's analysis last changed and from which rule (none: no analysis yet). */
export function analysisStamps(db: Queryable, findingIds: readonly Id[]) {
  return db.query<{ finding_id: Id; rule_id: Id | null; updated_at: Date }>(
    `SELECT f.id AS finding_id, an.rule_id, an.updated_at
     FROM finding f JOIN analysis an
       ON an.component_id = f.component_id AND an.vulnerability_id = f.vulnerability_id
     WHERE f.id = ANY($1::bigint[])`,
    [findingIds],
  )
}

export async function linkAnalysisToRule(db: Queryable, analysisId: Id, ruleId: Id) {
  await db.query('UPDATE analysis SET rule_id = $2 WHERE id = $1', [analysisId, ruleId])
}

export async function projectNameById(db: Queryable, projectId: Id) {
  const rows = await db.query<{ id: number; name: string; version: string | null }>(
    'SELECT id, name, version FROM project WHERE id = $1',
    [projectId],
  )
  return rows[0]!
}
