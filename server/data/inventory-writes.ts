import type { Queryable } from '../db/database.ts'
import { maybeOne } from '../db/database.ts'
import { copyText, type CopyColumn } from '../db/copy-text.ts'

/**
 * Bulk inventory writes of BOM ingestion (components, properties, services) and the column
 * lists export shares. Bulk writes send rows as one JSON document.
 * Upload storage: bom-uploads.ts; export loads: bom-export.ts.
 */

// Chunks bound the memory one statement takes inside the database (PGlite never shrinks).
export const CHUNK_ROWS = 2000
// Any constant works; with the project id it names the per-project BOM lock.
const BOM_LOCK_NAMESPACE = 1_112_493_901

type ColumnType = 'bigint' | 'uuid' | 'text' | 'boolean' | 'jsonb'

export const COMPONENT_COLUMNS = {
  name: 'text',
  version: 'text',
  group: 'text',
  classifier: 'text',
  scope: 'text',
  md5: 'text',
  sha1: 'text',
  sha256: 'text',
  sha384: 'text',
  sha512: 'text',
  sha3_256: 'text',
  sha3_384: 'text',
  sha3_512: 'text',
  blake2b_256: 'text',
  blake2b_384: 'text',
  blake2b_512: 'text',
  blake3: 'text',
  cpe: 'text',
  purl: 'text',
  purl_coordinates: 'text',
  swid_tag_id: 'text',
  internal: 'boolean',
  description: 'text',
  copyright: 'text',
  license: 'text',
  license_expression: 'text',
  license_url: 'text',
  license_id: 'text',
  license_candidates: 'jsonb',
  authors: 'jsonb',
  publisher: 'text',
  supplier: 'jsonb',
  direct_dependencies: 'text',
  external_references: 'jsonb',
} as const satisfies Record<string, ColumnType>

export type ComponentColumn = keyof typeof COMPONENT_COLUMNS
export const COMPONENT_COLUMN_NAMES = Object.keys(COMPONENT_COLUMNS) as ComponentColumn[]

/** A component as written: jsonb columns hold JS values, everything else text/boolean/null. */
export type ComponentValues = { [K in ComponentColumn]: K extends 'internal' ? boolean : unknown }

export interface StoredComponent {
  id: number
  uuid: string
  values: ComponentValues
}

export const SERVICE_COLUMNS = {
  provider: 'jsonb',
  group: 'text',
  name: 'text',
  version: 'text',
  description: 'text',
  endpoints: 'jsonb',
  authenticated: 'boolean',
  crosses_trust_boundary: 'boolean',
  data: 'jsonb',
  external_references: 'jsonb',
} as const satisfies Record<string, ColumnType>

export type ServiceColumn = keyof typeof SERVICE_COLUMNS
export const SERVICE_COLUMN_NAMES = Object.keys(SERVICE_COLUMNS) as ServiceColumn[]
export type ServiceValues = Record<ServiceColumn, unknown>

export interface StoredService {
  id: number
  uuid: string
  values: ServiceValues
}

export interface StoredProperty {
  id: number
  componentId: number
  group: string | null
  name: string
  value: string | null
}

export const quote = (column: string) => `"${column}"`

function chunks<T>(rows: T[], size = CHUNK_ROWS): T[][] {
  const result: T[][] = []
  for (let i = 0; i < rows.length; i += size) result.push(rows.slice(i, i + size))
  return result
}

/**
 * Rows travel as one JSON array per statement, read back with json_to_recordset. The JSON is
 * kept small because moving bytes into PGlite dominates: short keys, null values left out, and
 * text columns holding JSON (directDependencies) embedded as JSON rather than as an escaped
 * string; a json column gives back exactly the text JSON.stringify wrote.
 */
interface BulkColumn {
  name: string
  type: ColumnType
  /** The value is a JSON value whose text is stored (as text, not jsonb). */
  rawJson?: boolean
}

function bulkColumns(columns: Record<string, ColumnType>, rawJson: string[] = []): BulkColumn[] {
  return Object.entries(columns).map(([name, type]) => ({
    name,
    type,
    rawJson: rawJson.includes(name),
  }))
}

function bulkJson(columns: BulkColumn[], rows: Record<string, unknown>[]): string {
  const keyed = new Array<Record<string, unknown>>(rows.length)
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!
    const out: Record<string, unknown> = {}
    for (let i = 0; i < columns.length; i++) {
      const value = row[columns[i]!.name]
      if (value !== null && value !== undefined) out[`k${i}`] = value
    }
    keyed[r] = out
  }
  return JSON.stringify(keyed)
}

function bulkDefinition(columns: BulkColumn[]) {
  return columns.map((c, i) => `k${i} ${c.rawJson ? 'json' : c.type}`).join(', ')
}

const bulkValue = (columns: BulkColumn[], name: string) => {
  const i = columns.findIndex((c) => c.name === name)
  return columns[i]!.rawJson ? `r.k${i}::text` : `r.k${i}`
}

const COMPONENT_WRITE = bulkColumns(
  { id: 'bigint', uuid: 'uuid', ...COMPONENT_COLUMNS },
  ['direct_dependencies'],
)
const SERVICE_WRITE = bulkColumns({ id: 'bigint', uuid: 'uuid', ...SERVICE_COLUMNS })
const PROPERTY_WRITE = bulkColumns({
  component_id: 'bigint',
  group_name: 'text',
  property_name: 'text',
  property_value: 'text',
})

// ---------------------------------------------------------------------------------------------
// Ingestion

/**
 * One BOM at a time per project, on PGlite and across PostgreSQL workers alike. The bulk
 * statements' row sets stay in memory instead of spilling to temporary files.
 */
export async function lockProjectForBom(db: Queryable, projectId: number) {
  await db.query(`SET LOCAL work_mem = '64MB'`)
  await db.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [
    BOM_LOCK_NAMESPACE,
    projectId % 2_147_483_647,
  ])
}

/**
 * Runs bulk inserts of rows created in this transaction without per-row foreign-key triggers
 * (a third of the insert time on PGlite). Safe only for rows whose references cannot vanish:
 * the project is locked and the referenced components are new in this transaction. Needs a
 * superuser (PGlite always is); otherwise the triggers simply run.
 */
export async function withoutForeignKeyChecks<T>(db: Queryable, fn: () => Promise<T>) {
  const [row] = await db.query<{ superuser: boolean }>(
    `SELECT current_setting('is_superuser') = 'on' AS superuser`,
  )
  if (!row?.superuser) return fn()
  await db.query('SET LOCAL session_replication_role = replica')
  // On failure the transaction is aborted and rolled back, setting included.
  const result = await fn()
  await db.query('SET LOCAL session_replication_role = origin')
  return result
}

export function findIngestProject(db: Queryable, projectId: number) {
  return maybeOne<{ id: number; uuid: string; collection_logic: string | null }>(
    db,
    'SELECT id, uuid, collection_logic FROM project WHERE id = $1 FOR UPDATE',
    [projectId],
  )
}

export async function internalComponentPatterns(db: Queryable) {
  const rows = await db.query<{ property_name: string; property_value: string | null }>(
    `SELECT property_name, property_value FROM config_property
     WHERE group_name = 'internal-components' AND property_name IN ('groups.regex', 'names.regex')`,
  )
  const value = (name: string) =>
    rows.find((row) => row.property_name === name)?.property_value?.trim() || null
  return { groups: value('groups.regex'), names: value('names.regex') }
}

/**
 * Rows come back as one JSON text per page: PGlite turns a single text value into a string far
 * faster than it builds thousands of row objects.
 */
export async function jsonPages<T>(
  db: Queryable,
  sql: (afterIdParam: string) => string,
  params: unknown[],
  idOf: (row: T) => number,
): Promise<T[]> {
  const all: T[] = []
  let afterId = 0
  for (;;) {
    const rows = await db.query<{ page: string | null }>(sql(`$${params.length + 1}`), [
      ...params,
      afterId,
    ])
    const page = rows[0]?.page ? (JSON.parse(rows[0].page) as T[]) : []
    for (const row of page) all.push(row)
    if (page.length < CHUNK_ROWS) return all
    afterId = idOf(page[page.length - 1]!)
  }
}

export async function loadStoredComponents(
  db: Queryable,
  projectId: number,
): Promise<StoredComponent[]> {
  const fields = ['c.id', 'c.uuid', ...COMPONENT_COLUMN_NAMES.map((c) => `c.${quote(c)}`)]
  const rows = await jsonPages<unknown[]>(
    db,
    (after) => `SELECT json_agg(json_build_array(${fields.join(', ')}) ORDER BY c.id)::text AS page
      FROM (SELECT * FROM component WHERE project_id = $1 AND id > ${after}
            ORDER BY id LIMIT ${CHUNK_ROWS}) c`,
    [projectId],
    (row) => Number(row[0]),
  )
  return rows.map((row) => {
    const values = {} as ComponentValues
    COMPONENT_COLUMN_NAMES.forEach((column, i) => {
      ;(values as Record<string, unknown>)[column] = row[i + 2] ?? null
    })
    return { id: Number(row[0]), uuid: String(row[1]), values }
  })
}

export async function loadStoredProperties(
  db: Queryable,
  projectId: number,
): Promise<StoredProperty[]> {
  const rows = await jsonPages<[number, number, string | null, string, string | null]>(
    db,
    (after) => `SELECT json_agg(json_build_array(p.id, p.component_id, p.group_name,
        p.property_name, p.property_value) ORDER BY p.id)::text AS page
      FROM (SELECT cp.* FROM component_property cp JOIN component c ON c.id = cp.component_id
            WHERE c.project_id = $1 AND cp.id > ${after} ORDER BY cp.id LIMIT ${CHUNK_ROWS}) p`,
    [projectId],
    (row) => Number(row[0]),
  )
  return rows.map(([id, componentId, group, name, value]) => ({
    id: Number(id),
    componentId: Number(componentId),
    group,
    name,
    value,
  }))
}

export async function loadStoredServices(db: Queryable, projectId: number) {
  const rows = await db.query<{ id: number; uuid: string; row: Record<string, unknown> }>(
    `SELECT id, uuid, to_jsonb(s) AS row FROM service_component s WHERE project_id = $1 ORDER BY id`,
    [projectId],
  )
  return rows.map((row): StoredService => {
    const values = {} as ServiceValues
    for (const column of SERVICE_COLUMN_NAMES) values[column] = row.row[column] ?? null
    return { id: Number(row.id), uuid: row.uuid, values }
  })
}

/**
 * Ids for new components, taken up front so their properties can be written in the same pass;
 * in blocks (about 10 µs each on PGlite), so no one statement holds the connection for long.
 */
export async function allocateComponentIds(db: Queryable, count: number): Promise<number[]> {
  const ids: number[] = []
  while (ids.length < count) {
    const rows = await db.query<{ ids: string }>(
      `SELECT string_agg(nextval(pg_get_serial_sequence('component_row', 'id'))::text, ',') AS ids
       FROM generate_series(1, $1)`,
      [Math.min(CHUNK_ROWS, count - ids.length)],
    )
    for (const id of rows[0]!.ids.split(',')) ids.push(Number(id))
  }
  return ids
}

export async function deleteComponents(db: Queryable, ids: number[]) {
  for (const part of chunks(ids, 50_000)) {
    await db.query('DELETE FROM component WHERE id = ANY($1::bigint[])', [part])
  }
}

type Row = Record<string, unknown>

const copyColumns = (columns: BulkColumn[]): CopyColumn[] =>
  columns.map((c) => ({ name: c.name, asJson: c.type === 'jsonb' || Boolean(c.rawJson) }))
const COMPONENT_COPY = copyColumns(COMPONENT_WRITE)
const PROPERTY_COPY = copyColumns(PROPERTY_WRITE)

/**
 * Writes new components; with `batchId` they stay unseen until that batch is published
 * (component-batches.ts).
 */
export async function insertComponents(
  db: Queryable,
  projectId: number,
  rows: Row[],
  batchId: number | null = null,
) {
  const names = ['id', 'uuid', ...COMPONENT_COLUMN_NAMES]
  if (db.copyFrom) {
    const columns = ['project_id', 'batch_id', ...COMPONENT_WRITE.map((c) => c.name)]
    for (const part of chunks(rows)) {
      await db.copyFrom('component_row', columns, copyText(COMPONENT_COPY, part, [projectId, batchId]))
    }
    return
  }
  const values = names.map((name) => bulkValue(COMPONENT_WRITE, name)).join(', ')
  for (const part of chunks(rows)) {
    await db.query(
      `INSERT INTO component_row (project_id, batch_id, ${names.map(quote).join(', ')})
       SELECT $2, $3::bigint, ${values} FROM json_to_recordset($1::json) AS r(${bulkDefinition(COMPONENT_WRITE)})`,
      [bulkJson(COMPONENT_WRITE, part), projectId, batchId],
    )
  }
}

export async function updateComponents(db: Queryable, rows: Row[]) {
  const assignments = COMPONENT_COLUMN_NAMES.map(
    (name) => `${quote(name)} = ${bulkValue(COMPONENT_WRITE, name)}`,
  ).join(', ')
  for (const part of chunks(rows)) {
    await db.query(
      `UPDATE component c SET ${assignments}
       FROM json_to_recordset($1::json) AS r(${bulkDefinition(COMPONENT_WRITE)})
       WHERE c.id = ${bulkValue(COMPONENT_WRITE, 'id')}`,
      [bulkJson(COMPONENT_WRITE, part)],
    )
  }
}

export async function deleteProperties(db: Queryable, ids: number[]) {
  for (const part of chunks(ids, 50_000)) {
    await db.query('DELETE FROM component_property WHERE id = ANY($1::bigint[])', [part])
  }
}

export interface PropertyInsert {
  component_id: number
  group_name: string | null
  property_name: string
  property_value: string | null
}

export async function insertProperties(db: Queryable, rows: PropertyInsert[]) {
  const names = ['component_id', 'group_name', 'property_name', 'property_value']
  if (db.copyFrom) {
    const columns = ['property_type', ...PROPERTY_WRITE.map((c) => c.name)]
    for (const part of chunks(rows as unknown as Row[], CHUNK_ROWS * 3)) {
      await db.copyFrom('component_property', columns, copyText(PROPERTY_COPY, part, ['STRING']))
    }
    return
  }
  const values = names.map((name) => bulkValue(PROPERTY_WRITE, name)).join(', ')
  for (const part of chunks(rows as unknown as Row[], CHUNK_ROWS * 3)) {
    await db.query(
      `INSERT INTO component_property (${names.join(', ')}, property_type)
       SELECT ${values}, 'STRING' FROM json_to_recordset($1::json) AS r(${bulkDefinition(PROPERTY_WRITE)})`,
      [bulkJson(PROPERTY_WRITE, part)],
    )
  }
}

export async function deleteServices(db: Queryable, ids: number[]) {
  if (ids.length === 0) return
  await db.query('DELETE FROM service_component WHERE id = ANY($1::bigint[])', [ids])
}

export async function insertServices(db: Queryable, projectId: number, rows: Row[]) {
  const names = ['uuid', ...SERVICE_COLUMN_NAMES]
  const values = names.map((name) => bulkValue(SERVICE_WRITE, name)).join(', ')
  for (const part of chunks(rows)) {
    await db.query(
      `INSERT INTO service_component (project_id, ${names.map(quote).join(', ')})
       SELECT $2, ${values} FROM json_to_recordset($1::json) AS r(${bulkDefinition(SERVICE_WRITE)})`,
      [bulkJson(SERVICE_WRITE, part), projectId],
    )
  }
}

export async function updateServices(db: Queryable, rows: Row[]) {
  if (rows.length === 0) return
  const assignments = SERVICE_COLUMN_NAMES.map(
    (name) => `${quote(name)} = ${bulkValue(SERVICE_WRITE, name)}`,
  ).join(', ')
  await db.query(
    `UPDATE service_component s SET ${assignments}
     FROM json_to_recordset($1::json) AS r(${bulkDefinition(SERVICE_WRITE)})
     WHERE s.id = ${bulkValue(SERVICE_WRITE, 'id')}`,
    [bulkJson(SERVICE_WRITE, rows)],
  )
}

export interface ProjectBomUpdate {
  /** Null: no metadata.component, the project's own fields stay as they are. */
  fields: {
    authors: unknown
    publisher: string | null
    supplier: unknown
    manufacturer: unknown
    classifier: string
    external_references: unknown
    cpe: string | null
    purl: string | null
    swid_tag_id: string | null
  } | null
  /** Undefined: the BOM has no metadata, the stored metadata stays. */
  metadata: unknown
  directDependencies: string | null
  format: string
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value))

export async function recordBomImport(
  db: Queryable,
  projectId: number,
  update: ProjectBomUpdate,
  bom: { specVersion: string; bomVersion: number | null; serialNumber: string | null },
) {
  const fields = update.fields
  await db.query(
    `UPDATE project SET
       authors = CASE WHEN $2 THEN $3::jsonb ELSE authors END,
       publisher = CASE WHEN $2 THEN $4 ELSE publisher END,
       supplier = CASE WHEN $2 THEN $5::jsonb ELSE supplier END,
       manufacturer = CASE WHEN $2 THEN $6::jsonb ELSE manufacturer END,
       classifier = CASE WHEN $2 THEN $7 ELSE classifier END,
       external_references = CASE WHEN $2 THEN $8::jsonb ELSE external_references END,
       cpe = CASE WHEN $2 THEN $9 ELSE cpe END,
       purl = CASE WHEN $2 THEN $10 ELSE purl END,
       swid_tag_id = CASE WHEN $2 THEN $11 ELSE swid_tag_id END,
       metadata = CASE WHEN $12 THEN $13::jsonb ELSE metadata END,
       direct_dependencies = $14,
       last_bom_import = now(),
       last_bom_import_format = $15
     WHERE id = $1`,
    [
      projectId,
      fields !== null,
      json(fields?.authors),
      fields?.publisher ?? null,
      json(fields?.supplier),
      json(fields?.manufacturer),
      fields?.classifier ?? null,
      json(fields?.external_references),
      fields?.cpe ?? null,
      fields?.purl ?? null,
      fields?.swid_tag_id ?? null,
      update.metadata !== undefined,
      json(update.metadata),
      update.directDependencies,
      update.format,
    ],
  )
  await db.query(
    `INSERT INTO bom (project_id, bom_format, spec_version, bom_version, serial_number)
     VALUES ($1, 'CycloneDX', $2, $3, $4)`,
    [projectId, bom.specVersion, bom.bomVersion, bom.serialNumber],
  )
}
