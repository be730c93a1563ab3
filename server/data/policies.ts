import type { Queryable } from '../db/database.ts'
import { likePattern, SqlParams } from './sql.ts'

export interface PolicyRow {
  id: number
  uuid: string
  name: string
  operator: string
  violation_state: string
  include_children: boolean
  only_latest_project_version: boolean
}

export interface PolicyConditionRow {
  id: number
  uuid: string
  policy_id: number
  subject: string
  operator: string
  value: string
}

/** The columns a create or an update writes. */
export interface PolicyWrite {
  name: string
  operator: string
  violationState: string
  includeChildren: boolean
  onlyLatestProjectVersion: boolean
}

export interface PolicyOrder {
  sql: string
  direction: 'asc' | 'desc'
}

/** Persistent Policy fields and the SQL they sort by (null: persistent but not orderable). */
export const POLICY_SORT_COLUMNS: Record<string, string | null> = {
  id: 'p.id',
  uuid: 'p.uuid',
  name: 'p.name',
  operator: 'p.operator',
  // INFO < WARN < FAIL, so a sort by state puts the mildest first.
  violationState: `(CASE p.violation_state WHEN 'FAIL' THEN 3 WHEN 'WARN' THEN 2 ELSE 1 END)`,
  includeChildren: 'p.include_children',
  onlyLatestProjectVersion: 'p.only_latest_project_version',
  policyConditions: null,
  projects: null,
  tags: null,
}

const POLICY_COLUMNS = `p.id, p.uuid, p.name, p.operator, p.violation_state, p.include_children,
  p.only_latest_project_version`

const policy = (row: PolicyRow): PolicyRow => ({ ...row, id: Number(row.id) })
const condition = (row: PolicyConditionRow): PolicyConditionRow => ({
  ...row,
  id: Number(row.id),
  policy_id: Number(row.policy_id),
})

async function selectPolicies(db: Queryable, where: string, params: unknown[]) {
  const rows = await db.query<PolicyRow>(`SELECT ${POLICY_COLUMNS} FROM policy p WHERE ${where}`, [
    ...params,
  ])
  return rows.map(policy)
}

export async function findPolicyByUuid(db: Queryable, uuid: string) {
  return (await selectPolicies(db, 'p.uuid = $1', [uuid]))[0]
}

/** Locks the row too: concurrent changes of one policy apply one after the other. */
export async function lockPolicyByUuid(db: Queryable, uuid: string) {
  return (await selectPolicies(db, 'p.uuid = $1 FOR UPDATE', [uuid]))[0]
}

export async function findPolicyByName(db: Queryable, name: string) {
  return (await selectPolicies(db, 'p.name = $1', [name]))[0]
}

export function findPoliciesByUuids(db: Queryable, uuids: string[]) {
  return selectPolicies(db, 'p.uuid = ANY($1::uuid[]) ORDER BY p.id', [uuids])
}

export function findPoliciesByNames(db: Queryable, names: string[]) {
  return selectPolicies(db, 'p.name = ANY($1::text[]) ORDER BY p.id', [names])
}

export function allPolicies(db: Queryable) {
  return selectPolicies(db, 'TRUE ORDER BY p.name, p.id', [])
}

/** One page of policies; `search` is a case-insensitive substring of the name. */
export async function listPolicies(
  db: Queryable,
  options: { search?: string; order: PolicyOrder[]; offset: number; limit: number },
) {
  const where = (sql: SqlParams) =>
    options.search === undefined
      ? 'TRUE'
      : `lower(p.name) LIKE ${sql.add(likePattern(options.search.toLowerCase()))}`
  const countSql = new SqlParams()
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*) AS total FROM policy p WHERE ${where(countSql)}`,
    countSql.values,
  )
  const order = [...options.order.map((o) => `${o.sql} ${o.direction}`), 'p.id ASC'].join(', ')
  const sql = new SqlParams()
  const rows = await db.query<PolicyRow>(
    `SELECT ${POLICY_COLUMNS} FROM policy p WHERE ${where(sql)}
     ORDER BY ${order} LIMIT ${sql.add(options.limit)} OFFSET ${sql.add(options.offset)}`,
    sql.values,
  )
  return { rows: rows.map(policy), total: Number(count?.total ?? 0) }
}

const writeParams = (write: PolicyWrite) => [
  write.name,
  write.operator,
  write.violationState,
  write.includeChildren,
  write.onlyLatestProjectVersion,
]

export async function insertPolicy(db: Queryable, write: PolicyWrite): Promise<PolicyRow> {
  const rows = await db.query<PolicyRow>(
    `INSERT INTO policy AS p (name, operator, violation_state, include_children,
       only_latest_project_version)
     VALUES ($1, $2, $3, $4, $5) RETURNING ${POLICY_COLUMNS}`,
    writeParams(write),
  )
  return policy(rows[0]!)
}

export async function updatePolicy(db: Queryable, id: number, write: PolicyWrite) {
  await db.query(
    `UPDATE policy SET name = $1, operator = $2, violation_state = $3, include_children = $4,
       only_latest_project_version = $5
     WHERE id = $6`,
    [...writeParams(write), id],
  )
}

/** Sets the given fields (absent ones stay) on several policies at once. */
export async function updatePolicies(
  db: Queryable,
  ids: number[],
  fields: Partial<Omit<PolicyWrite, 'name'>>,
) {
  await db.query(
    `UPDATE policy SET operator = COALESCE($2, operator),
       violation_state = COALESCE($3, violation_state),
       include_children = COALESCE($4, include_children),
       only_latest_project_version = COALESCE($5, only_latest_project_version)
     WHERE id = ANY($1::bigint[])`,
    [
      ids,
      fields.operator ?? null,
      fields.violationState ?? null,
      fields.includeChildren ?? null,
      fields.onlyLatestProjectVersion ?? null,
    ],
  )
}

/** Deleting a policy takes its conditions, their violations and analyses along (FK cascade). */
export async function deletePolicies(db: Queryable, ids: number[]) {
  await db.query('DELETE FROM policy WHERE id = ANY($1::bigint[])', [ids])
}

const CONDITION_COLUMNS = 'c.id, c.uuid, c.policy_id, c.subject, c.operator, c.value'

/** The conditions of these policies, each policy's in id order. */
export async function conditionsOf(db: Queryable, policyIds: number[]) {
  const rows = await db.query<PolicyConditionRow>(
    `SELECT ${CONDITION_COLUMNS} FROM policy_condition c
     WHERE c.policy_id = ANY($1::bigint[]) ORDER BY c.policy_id, c.id`,
    [policyIds],
  )
  return rows.map(condition)
}

export async function findConditionByUuid(db: Queryable, uuid: string) {
  const rows = await db.query<PolicyConditionRow>(
    `SELECT ${CONDITION_COLUMNS} FROM policy_condition c WHERE c.uuid = $1`,
    [uuid],
  )
  return rows[0] && condition(rows[0])
}

export interface ConditionWrite {
  subject: string
  operator: string
  value: string
}

/** Adds conditions to a policy in the given order (ids ascending, so they list that way). */
export async function insertConditions(
  db: Queryable,
  policyId: number,
  conditions: readonly ConditionWrite[],
) {
  if (conditions.length === 0) return []
  const rows = await db.query<PolicyConditionRow>(
    `INSERT INTO policy_condition AS c (policy_id, subject, operator, value)
     SELECT $1, s, o, v FROM unnest($2::text[], $3::text[], $4::text[])
       WITH ORDINALITY AS t(s, o, v, n) ORDER BY n
     RETURNING ${CONDITION_COLUMNS}`,
    [
      policyId,
      conditions.map((c) => c.subject),
      conditions.map((c) => c.operator),
      conditions.map((c) => c.value),
    ],
  )
  return rows.map(condition).sort((a, b) => a.id - b.id)
}

export async function updateConditions(
  db: Queryable,
  updates: ReadonlyArray<ConditionWrite & { id: number }>,
) {
  if (updates.length === 0) return
  await db.query(
    `UPDATE policy_condition c SET subject = t.s, operator = t.o, value = t.v
     FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[]) AS t(id, s, o, v)
     WHERE c.id = t.id`,
    [
      updates.map((u) => u.id),
      updates.map((u) => u.subject),
      updates.map((u) => u.operator),
      updates.map((u) => u.value),
    ],
  )
}

/** Deleting a condition takes its violations and their analyses along (FK cascade). */
export async function deleteConditions(db: Queryable, ids: number[]) {
  if (ids.length === 0) return
  await db.query('DELETE FROM policy_condition WHERE id = ANY($1::bigint[])', [ids])
}

/** Whether the job holding this singleton key is running (not merely waiting). */
export async function singletonJobRunning(db: Queryable, singletonKey: string) {
  const rows = await db.query(
    "SELECT 1 FROM job WHERE singleton_key = $1 AND status = 'running'",
    [singletonKey],
  )
  return rows.length > 0
}
