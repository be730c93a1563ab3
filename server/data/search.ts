import type { Queryable } from '../db/database.ts'
import type { ProjectAccess } from './project-access.ts'
import { escapeLike, likePattern, SqlParams } from './sql.ts'

/** A hit as stored: the index's fields, null where the row has no value. */
export type SearchRow = Record<string, string | null>

/**
 * How one 4.13 Lucene index maps onto a table. `fields` are the stored fields (JSON name → SQL
 * expression), `searched` the ones the query runs over; `projectAlias` names the project a row
 * belongs to, for portfolio access control.
 */
interface IndexTable {
  from: string
  fields: Record<string, string>
  searched: string[]
  projectAlias?: string
  order: string
}

export const SEARCH_TABLES = {
  project: {
    from: 'project p',
    fields: { uuid: 'p.uuid::text', name: 'p.name', version: 'p.version', description: 'p.description' },
    searched: ['uuid', 'name', 'version', 'description'],
    projectAlias: 'p',
    order: 'p.name, p.version, p.id',
  },
  component: {
    from: 'component c JOIN project p ON p.id = c.project_id',
    fields: {
      uuid: 'c.uuid::text',
      name: 'c.name',
      group: 'c."group"',
      version: 'c.version',
      sha1: 'c.sha1',
      description: 'c.description',
    },
    searched: ['uuid', 'sha1', 'group', 'name', 'description', 'version'],
    projectAlias: 'p',
    order: 'c.name, c.version, c.id',
  },
  servicecomponent: {
    from: 'service_component s JOIN project p ON p.id = s.project_id',
    fields: {
      uuid: 's.uuid::text',
      name: 's.name',
      group: 's."group"',
      version: 's.version',
      description: 's.description',
    },
    searched: ['uuid', 'group', 'name', 'description', 'version'],
    projectAlias: 'p',
    order: 's.name, s.version, s.id',
  },
  vulnerability: {
    from: 'vulnerability v',
    fields: {
      uuid: 'v.uuid::text',
      vulnId: 'v.vuln_id',
      source: 'v.source',
      description: 'v.description',
    },
    // 4.13 stores the source without searching it.
    searched: ['uuid', 'vulnId', 'description'],
    order: 'v.vuln_id, v.source, v.id',
  },
  license: {
    from: 'license l',
    fields: { uuid: 'l.uuid::text', licenseId: 'l.license_id', name: 'l.name' },
    searched: ['uuid', 'licenseId', 'name'],
    order: 'l.license_id, l.id',
  },
  vulnerablesoftware: {
    from: 'vulnerable_software vs',
    fields: {
      uuid: 'vs.uuid::text',
      cpe22: 'vs.cpe22',
      cpe23: 'vs.cpe23',
      vendor: 'vs.vendor',
      product: 'vs.product',
      version: 'vs.version',
    },
    searched: ['uuid', 'cpe22', 'cpe23', 'vendor', 'product', 'version'],
    order: 'vs.cpe23, vs.id',
  },
} satisfies Record<string, IndexTable>

export type SearchIndex = keyof typeof SEARCH_TABLES

function selectList(table: IndexTable) {
  return Object.entries(table.fields)
    .map(([name, expression]) => `${expression} AS "${name}"`)
    .join(', ')
}

function accessFilter(table: IndexTable, access: ProjectAccess, params: SqlParams) {
  return table.projectAlias ? params.access(access, table.projectAlias) : 'TRUE'
}

/**
 * 4.13's `q^100 OR q*^5 OR *q*` in SQL: rows where a searched field contains the text (case
 * folded, LIKE wildcards literal), a whole-field match first, then a prefix match.
 */
export async function searchTable(
  db: Queryable,
  index: SearchIndex,
  text: string,
  access: ProjectAccess,
  limit: number,
): Promise<SearchRow[]> {
  const table: IndexTable = SEARCH_TABLES[index]
  const params = new SqlParams()
  const exact = params.add(text.toLowerCase())
  const prefix = params.add(`${escapeLike(text.toLowerCase())}%`)
  const anywhere = params.add(likePattern(text.toLowerCase()))
  const columns = table.searched.map((field) => `lower(${table.fields[field]})`)
  const any = (test: (column: string) => string) => columns.map(test).join(' OR ')
  const visible = accessFilter(table, access, params)
  return db.query<SearchRow>(
    `SELECT ${selectList(table)} FROM ${table.from}
     WHERE (${any((c) => `${c} LIKE ${anywhere}`)}) AND ${visible}
     ORDER BY CASE WHEN ${any((c) => `${c} = ${exact}`)} THEN 0
                   WHEN ${any((c) => `${c} LIKE ${prefix}`)} THEN 1 ELSE 2 END, ${table.order}
     LIMIT ${params.add(limit)}`,
    params.values,
  )
}

/**
 * The vulnerable software a CPE may describe (4.13's fuzzy CPE query): same part, vendor and
 * product, any version; `*` and `-` in the CPE match anything.
 */
export async function searchVulnerableSoftwareByCpe(
  db: Queryable,
  cpe: { part: string; vendor: string; product: string },
  limit: number,
): Promise<SearchRow[]> {
  const table: IndexTable = SEARCH_TABLES.vulnerablesoftware
  const params = new SqlParams()
  const conditions = [
    cpe.part === '*' ? 'TRUE' : `lower(vs.part) = ${params.add(cpe.part.toLowerCase())}`,
    cpe.vendor === '*' ? 'TRUE' : `lower(vs.vendor) = ${params.add(cpe.vendor.toLowerCase())}`,
    cpe.product === '*' ? 'TRUE' : `lower(vs.product) = ${params.add(cpe.product.toLowerCase())}`,
  ]
  return db.query<SearchRow>(
    `SELECT ${selectList(table)} FROM ${table.from}
     WHERE ${conditions.join(' AND ')} ORDER BY ${table.order} LIMIT ${params.add(limit)}`,
    params.values,
  )
}
