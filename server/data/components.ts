import { maybeOne, type Queryable } from '../db/database.ts'
import { conciseLicenseJson, type ConciseLicenseRow } from './licenses.ts'
import type { ProjectAccess } from './project-access.ts'
import { SqlParams } from './sql.ts'
import { latestVersionSql } from './repository-meta.ts'

/** jsonb contents, stored in the JSON shape of the API (nulls left out). */
export interface Contact {
  name?: string
  email?: string
  phone?: string
}
export interface OrganizationalEntity {
  name?: string
  urls?: string[]
  contacts?: Contact[]
}
export interface ExternalReference {
  type?: string
  url?: string
  comment?: string
}

type Id = number | string

export interface ComponentRow {
  id: Id
  uuid: string
  project_id: Id
  name: string
  version: string | null
  group: string | null
  classifier: string | null
  filename: string | null
  extension: string | null
  md5: string | null
  sha1: string | null
  sha256: string | null
  sha384: string | null
  sha512: string | null
  sha3_256: string | null
  sha3_384: string | null
  sha3_512: string | null
  blake2b_256: string | null
  blake2b_384: string | null
  blake2b_512: string | null
  blake3: string | null
  cpe: string | null
  purl: string | null
  purl_coordinates: string | null
  swid_tag_id: string | null
  internal: boolean
  description: string | null
  copyright: string | null
  license: string | null
  license_expression: string | null
  license_url: string | null
  /** The catalogue entry the license resolved to (its licenseId), and that entry. */
  license_id: string | null
  resolved_license: ConciseLicenseRow | null
  /** What was said about the license (domain/licenses/resolve.ts LicenseChoice). */
  license_candidates: unknown
  authors: Contact[] | null
  publisher: string | null
  supplier: OrganizationalEntity | null
  direct_dependencies: string | null
  external_references: ExternalReference[] | null
  notes: string | null
  last_inherited_risk_score: number | null
}

/** Every ComponentRow column of a component aliased `c` (any query may select them). */
export const COMPONENT_ROW_COLUMNS = `c.id, c.uuid, c.project_id, c.name, c.version, c."group",
  c.classifier, c.filename, c.extension, c.md5, c.sha1, c.sha256, c.sha384, c.sha512, c.sha3_256,
  c.sha3_384, c.sha3_512, c.blake2b_256, c.blake2b_384, c.blake2b_512, c.blake3, c.cpe, c.purl,
  c.purl_coordinates, c.swid_tag_id, c.internal, c.description, c.copyright, c.license,
  c.license_expression, c.license_url, c.license_id, c.license_candidates,
  (SELECT ${conciseLicenseJson('rl')} FROM license rl WHERE rl.license_id = c.license_id)
    AS resolved_license,
  c.authors, c.publisher, c.supplier, c.direct_dependencies, c.external_references, c.notes,
  c.last_inherited_risk_score`
const COLUMNS = COMPONENT_ROW_COLUMNS

/** The columns POST /component replaces; PUT additionally starts with everything else null. */
export const WRITABLE_COLUMNS = [
  'name',
  'version',
  'group',
  'classifier',
  'filename',
  'md5',
  'sha1',
  'sha256',
  'sha384',
  'sha512',
  'sha3_256',
  'sha3_384',
  'sha3_512',
  'cpe',
  'purl',
  'purl_coordinates',
  'swid_tag_id',
  'internal',
  'description',
  'copyright',
  'license',
  'license_expression',
  'license_url',
  'license_id',
  'license_candidates',
  'authors',
  'publisher',
  'external_references',
  'notes',
] as const

export type ComponentValues = { [K in (typeof WRITABLE_COLUMNS)[number]]: ComponentRow[K] }

const JSON_COLUMNS = new Set(['authors', 'external_references', 'license_candidates'])
const quote = (column: string) => (column === 'group' ? '"group"' : column)
const columnValue = (values: ComponentValues, column: (typeof WRITABLE_COLUMNS)[number]) => {
  const value = values[column]
  return JSON_COLUMNS.has(column) && value !== null ? JSON.stringify(value) : value
}
const placeholder = (column: string, index: number) =>
  JSON_COLUMNS.has(column) ? `$${index}::jsonb` : `$${index}`

export interface Page {
  offset: number
  limit: number
}

export function findComponentByUuid(db: Queryable, uuid: string) {
  return maybeOne<ComponentRow>(db, `SELECT ${COLUMNS} FROM component c WHERE c.uuid = $1`, [uuid])
}

export async function insertComponent(db: Queryable, projectId: Id, values: ComponentValues) {
  const columns = WRITABLE_COLUMNS.map(quote).join(', ')
  const placeholders = WRITABLE_COLUMNS.map((column, i) => placeholder(column, i + 2)).join(', ')
  const row = await maybeOne<{ uuid: string }>(
    db,
    `INSERT INTO component (project_id, ${columns}) VALUES ($1, ${placeholders}) RETURNING uuid`,
    [projectId, ...WRITABLE_COLUMNS.map((column) => columnValue(values, column))],
  )
  return row!.uuid
}

export async function updateComponent(db: Queryable, id: Id, values: ComponentValues) {
  const assignments = WRITABLE_COLUMNS.map(
    (column, i) => `${quote(column)} = ${placeholder(column, i + 2)}`,
  ).join(', ')
  await db.query(`UPDATE component SET ${assignments} WHERE id = $1`, [
    id,
    ...WRITABLE_COLUMNS.map((column) => columnValue(values, column)),
  ])
}

export async function deleteComponent(db: Queryable, id: Id) {
  await db.query('DELETE FROM component WHERE id = $1', [id])
}

/**
 * One page of components matching `where` (conditions over component c and project p),
 * with the number of all matching rows.
 */
export async function pageOfComponents(
  db: Queryable,
  where: string[],
  params: SqlParams,
  orderBy: string,
  page: Page,
) {
  const from = `FROM component c JOIN project p ON p.id = c.project_id
    WHERE ${where.length > 0 ? where.join(' AND ') : 'TRUE'}`
  const [countRow] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total ${from}`,
    params.values,
  )
  const limit = params.add(page.limit)
  const offset = params.add(page.offset)
  const rows = await db.query<ComponentRow>(
    `SELECT ${COLUMNS} ${from} ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}`,
    params.values,
  )
  return { rows, total: Number(countRow?.total ?? 0) }
}

export interface GraphComponentRow {
  uuid: string
  name: string
  version: string | null
  purl: string | null
  purl_coordinates: string | null
  direct_dependencies: string | null
}

const GRAPH_COLUMNS = 'uuid, name, version, purl, purl_coordinates, direct_dependencies'

export function graphComponentsOfProject(db: Queryable, projectId: Id) {
  return db.query<GraphComponentRow>(
    `SELECT ${GRAPH_COLUMNS} FROM component WHERE project_id = $1 ORDER BY id`,
    [projectId],
  )
}

export function graphComponentsByUuids(db: Queryable, uuids: string[]) {
  if (uuids.length === 0) return Promise.resolve([] as GraphComponentRow[])
  return db.query<GraphComponentRow>(
    `SELECT ${GRAPH_COLUMNS} FROM component WHERE uuid = ANY($1::uuid[])`,
    [uuids],
  )
}

/** SQL for each persistent Component field a client may sort by; null: accepted, not ordered. */
export const COMPONENT_SORT_COLUMNS: Record<string, string | null> = {
  id: 'c.id',
  uuid: 'c.uuid',
  name: 'c.name',
  version: 'c.version',
  group: 'c."group"',
  classifier: 'c.classifier',
  filename: 'c.filename',
  extension: 'c.extension',
  md5: 'c.md5',
  sha1: 'c.sha1',
  sha256: 'c.sha256',
  sha384: 'c.sha384',
  sha512: 'c.sha512',
  sha3_256: 'c.sha3_256',
  sha3_384: 'c.sha3_384',
  sha3_512: 'c.sha3_512',
  blake2b_256: 'c.blake2b_256',
  blake2b_384: 'c.blake2b_384',
  blake2b_512: 'c.blake2b_512',
  blake3: 'c.blake3',
  cpe: 'c.cpe',
  purl: 'c.purl',
  purlCoordinates: 'c.purl_coordinates',
  swidTagId: 'c.swid_tag_id',
  internal: 'c.internal',
  description: 'c.description',
  copyright: 'c.copyright',
  license: 'c.license',
  licenseExpression: 'c.license_expression',
  licenseUrl: 'c.license_url',
  resolvedLicense: 'c.license_id',
  authors: 'c.authors::text',
  publisher: 'c.publisher',
  supplier: 'c.supplier::text',
  directDependencies: 'c.direct_dependencies',
  externalReferences: 'c.external_references::text',
  notes: 'c.notes',
  lastInheritedRiskScore: 'c.last_inherited_risk_score',
  project: 'p.id',
  parent: null,
  children: null,
  properties: null,
  vulnerabilities: null,
}

/** Sortable fields of the component's project, for sortName values like project.name. */
export const PROJECT_SORT_COLUMNS: Record<string, string> = {
  id: 'p.id',
  uuid: 'p.uuid',
  name: 'p.name',
  version: 'p.version',
  group: 'p."group"',
  classifier: 'p.classifier',
  active: 'p.active',
  lastInheritedRiskScore: 'p.last_inherited_risk_score',
}

const contains = (params: SqlParams, column: string, value: string) =>
  `strpos(lower(${column}), ${params.add(value.toLowerCase())}) > 0`

export interface ProjectComponentFilter {
  searchText: string | undefined
  onlyOutdated: boolean
  onlyDirect: boolean
}

export function listProjectComponents(
  db: Queryable,
  projectId: Id,
  filter: ProjectComponentFilter,
  orderBy: string,
  page: Page,
) {
  const params = new SqlParams()
  const where = [`c.project_id = ${params.add(projectId)}`]
  if (filter.searchText !== undefined) {
    where.push(
      `(${contains(params, 'c.name', filter.searchText)} OR ${contains(params, 'c."group"', filter.searchText)})`,
    )
  }
  // Outdated: repository metadata knows another latest version (dt-api-portfolio §4.3).
  if (filter.onlyOutdated) where.push(`${latestVersionSql('c')} <> c.version`)
  if (filter.onlyDirect) {
    where.push(`strpos(p.direct_dependencies, '"uuid":"' || c.uuid::text || '"') > 0`)
  }
  return pageOfComponents(db, where, params, orderBy, page)
}

export interface ComponentIdentityQuery {
  group?: string
  name?: string
  version?: string
  purl?: string
  cpe?: string
  swidTagId?: string
  projectId?: Id
  excludeInactiveProjects: boolean
  onlyLatestProjectVersions: boolean
}

/** Coordinates (all given ones) win over purl, then cpe, then swidTagId; all as substrings. */
export function searchComponentsByIdentity(
  db: Queryable,
  identity: ComponentIdentityQuery,
  access: ProjectAccess,
  orderBy: string,
  page: Page,
) {
  const params = new SqlParams()
  const where: string[] = []
  if (identity.projectId !== undefined) where.push(`c.project_id = ${params.add(identity.projectId)}`)
  if (identity.excludeInactiveProjects) where.push('p.active')
  if (identity.onlyLatestProjectVersions) where.push('p.is_latest')
  if (identity.group || identity.name || identity.version) {
    if (identity.group) where.push(contains(params, 'c."group"', identity.group))
    if (identity.name) where.push(contains(params, 'c.name', identity.name))
    if (identity.version) where.push(contains(params, 'c.version', identity.version))
  } else if (identity.purl) {
    where.push(contains(params, 'c.purl', identity.purl))
  } else if (identity.cpe) {
    where.push(contains(params, 'c.cpe', identity.cpe))
  } else if (identity.swidTagId) {
    where.push(contains(params, 'c.swid_tag_id', identity.swidTagId))
  }
  where.push(params.access(access, 'p'))
  return pageOfComponents(db, where, params, orderBy, page)
}

const HASH_COLUMNS: Record<number, string[]> = {
  32: ['md5'],
  40: ['sha1'],
  64: ['sha256', 'sha3_256', 'blake2b_256'],
  96: ['sha384', 'sha3_384', 'blake2b_384'],
  128: ['sha512', 'sha3_512', 'blake2b_512'],
}

/** The hash length picks the columns; any other length is taken for BLAKE3. */
export function searchComponentsByHash(
  db: Queryable,
  hash: string,
  access: ProjectAccess,
  orderBy: string,
  page: Page,
) {
  const params = new SqlParams()
  const candidates = params.add([...new Set([hash, hash.toLowerCase()])])
  const columns = HASH_COLUMNS[hash.length] ?? ['blake3']
  const where = [
    `(${columns.map((column) => `c.${column} = ANY(${candidates}::text[])`).join(' OR ')})`,
    params.access(access, 'p'),
  ]
  return pageOfComponents(db, where, params, orderBy, page)
}

/** The project fields embedded in component and service JSON. */
export interface ComponentProjectRow {
  id: Id
  uuid: string
  name: string
  version: string | null
  group: string | null
  description: string | null
  publisher: string | null
  authors: Contact[] | null
  manufacturer: OrganizationalEntity | null
  supplier: OrganizationalEntity | null
  classifier: string | null
  collection_logic: string | null
  cpe: string | null
  purl: string | null
  swid_tag_id: string | null
  direct_dependencies: string | null
  last_bom_import: Date | null
  last_bom_import_format: string | null
  last_inherited_risk_score: number | null
  last_vulnerability_analysis: Date | null
  active: boolean
  is_latest: boolean
  external_references: ExternalReference[] | null
}

const PROJECT_COLUMNS = `id, uuid, name, version, "group", description, publisher, authors,
  manufacturer, supplier, classifier, collection_logic, cpe, purl, swid_tag_id, direct_dependencies,
  last_bom_import, last_bom_import_format, last_inherited_risk_score, last_vulnerability_analysis,
  active, is_latest, external_references`

export function findProjectByUuid(db: Queryable, uuid: string) {
  return maybeOne<ComponentProjectRow>(
    db,
    `SELECT ${PROJECT_COLUMNS} FROM project WHERE uuid = $1`,
    [uuid],
  )
}

export interface ComponentPropertyRow {
  id: Id
  uuid: string
  group_name: string | null
  property_name: string
  property_value: string | null
  property_type: string
  description: string | null
}

const PROPERTY_COLUMNS =
  'id, uuid, group_name, property_name, property_value, property_type, description'

export function listComponentProperties(db: Queryable, componentId: Id) {
  return db.query<ComponentPropertyRow>(
    `SELECT ${PROPERTY_COLUMNS} FROM component_property WHERE component_id = $1
     ORDER BY group_name, property_name, id`,
    [componentId],
  )
}

export function componentPropertiesNamed(
  db: Queryable,
  componentId: Id,
  groupName: string | null,
  propertyName: string,
) {
  return db.query<ComponentPropertyRow>(
    `SELECT ${PROPERTY_COLUMNS} FROM component_property
     WHERE component_id = $1 AND group_name IS NOT DISTINCT FROM $2 AND property_name = $3`,
    [componentId, groupName, propertyName],
  )
}

export async function insertComponentProperty(
  db: Queryable,
  componentId: Id,
  property: Omit<ComponentPropertyRow, 'id' | 'uuid'>,
) {
  const row = await maybeOne<ComponentPropertyRow>(
    db,
    `INSERT INTO component_property
       (component_id, group_name, property_name, property_value, property_type, description)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${PROPERTY_COLUMNS}`,
    [
      componentId,
      property.group_name,
      property.property_name,
      property.property_value,
      property.property_type,
      property.description,
    ],
  )
  return row!
}

export async function deleteComponentProperty(db: Queryable, componentId: Id, uuid: string) {
  const rows = await db.query(
    'DELETE FROM component_property WHERE component_id = $1 AND uuid = $2 RETURNING id',
    [componentId, uuid],
  )
  return rows.length
}

export function componentNamesAfter(db: Queryable, afterId: number, limit: number) {
  return db.query<{ id: Id; group: string | null; name: string; internal: boolean }>(
    `SELECT id, "group", name, internal FROM component WHERE id > $1 ORDER BY id LIMIT $2`,
    [afterId, limit],
  )
}

export async function setInternalFlags(db: Queryable, ids: Id[], internal: boolean[]) {
  await db.query(
    `UPDATE component c SET internal = v.internal
     FROM unnest($1::bigint[], $2::boolean[]) AS v(id, internal) WHERE c.id = v.id`,
    [ids, internal],
  )
}
