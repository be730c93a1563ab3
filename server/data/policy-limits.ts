import type { Queryable } from '../db/database.ts'
import { likePattern, SqlParams } from './sql.ts'

/** What a policy is limited to: projects (policy_project) and tags (policy_tag). */

export interface PolicyProjectRow {
  policy_id: number
  id: number
  uuid: string
  name: string
  version: string | null
  active: boolean
}

/** The projects of these policies, each policy's by name then version. */
export async function projectsOfPolicies(db: Queryable, policyIds: number[]) {
  const rows = await db.query<PolicyProjectRow>(
    `SELECT pp.policy_id, p.id, p.uuid, p.name, p.version, p.active
     FROM policy_project pp JOIN project p ON p.id = pp.project_id
     WHERE pp.policy_id = ANY($1::bigint[])
     ORDER BY pp.policy_id, p.name, p.version NULLS FIRST, p.id`,
    [policyIds],
  )
  return rows.map((row) => ({ ...row, policy_id: Number(row.policy_id), id: Number(row.id) }))
}

/** The tags of these policies, each policy's by name. */
export async function tagsOfPolicies(db: Queryable, policyIds: number[]) {
  const rows = await db.query<{ policy_id: number; id: number; name: string }>(
    `SELECT pt.policy_id, t.id, t.name FROM policy_tag pt JOIN tag t ON t.id = pt.tag_id
     WHERE pt.policy_id = ANY($1::bigint[]) ORDER BY pt.policy_id, t.name`,
    [policyIds],
  )
  return rows.map((row) => ({ ...row, policy_id: Number(row.policy_id), id: Number(row.id) }))
}

/** Links every given policy with every given project; answers how many links are new. */
export async function addPolicyProjects(db: Queryable, policyIds: number[], projectIds: number[]) {
  if (policyIds.length === 0 || projectIds.length === 0) return 0
  const rows = await db.query(
    `INSERT INTO policy_project (policy_id, project_id)
     SELECT p, x FROM unnest($1::bigint[]) p CROSS JOIN unnest($2::bigint[]) x
     ON CONFLICT DO NOTHING RETURNING policy_id`,
    [policyIds, projectIds],
  )
  return rows.length
}

/** Answers how many links were removed. */
export async function removePolicyProjects(
  db: Queryable,
  policyIds: number[],
  projectIds: number[],
) {
  if (policyIds.length === 0 || projectIds.length === 0) return 0
  const rows = await db.query(
    `DELETE FROM policy_project
     WHERE policy_id = ANY($1::bigint[]) AND project_id = ANY($2::bigint[]) RETURNING policy_id`,
    [policyIds, projectIds],
  )
  return rows.length
}

export async function addPolicyTags(db: Queryable, policyIds: number[], tagIds: number[]) {
  if (policyIds.length === 0 || tagIds.length === 0) return 0
  const rows = await db.query(
    `INSERT INTO policy_tag (policy_id, tag_id)
     SELECT p, t FROM unnest($1::bigint[]) p CROSS JOIN unnest($2::bigint[]) t
     ON CONFLICT DO NOTHING RETURNING policy_id`,
    [policyIds, tagIds],
  )
  return rows.length
}

export async function removePolicyTags(db: Queryable, policyIds: number[], tagIds: number[]) {
  if (policyIds.length === 0 || tagIds.length === 0) return 0
  const rows = await db.query(
    `DELETE FROM policy_tag
     WHERE policy_id = ANY($1::bigint[]) AND tag_id = ANY($2::bigint[]) RETURNING policy_id`,
    [policyIds, tagIds],
  )
  return rows.length
}

/** Makes a policy's projects exactly these. */
export async function replacePolicyProjects(db: Queryable, policyId: number, projectIds: number[]) {
  await db.query(
    'DELETE FROM policy_project WHERE policy_id = $1 AND NOT (project_id = ANY($2::bigint[]))',
    [policyId, projectIds],
  )
  await addPolicyProjects(db, [policyId], projectIds)
}

/** Makes a policy's tags exactly these. */
export async function replacePolicyTags(db: Queryable, policyId: number, tagIds: number[]) {
  await db.query(
    'DELETE FROM policy_tag WHERE policy_id = $1 AND NOT (tag_id = ANY($2::bigint[]))',
    [policyId, tagIds],
  )
  await addPolicyTags(db, [policyId], tagIds)
}

/** Policies carrying the tag with exactly this name; `search` is a substring of the name. */
export async function listTaggedPolicies(
  db: Queryable,
  options: {
    tagName: string
    search: string | undefined
    direction: 'asc' | 'desc'
    offset: number
    limit: number
  },
) {
  const from = (sql: SqlParams) => {
    let where = `t.name = ${sql.add(options.tagName)}`
    if (options.search !== undefined) where += ` AND p.name LIKE ${sql.add(likePattern(options.search))}`
    return `FROM policy p JOIN policy_tag pt ON pt.policy_id = p.id
            JOIN tag t ON t.id = pt.tag_id WHERE ${where}`
  }
  const countSql = new SqlParams()
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*) AS total ${from(countSql)}`,
    countSql.values,
  )
  const sql = new SqlParams()
  const rows = await db.query<{ uuid: string; name: string }>(
    `SELECT p.uuid, p.name ${from(sql)}
     ORDER BY p.name ${options.direction}, p.id ASC
     LIMIT ${sql.add(options.limit)} OFFSET ${sql.add(options.offset)}`,
    sql.values,
  )
  return { rows, total: Number(count?.total ?? 0) }
}

/**
 * The tags that make sense for a policy: those of its projects when it is limited to projects,
 * else every tag; the most used (by projects) first.
 */
export function tagsRelevantToPolicy(db: Queryable, policyId: number) {
  return db.query<{ name: string }>(
    `WITH scoped AS (SELECT EXISTS (SELECT 1 FROM policy_project WHERE policy_id = $1) AS limited)
     SELECT t.name FROM tag t, scoped
     WHERE NOT scoped.limited OR EXISTS (
       SELECT 1 FROM project_tag pt JOIN policy_project pp ON pp.project_id = pt.project_id
       WHERE pt.tag_id = t.id AND pp.policy_id = $1)
     ORDER BY (SELECT count(*) FROM project_tag pt WHERE pt.tag_id = t.id) DESC, t.name`,
    [policyId],
  )
}

/** Projects by exact name and version (a null version matches only a project without one). */
export async function projectsByNameVersion(
  db: Queryable,
  refs: ReadonlyArray<{ name: string; version: string | null }>,
) {
  if (refs.length === 0) return []
  const rows = await db.query<{ id: number; name: string; version: string | null }>(
    `SELECT DISTINCT p.id, p.name, p.version
     FROM unnest($1::text[], $2::text[]) AS r(name, version)
     JOIN project p ON p.name = r.name AND p.version IS NOT DISTINCT FROM r.version`,
    [refs.map((ref) => ref.name), refs.map((ref) => ref.version)],
  )
  return rows.map((row) => ({ ...row, id: Number(row.id) }))
}
