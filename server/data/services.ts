import { maybeOne, type Queryable } from '../db/database.ts'
import type { ExternalReference, OrganizationalEntity, Page } from './components.ts'
import { SqlParams } from './sql.ts'

type Id = number | string

export interface DataClassification {
  direction?: string
  name?: string
}

export interface ServiceRow {
  id: Id
  uuid: string
  project_id: Id
  provider: OrganizationalEntity | null
  group: string | null
  name: string
  version: string | null
  description: string | null
  endpoints: string[] | null
  authenticated: boolean | null
  crosses_trust_boundary: boolean | null
  data: DataClassification[] | null
  external_references: ExternalReference[] | null
  notes: string | null
  last_inherited_risk_score: number | null
}

const COLUMNS = `s.id, s.uuid, s.project_id, s.provider, s."group", s.name, s.version, s.description,
  s.endpoints, s.authenticated, s.crosses_trust_boundary, s.data, s.external_references, s.notes,
  s.last_inherited_risk_score`

/** The columns both PUT and POST /service write. */
export const SERVICE_WRITABLE_COLUMNS = [
  'provider',
  'group',
  'name',
  'version',
  'description',
  'endpoints',
  'authenticated',
  'crosses_trust_boundary',
  'data',
  'external_references',
] as const

export type ServiceValues = { [K in (typeof SERVICE_WRITABLE_COLUMNS)[number]]: ServiceRow[K] }

const JSON_COLUMNS = new Set(['provider', 'endpoints', 'data', 'external_references'])
const quote = (column: string) => (column === 'group' ? '"group"' : column)
const placeholder = (column: string, index: number) =>
  JSON_COLUMNS.has(column) ? `$${index}::jsonb` : `$${index}`
const valuesOf = (values: ServiceValues) =>
  SERVICE_WRITABLE_COLUMNS.map((column) => {
    const value = values[column]
    return JSON_COLUMNS.has(column) && value !== null ? JSON.stringify(value) : value
  })

/** SQL for each persistent ServiceComponent field a client may sort by. */
export const SERVICE_SORT_COLUMNS: Record<string, string | null> = {
  id: 's.id',
  uuid: 's.uuid',
  name: 's.name',
  version: 's.version',
  group: 's."group"',
  description: 's.description',
  provider: 's.provider::text',
  endpoints: 's.endpoints::text',
  authenticated: 's.authenticated',
  crossesTrustBoundary: 's.crosses_trust_boundary',
  data: 's.data::text',
  externalReferences: 's.external_references::text',
  notes: 's.notes',
  lastInheritedRiskScore: 's.last_inherited_risk_score',
  project: 's.project_id',
  parent: null,
  children: null,
  vulnerabilities: null,
}

export function findServiceByUuid(db: Queryable, uuid: string) {
  return maybeOne<ServiceRow>(db, `SELECT ${COLUMNS} FROM service_component s WHERE s.uuid = $1`, [
    uuid,
  ])
}

export async function listProjectServices(
  db: Queryable,
  projectId: Id,
  searchText: string | undefined,
  orderBy: string,
  page: Page,
) {
  const params = new SqlParams()
  const where = [`s.project_id = ${params.add(projectId)}`]
  if (searchText !== undefined) {
    where.push(`strpos(lower(s.name), ${params.add(searchText.toLowerCase())}) > 0`)
  }
  const from = `FROM service_component s WHERE ${where.join(' AND ')}`
  const [countRow] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total ${from}`,
    params.values,
  )
  const limit = params.add(page.limit)
  const offset = params.add(page.offset)
  const rows = await db.query<ServiceRow>(
    `SELECT ${COLUMNS} ${from} ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}`,
    params.values,
  )
  return { rows, total: Number(countRow?.total ?? 0) }
}

export async function insertService(db: Queryable, projectId: Id, values: ServiceValues) {
  const columns = SERVICE_WRITABLE_COLUMNS.map(quote).join(', ')
  const placeholders = SERVICE_WRITABLE_COLUMNS.map((column, i) => placeholder(column, i + 2))
  const row = await maybeOne<{ uuid: string }>(
    db,
    `INSERT INTO service_component (project_id, ${columns}, last_inherited_risk_score)
     VALUES ($1, ${placeholders.join(', ')}, 0) RETURNING uuid`,
    [projectId, ...valuesOf(values)],
  )
  return row!.uuid
}

export async function updateService(db: Queryable, id: Id, values: ServiceValues) {
  const assignments = SERVICE_WRITABLE_COLUMNS.map(
    (column, i) => `${quote(column)} = ${placeholder(column, i + 2)}`,
  ).join(', ')
  await db.query(`UPDATE service_component SET ${assignments} WHERE id = $1`, [
    id,
    ...valuesOf(values),
  ])
}

export async function deleteService(db: Queryable, id: Id) {
  await db.query('DELETE FROM service_component WHERE id = $1', [id])
}

export interface GraphServiceRow {
  uuid: string
  name: string
  version: string | null
}

export function graphServicesByUuids(db: Queryable, uuids: string[]) {
  if (uuids.length === 0) return Promise.resolve([] as GraphServiceRow[])
  return db.query<GraphServiceRow>(
    'SELECT uuid, name, version FROM service_component WHERE uuid = ANY($1::uuid[])',
    [uuids],
  )
}
