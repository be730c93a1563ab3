import type { Queryable } from '../db/database.ts'
import { maybeOne } from '../db/database.ts'
import {
  CHUNK_ROWS,
  COMPONENT_COLUMN_NAMES,
  jsonPages,
  quote,
  type ComponentColumn,
  type ServiceColumn,
} from './inventory-writes.ts'

/** SQL of CycloneDX export: a project, its components with their properties, its services. */


export interface ExportProjectRow {
  id: number
  uuid: string
  name: string
  version: string | null
  group: string | null
  description: string | null
  publisher: string | null
  authors: unknown
  manufacturer: unknown
  supplier: unknown
  classifier: string | null
  cpe: string | null
  purl: string | null
  swid_tag_id: string | null
  direct_dependencies: string | null
  external_references: unknown
  metadata: unknown
}

export function findExportProject(db: Queryable, uuid: string) {
  return maybeOne<ExportProjectRow>(
    db,
    `SELECT id, uuid, name, version, "group", description, publisher, authors, manufacturer,
            supplier, classifier, cpe, purl, swid_tag_id, direct_dependencies,
            external_references, metadata
     FROM project WHERE uuid = $1`,
    [uuid],
  )
}

export interface ExportComponentRow extends Record<ComponentColumn, unknown> {
  id: number
  uuid: string
  project_id: number
  properties: { g: string | null; n: string; v: string | null; t: string }[] | null
}

const EXPORT_COMPONENT_SQL = (where: string) => `
  SELECT json_agg(json_build_object(
    'id', c.id, 'uuid', c.uuid, 'project_id', c.project_id,
    ${COMPONENT_COLUMN_NAMES.map((column) => `'${column}', c.${quote(column)}`).join(', ')},
    'properties', (SELECT json_agg(json_build_object('g', p.group_name, 'n', p.property_name,
                     'v', p.property_value, 't', p.property_type) ORDER BY p.id)
                   FROM component_property p WHERE p.component_id = c.id)
  ) ORDER BY c.id)::text AS page
  FROM (SELECT * FROM component WHERE ${where} ORDER BY id LIMIT ${CHUNK_ROWS}) c`

export function loadExportComponents(db: Queryable, projectId: number) {
  return jsonPages<ExportComponentRow>(
    db,
    (after) => EXPORT_COMPONENT_SQL(`project_id = $1 AND id > ${after}`),
    [projectId],
    (row) => Number(row.id),
  )
}

export async function findExportComponent(db: Queryable, uuid: string) {
  const rows = await db.query<{ page: string | null }>(
    EXPORT_COMPONENT_SQL('uuid = $1'),
    [uuid],
  )
  const page = rows[0]?.page ? (JSON.parse(rows[0].page) as ExportComponentRow[]) : []
  return page[0]
}

export interface ExportServiceRow extends Record<ServiceColumn, unknown> {
  uuid: string
}

export async function loadExportServices(db: Queryable, projectId: number) {
  const rows = await db.query<{ row: ExportServiceRow }>(
    'SELECT to_jsonb(s) AS row FROM service_component s WHERE project_id = $1 ORDER BY id',
    [projectId],
  )
  return rows.map((row) => row.row)
}
