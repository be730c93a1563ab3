import type { Queryable } from '../db/database.ts'
import type { ProjectAccess } from './project-access.ts'
import { likePattern, SqlParams } from './sql.ts'

export interface ProjectRow {
  id: number
  uuid: string
  name: string
  version: string | null
  group: string | null
  description: string | null
  publisher: string | null
  authors: unknown[] | null
  manufacturer: Record<string, unknown> | null
  supplier: Record<string, unknown> | null
  classifier: string | null
  collection_logic: string | null
  collection_tag_id: number | null
  collection_tag: string | null
  cpe: string | null
  purl: string | null
  swid_tag_id: string | null
  direct_dependencies: string | null
  parent_id: number | null
  last_bom_import: Date | null
  last_bom_import_format: string | null
  last_inherited_risk_score: number | null
  last_vulnerability_analysis: Date | null
  active: boolean
  inactive_since: Date | null
  is_latest: boolean
  external_references: unknown[] | null
  metadata: Record<string, unknown> | null
}

/** The columns a create or an update writes (everything the API may change). */
export interface ProjectWrite {
  name: string
  version: string | null
  group: string | null
  description: string | null
  publisher: string | null
  authors: unknown[] | null
  manufacturer: Record<string, unknown> | null
  supplier: Record<string, unknown> | null
  classifier: string | null
  collectionLogic: string | null
  collectionTagId: number | null
  cpe: string | null
  purl: string | null
  swidTagId: string | null
  directDependencies: string | null
  parentId: number | null
  active: boolean
  inactiveSince: Date | null
  isLatest: boolean
  externalReferences: unknown[] | null
  metadata: Record<string, unknown> | null
}

const SELECT = `SELECT p.id, p.uuid, p.name, p.version, p."group", p.description, p.publisher,
    p.authors, p.manufacturer, p.supplier, p.classifier, p.collection_logic, p.collection_tag_id,
    ct.name AS collection_tag, p.cpe, p.purl, p.swid_tag_id, p.direct_dependencies, p.parent_id,
    p.last_bom_import, p.last_bom_import_format, p.last_inherited_risk_score,
    p.last_vulnerability_analysis, p.active, p.inactive_since, p.is_latest, p.external_references,
    p.metadata
  FROM project p LEFT JOIN tag ct ON ct.id = p.collection_tag_id`

const normalise = (row: ProjectRow): ProjectRow => ({
  ...row,
  id: Number(row.id),
  parent_id: row.parent_id === null ? null : Number(row.parent_id),
  collection_tag_id: row.collection_tag_id === null ? null : Number(row.collection_tag_id),
})

async function select(db: Queryable, where: string, params: unknown[]) {
  return (await db.query<ProjectRow>(`${SELECT} WHERE ${where}`, params)).map(normalise)
}

export async function findProjectByUuid(db: Queryable, uuid: string) {
  return (await select(db, 'p.uuid = $1', [uuid]))[0]
}

export async function findProjectById(db: Queryable, id: number) {
  return (await select(db, 'p.id = $1', [id]))[0]
}

/** A missing version matches only a project without version. */
export async function findProjectByNameVersion(
  db: Queryable,
  name: string,
  version: string | null,
) {
  return (await select(db, 'p.name = $1 AND p.version IS NOT DISTINCT FROM $2', [name, version]))[0]
}

export async function findLatestProject(db: Queryable, name: string) {
  return (await select(db, 'p.name = $1 AND p.is_latest ORDER BY p.id LIMIT 1', [name]))[0]
}

export async function clearLatest(db: Queryable, name: string) {
  await db.query('UPDATE project SET is_latest = false WHERE name = $1 AND is_latest', [name])
}

const WRITE_COLUMNS = `name, version, "group", description, publisher, authors, manufacturer,
  supplier, classifier, collection_logic, collection_tag_id, cpe, purl, swid_tag_id,
  direct_dependencies, parent_id, active, inactive_since, is_latest, external_references, metadata`

const json = (value: unknown) => (value === null ? null : JSON.stringify(value))

const writeParams = (w: ProjectWrite) => [
  w.name,
  w.version,
  w.group,
  w.description,
  w.publisher,
  json(w.authors),
  json(w.manufacturer),
  json(w.supplier),
  w.classifier,
  w.collectionLogic,
  w.collectionTagId,
  w.cpe,
  w.purl,
  w.swidTagId,
  w.directDependencies,
  w.parentId,
  w.active,
  w.inactiveSince,
  w.isLatest,
  json(w.externalReferences),
  json(w.metadata),
]

const WRITE_VALUES = `$1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8::jsonb, $9, $10, $11, $12, $13,
  $14, $15, $16, $17, $18, $19, $20::jsonb, $21::jsonb`

export async function insertProject(db: Queryable, write: ProjectWrite): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO project (${WRITE_COLUMNS}) VALUES (${WRITE_VALUES}) RETURNING id`,
    writeParams(write),
  )
  return Number(rows[0]!.id)
}

/** Undefined when a project with this name and version exists (the transaction stays usable). */
export async function insertProjectIfAbsent(
  db: Queryable,
  write: ProjectWrite,
): Promise<number | undefined> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO project (${WRITE_COLUMNS}) VALUES (${WRITE_VALUES})
     ON CONFLICT DO NOTHING RETURNING id`,
    writeParams(write),
  )
  return rows[0] ? Number(rows[0].id) : undefined
}

export async function updateProject(db: Queryable, id: number, write: ProjectWrite) {
  await db.query(
    `UPDATE project SET (${WRITE_COLUMNS}) = (${WRITE_VALUES}) WHERE id = $22`,
    [...writeParams(write), id],
  )
}

/** Deleting a project takes its descendants, components, services and links along (FK cascade). */
export async function deleteProjects(db: Queryable, ids: number[]) {
  await db.query('DELETE FROM project WHERE id = ANY($1::bigint[])', [ids])
}

export async function findProjectsByIds(db: Queryable, ids: Array<number | string>) {
  if (ids.length === 0) return []
  return select(db, 'p.id = ANY($1::bigint[])', [ids])
}

export async function findProjectsByUuids(db: Queryable, uuids: string[]) {
  return select(db, 'p.uuid = ANY($1::uuid[])', [uuids])
}

/** Ids of the given projects' subtrees (themselves included). */
export async function subtreeIds(db: Queryable, ids: number[]): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `WITH RECURSIVE sub(id) AS (
       SELECT unnest($1::bigint[])
       UNION SELECT c.id FROM project c JOIN sub ON c.parent_id = sub.id)
     SELECT id FROM sub`,
    [ids],
  )
  return rows.map((row) => Number(row.id))
}

export async function hasActiveDescendant(db: Queryable, id: number) {
  const rows = await db.query(
    `WITH RECURSIVE sub(id) AS (
       SELECT id FROM project WHERE parent_id = $1
       UNION SELECT c.id FROM project c JOIN sub ON c.parent_id = sub.id)
     SELECT 1 FROM project WHERE id IN (SELECT id FROM sub) AND active LIMIT 1`,
    [id],
  )
  return rows.length > 0
}

export async function isDescendant(db: Queryable, ancestorId: number, candidateId: number) {
  const rows = await db.query(
    `WITH RECURSIVE sub(id) AS (
       SELECT id FROM project WHERE parent_id = $1
       UNION SELECT c.id FROM project c JOIN sub ON c.parent_id = sub.id)
     SELECT 1 FROM sub WHERE id = $2 LIMIT 1`,
    [ancestorId, candidateId],
  )
  return rows.length > 0
}

export async function hasComponentsOrServices(db: Queryable, id: number) {
  const rows = await db.query(
    `SELECT EXISTS (SELECT 1 FROM component WHERE project_id = $1)
         OR EXISTS (SELECT 1 FROM service_component WHERE project_id = $1) AS used`,
    [id],
  )
  return (rows[0] as { used: boolean } | undefined)?.used ?? false
}

export interface ProjectRef {
  id: number
  uuid: string
  name: string
  version: string | null
}

export async function projectRefs(db: Queryable, ids: number[]): Promise<ProjectRef[]> {
  const rows = await db.query<ProjectRef>(
    'SELECT id, uuid, name, version FROM project WHERE id = ANY($1::bigint[])',
    [ids],
  )
  return rows.map((row) => ({ ...row, id: Number(row.id) }))
}

export async function childrenOf(db: Queryable, parentIds: number[]) {
  return select(db, 'p.parent_id = ANY($1::bigint[]) ORDER BY p.name, p.version DESC, p.id', [
    parentIds,
  ])
}

export function projectVersions(db: Queryable, name: string) {
  return db.query<{ uuid: string; version: string | null; active: boolean }>(
    'SELECT uuid, version, active FROM project WHERE name = $1 ORDER BY id',
    [name],
  )
}

export interface ProjectListFilter {
  access: ProjectAccess
  name?: string
  excludeInactive?: boolean
  onlyRoot?: boolean
  notAssignedToTeamId?: number
  /** Only projects whose access teams include this team (the ACL page's team rows). */
  assignedToTeamId?: number
  /** Case-insensitive substring of the name, or exactly a tag name. */
  search?: string
  /** Case-insensitive substring of the name only. */
  nameSearch?: string
  tag?: string
  classifier?: string
  parentId?: number
  /** Leaves out this project and all its descendants. */
  excludeSubtreeOf?: number
}

/** SQL expressions a project list may be ordered by; they refer to aliases p and ct. */
export interface ProjectOrder {
  sql: string
  direction: 'asc' | 'desc'
}

function listWhere(filter: ProjectListFilter, sql: SqlParams) {
  const conditions = [sql.access(filter.access, 'p')]
  if (filter.name !== undefined) conditions.push(`p.name = ${sql.add(filter.name)}`)
  if (filter.excludeInactive) conditions.push('p.active')
  if (filter.onlyRoot) conditions.push('p.parent_id IS NULL')
  if (filter.parentId !== undefined) conditions.push(`p.parent_id = ${sql.add(filter.parentId)}`)
  if (filter.classifier !== undefined)
    conditions.push(`p.classifier = ${sql.add(filter.classifier)}`)
  if (filter.notAssignedToTeamId !== undefined) {
    conditions.push(`NOT EXISTS (SELECT 1 FROM project_access_team nat
      WHERE nat.project_id = p.id AND nat.team_id = ${sql.add(filter.notAssignedToTeamId)})`)
  }
  if (filter.assignedToTeamId !== undefined) {
    conditions.push(`EXISTS (SELECT 1 FROM project_access_team aat
      WHERE aat.project_id = p.id AND aat.team_id = ${sql.add(filter.assignedToTeamId)})`)
  }
  if (filter.tag !== undefined) {
    conditions.push(`EXISTS (SELECT 1 FROM project_tag ftt JOIN tag ft ON ft.id = ftt.tag_id
      WHERE ftt.project_id = p.id AND ft.name = ${sql.add(filter.tag)})`)
  }
  if (filter.search !== undefined) {
    const pattern = sql.add(likePattern(filter.search.toLowerCase()))
    const tag = sql.add(filter.search.trim().toLowerCase())
    conditions.push(`(lower(p.name) LIKE ${pattern} OR EXISTS (SELECT 1 FROM project_tag stt
      JOIN tag st ON st.id = stt.tag_id WHERE stt.project_id = p.id AND st.name = ${tag}))`)
  }
  if (filter.nameSearch !== undefined) {
    conditions.push(`lower(p.name) LIKE ${sql.add(likePattern(filter.nameSearch.toLowerCase()))}`)
  }
  if (filter.excludeSubtreeOf !== undefined) {
    conditions.push(`p.id NOT IN (WITH RECURSIVE sub(id) AS (
        SELECT ${sql.add(filter.excludeSubtreeOf)}::bigint
        UNION SELECT c.id FROM project c JOIN sub ON c.parent_id = sub.id)
      SELECT id FROM sub)`)
  }
  return conditions.join(' AND ')
}

export async function listProjects(
  db: Queryable,
  filter: ProjectListFilter,
  order: ProjectOrder[],
  page: { offset: number; limit: number },
) {
  const countSql = new SqlParams()
  const sql = new SqlParams()
  const orderBy = [...order.map((o) => `${o.sql} ${o.direction}`), 'p.id ASC'].join(', ')
  const [[count], rows] = await Promise.all([
    db.query<{ total: number }>(
      `SELECT count(*) AS total FROM project p WHERE ${listWhere(filter, countSql)}`,
      countSql.values,
    ),
    db.query<ProjectRow>(
      `${SELECT} WHERE ${listWhere(filter, sql)} ORDER BY ${orderBy}
       LIMIT ${sql.add(page.limit)} OFFSET ${sql.add(page.offset)}`,
      sql.values,
    ),
  ])
  return { rows: rows.map(normalise), total: Number(count?.total ?? 0) }
}

export async function accessTeamIds(db: Queryable, projectId: number) {
  const rows = await db.query<{ team_id: number }>(
    'SELECT team_id FROM project_access_team WHERE project_id = $1 ORDER BY team_id',
    [projectId],
  )
  return rows.map((row) => Number(row.team_id))
}

export async function addAccessTeams(db: Queryable, projectId: number, teamIds: number[]) {
  if (teamIds.length === 0) return
  await db.query(
    `INSERT INTO project_access_team (project_id, team_id)
     SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING`,
    [projectId, teamIds],
  )
}

export async function accessibleProjectIds(db: Queryable, uuids: string[], access: ProjectAccess) {
  const sql = new SqlParams()
  const rows = await db.query<{ id: number }>(
    `SELECT p.id FROM project p
     WHERE p.uuid = ANY(${sql.add(uuids)}::uuid[]) AND ${sql.access(access, 'p')}`,
    sql.values,
  )
  return rows.map((row) => Number(row.id))
}
