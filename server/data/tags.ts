import type { Queryable } from '../db/database.ts'
import { maybeOne } from '../db/database.ts'
import type { ProjectAccess } from './project-access.ts'
import { likePattern, SqlParams } from './sql.ts'

export interface TagRow {
  id: number
  name: string
}

export type TagSort = 'name' | 'projectCount' | 'policyCount' | 'notificationRuleCount'

export function findTagByName(db: Queryable, name: string) {
  return maybeOne<TagRow>(db, 'SELECT id, name FROM tag WHERE name = $1', [name])
}

/** Tags by exact name; missing names are simply absent from the answer. */
export function findTagsByNames(db: Queryable, names: string[]) {
  return db.query<TagRow>('SELECT id, name FROM tag WHERE name = ANY($1::text[])', [names])
}

/** Returns the tags with these (already normalised) names, creating the missing ones. */
export async function resolveTags(db: Queryable, names: string[]): Promise<TagRow[]> {
  if (names.length === 0) return []
  await db.query(
    'INSERT INTO tag (name) SELECT unnest($1::text[]) ON CONFLICT (name) DO NOTHING',
    [names],
  )
  return findTagsByNames(db, names)
}

export function tagsOfProjects(db: Queryable, projectIds: number[]) {
  return db.query<{ project_id: number; name: string }>(
    `SELECT pt.project_id, t.name FROM project_tag pt JOIN tag t ON t.id = pt.tag_id
     WHERE pt.project_id = ANY($1::bigint[]) ORDER BY t.name`,
    [projectIds],
  )
}

export async function replaceProjectTags(db: Queryable, projectId: number, tagIds: number[]) {
  await db.query(
    `DELETE FROM project_tag
     WHERE project_id = $1 AND NOT (tag_id = ANY($2::bigint[]))`,
    [projectId, tagIds],
  )
  await addProjectsToTag(db, tagIds, [projectId])
}

/** Links every given project with every given tag (existing links are kept). */
export async function addProjectsToTag(db: Queryable, tagIds: number[], projectIds: number[]) {
  if (tagIds.length === 0 || projectIds.length === 0) return
  await db.query(
    `INSERT INTO project_tag (project_id, tag_id)
     SELECT p, t FROM unnest($1::bigint[]) p CROSS JOIN unnest($2::bigint[]) t
     ON CONFLICT DO NOTHING`,
    [projectIds, tagIds],
  )
}

export async function removeProjectsFromTag(db: Queryable, tagId: number, projectIds: number[]) {
  await db.query('DELETE FROM project_tag WHERE tag_id = $1 AND project_id = ANY($2::bigint[])', [
    tagId,
    projectIds,
  ])
}

export async function copyProjectTags(db: Queryable, fromProjectId: number, toProjectId: number) {
  await db.query(
    `INSERT INTO project_tag (project_id, tag_id)
     SELECT $2, tag_id FROM project_tag WHERE project_id = $1 ON CONFLICT DO NOTHING`,
    [fromProjectId, toProjectId],
  )
}

export interface TagListRow {
  name: string
  project_count: number
  policy_count: number
  /** Collection projects that aggregate the children carrying this tag. */
  collection_project_count: number
}

const SORT_COLUMNS: Record<Exclude<TagSort, 'notificationRuleCount'>, string> = {
  name: 't.name',
  projectCount: 'project_count',
  policyCount: 'policy_count',
}

export async function listTags(
  db: Queryable,
  options: {
    access: ProjectAccess
    search: string | undefined
    sort: TagSort | undefined
    direction: 'asc' | 'desc'
    offset: number
    limit: number
  },
) {
  const where = (sql: SqlParams) =>
    options.search === undefined
      ? 'TRUE'
      : `t.name LIKE ${sql.add(likePattern(options.search.toLowerCase()))}`
  const countSql = new SqlParams()
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*) AS total FROM tag t WHERE ${where(countSql)}`,
    countSql.values,
  )
  // Notification rules do not exist yet: their count is always 0, so sorting by it leaves the
  // tie-break order.
  const order =
    options.sort === undefined
      ? 't.name ASC'
      : options.sort === 'notificationRuleCount'
        ? 't.id ASC'
        : `${SORT_COLUMNS[options.sort]} ${options.direction}, t.id ASC`
  const sql = new SqlParams()
  const rows = await db.query<TagListRow>(
    `SELECT t.name,
            (SELECT count(*) FROM project_tag pt JOIN project p ON p.id = pt.project_id
             WHERE pt.tag_id = t.id AND ${sql.access(options.access, 'p')}) AS project_count,
            (SELECT count(*) FROM policy_tag pt WHERE pt.tag_id = t.id) AS policy_count,
            (SELECT count(*) FROM project p
             WHERE p.collection_tag_id = t.id
               AND p.collection_logic = 'AGGREGATE_DIRECT_CHILDREN_WITH_TAG'
               AND ${sql.access(options.access, 'p')}) AS collection_project_count
     FROM tag t WHERE ${where(sql)}
     ORDER BY ${order}
     LIMIT ${sql.add(options.limit)} OFFSET ${sql.add(options.offset)}`,
    sql.values,
  )
  return { rows, total: Number(count?.total ?? 0) }
}

export interface TagUsageRow {
  id: number
  name: string
  project_count: number
  accessible_project_count: number
  policy_count: number
}

/**
 * For bulk deletion: how many projects use each tag, how many of those the caller sees, and how
 * many policies are limited to it.
 */
export function tagUsage(db: Queryable, names: string[], access: ProjectAccess) {
  const sql = new SqlParams()
  return db.query<TagUsageRow>(
    `SELECT t.id, t.name,
            (SELECT count(*) FROM project_tag pt WHERE pt.tag_id = t.id) AS project_count,
            (SELECT count(*) FROM project_tag pt JOIN project p ON p.id = pt.project_id
             WHERE pt.tag_id = t.id AND ${sql.access(access, 'p')}) AS accessible_project_count,
            (SELECT count(*) FROM policy_tag pt WHERE pt.tag_id = t.id) AS policy_count
     FROM tag t WHERE t.name = ANY(${sql.add(names)}::text[])`,
    sql.values,
  )
}

export async function deleteTagsByIds(db: Queryable, ids: number[]) {
  await db.query('DELETE FROM tag WHERE id = ANY($1::bigint[])', [ids])
}

export interface TaggedProjectRow {
  uuid: string
  name: string
  version: string | null
}

export async function listTaggedProjects(
  db: Queryable,
  options: {
    tagName: string
    access: ProjectAccess
    search: string | undefined
    sort: 'name' | 'version' | undefined
    direction: 'asc' | 'desc'
    offset: number
    limit: number
  },
) {
  const from = (sql: SqlParams) => {
    let where = `t.name = ${sql.add(options.tagName)} AND ${sql.access(options.access, 'p')}`
    if (options.search !== undefined) {
      where += ` AND p.name LIKE ${sql.add(likePattern(options.search))}`
    }
    return `FROM project p JOIN project_tag pt ON pt.project_id = p.id
            JOIN tag t ON t.id = pt.tag_id WHERE ${where}`
  }
  const countSql = new SqlParams()
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*) AS total ${from(countSql)}`,
    countSql.values,
  )
  const order =
    options.sort === undefined
      ? 'p.name ASC, p.version DESC'
      : `p.${options.sort} ${options.direction}, p.id ASC`
  const sql = new SqlParams()
  const rows = await db.query<TaggedProjectRow>(
    `SELECT p.uuid, p.name, p.version ${from(sql)}
     ORDER BY ${order} LIMIT ${sql.add(options.limit)} OFFSET ${sql.add(options.offset)}`,
    sql.values,
  )
  return { rows, total: Number(count?.total ?? 0) }
}
