import type { FindingTextSearchField } from '../../common/dt-vocabulary.ts'
import type { Queryable } from '../db/database.ts'
import type { ProjectAccess } from './project-access.ts'
import { latestVersionSql } from './repository-meta.ts'
import { likePattern, SqlParams } from './sql.ts'

type Id = number | string

/** One finding with its project, component and analysis; vulnerability details load apart. */
export interface FindingRow {
  finding_id: Id
  project_id: Id
  project_uuid: string
  project_name: string
  project_version: string | null
  component_id: Id
  component_uuid: string
  component_name: string
  component_group: string | null
  component_version: string | null
  component_purl: string | null
  /** What repository metadata knows as the package's latest version. */
  component_latest_version: string | null
  component_cpe: string | null
  vulnerability_id: Id
  analyzer_identity: string
  attributed_on: Date
  alternate_identifier: string | null
  reference_url: string | null
  analysis_state: string | null
  analysis_suppressed: boolean | null
}

/** What a finding list is restricted to; every field is optional. */
export interface FindingFilter {
  projectId?: Id
  /** Every version of a project: the project name. */
  projectName?: string
  vulnerabilityIds?: readonly Id[]
  access?: ProjectAccess
  includeSuppressed?: boolean
  includeInactive?: boolean
  source?: string
  /** Stored severity column, upper-case names. */
  severities?: readonly string[]
  analysisStates?: readonly string[]
  vendorResponses?: readonly string[]
  /** Inclusive `YYYY-MM-DD` bounds (UTC days). */
  publishedFrom?: string
  publishedTo?: string
  attributedFrom?: string
  attributedTo?: string
  textFields?: readonly FindingTextSearchField[]
  textInput?: string
  /** The project list's additive search: vulnId, alias ids, component name, group, version. */
  searchText?: string
  cvssV2From?: number
  cvssV2To?: number
  cvssV3From?: number
  cvssV3To?: number
  occurrencesFrom?: number
  occurrencesTo?: number
}

export interface Paging {
  offset: number
  limit: number | undefined
}

const FROM = `finding f
  JOIN component c ON c.id = f.component_id
  JOIN project p ON p.id = f.project_id
  JOIN vulnerability v ON v.id = f.vulnerability_id
  LEFT JOIN analysis an ON an.component_id = f.component_id AND an.vulnerability_id = f.vulnerability_id`

const ROW_COLUMNS = `f.id AS finding_id, p.id AS project_id, p.uuid AS project_uuid,
  p.name AS project_name, p.version AS project_version, c.id AS component_id,
  c.uuid AS component_uuid, c.name AS component_name, c."group" AS component_group,
  c.version AS component_version, c.purl AS component_purl, c.cpe AS component_cpe,
  ${latestVersionSql('c')} AS component_latest_version,
  f.vulnerability_id, f.analyzer_identity, f.attributed_on, f.alternate_identifier,
  f.reference_url, an.state AS analysis_state, an.suppressed AS analysis_suppressed`

/** UNASSIGNED < INFO < LOW < MEDIUM < HIGH < CRITICAL; no stored severity: by CVSS v3, then v2. */
const SEVERITY_ORDER = `(CASE upper(v.severity) WHEN 'CRITICAL' THEN 5 WHEN 'HIGH' THEN 4
  WHEN 'MEDIUM' THEN 3 WHEN 'LOW' THEN 2 WHEN 'INFO' THEN 1 WHEN 'UNASSIGNED' THEN 0
  ELSE 0 END
  + CASE WHEN upper(v.severity) IN ('CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO', 'UNASSIGNED')
      THEN 0
    WHEN v.cvss_v3_base_score IS NOT NULL THEN
      CASE WHEN v.cvss_v3_base_score >= 9 THEN 5 WHEN v.cvss_v3_base_score >= 7 THEN 4
        WHEN v.cvss_v3_base_score >= 4 THEN 3 WHEN v.cvss_v3_base_score > 0 THEN 2 ELSE 0 END
    WHEN v.cvss_v2_base_score IS NOT NULL THEN
      CASE WHEN v.cvss_v2_base_score >= 7 THEN 4 WHEN v.cvss_v2_base_score >= 4 THEN 3
        WHEN v.cvss_v2_base_score > 0 THEN 2 ELSE 0 END
    ELSE 0 END)`

/** The sortName allow-list of GET /finding (dt-api-portfolio §4.10) and what it orders by. */
export const FINDING_SORT_COLUMNS: Record<string, string> = {
  'vulnerability.vulnId': 'v.vuln_id',
  'vulnerability.title': 'v.title',
  'vulnerability.severity': SEVERITY_ORDER,
  'attribution.analyzerIdentity': 'f.analyzer_identity',
  'vulnerability.published': 'v.published',
  'vulnerability.cvssV2BaseScore': 'v.cvss_v2_base_score',
  'vulnerability.cvssV3BaseScore': 'v.cvss_v3_base_score',
  'component.projectName': `concat(p.name, ' ', p.version)`,
  'component.name': 'c.name',
  'component.version': 'c.version',
  'analysis.state': `COALESCE(an.state, 'NOT_SET')`,
  'analysis.isSuppressed': 'COALESCE(an.suppressed, false)',
  'attribution.attributedOn': 'f.attributed_on',
}

/** The project list's additive keys beyond the portfolio allow-list. */
export const PROJECT_FINDING_SORT_COLUMNS: Record<string, string> = {
  ...FINDING_SORT_COLUMNS,
  'component.group': 'c."group"',
  matrix: `concat(p.uuid, ':', c.uuid, ':', v.uuid)`,
}

/** Grouped rows order by the same keys; per-finding ones by their smallest value in the group. */
export const GROUPED_SORT_COLUMNS: Record<string, string> = {
  ...FINDING_SORT_COLUMNS,
  'component.projectName': `min(concat(p.name, ' ', p.version))`,
  'component.name': 'min(c.name)',
  'component.version': 'min(c.version)',
  'analysis.state': `min(COALESCE(an.state, 'NOT_SET'))`,
  'analysis.isSuppressed': 'bool_or(COALESCE(an.suppressed, false))',
  'attribution.attributedOn': 'min(f.attributed_on)',
  'vulnerability.affectedProjectCount': 'count(DISTINCT p.id)',
}

const TEXT_FIELD_SQL: Record<FindingTextSearchField, string> = {
  VULNERABILITY_ID: 'v.vuln_id',
  VULNERABILITY_TITLE: 'v.title',
  COMPONENT_NAME: 'c.name',
  COMPONENT_VERSION: 'c.version',
  PROJECT_NAME: `concat(p.name, ' ', p.version)`,
}

const ALIAS_OF_SOURCE: ReadonlyArray<readonly [string, string]> = [
  ['NVD', 'cve_id'],
  ['GITHUB', 'ghsa_id'],
  ['OSV', 'osv_id'],
  ['OSSINDEX', 'sonatype_id'],
  ['SNYK', 'snyk_id'],
  ['VULNDB', 'vuln_db_id'],
  ['INTERNAL', 'internal_id'],
]
const ALIAS_ID_COLUMNS = ['cve_id', 'ghsa_id', 'osv_id', 'sonatype_id', 'snyk_id', 'vuln_db_id']

/** A day bound as a timestamp: from = 00:00:00, to = the end of the day (inclusive). */
const dayStart = (day: string) => `${day}T00:00:00Z`

function conditions(filter: FindingFilter, params: SqlParams, withSuppression: boolean) {
  const where: string[] = []
  if (filter.projectId !== undefined) where.push(`f.project_id = ${params.add(filter.projectId)}`)
  if (filter.projectName !== undefined) where.push(`p.name = ${params.add(filter.projectName)}`)
  if (filter.vulnerabilityIds)
    where.push(`f.vulnerability_id = ANY(${params.add(filter.vulnerabilityIds)}::bigint[])`)
  if (filter.access) where.push(params.access(filter.access, 'p'))
  if (withSuppression && !filter.includeSuppressed) where.push('NOT COALESCE(an.suppressed, false)')
  if (filter.includeInactive === false) where.push('p.active')
  if (filter.source) where.push(`v.source = ${params.add(filter.source)}`)
  if (filter.severities?.length)
    where.push(`upper(v.severity) = ANY(${params.add(filter.severities)}::text[])`)
  if (filter.analysisStates?.length) {
    const states = params.add(filter.analysisStates)
    where.push(`COALESCE(an.state, 'NOT_SET') = ANY(${states}::text[])`)
  }
  if (filter.vendorResponses?.length) {
    const responses = params.add(filter.vendorResponses)
    where.push(`COALESCE(an.response, 'NOT_SET') = ANY(${responses}::text[])`)
  }
  const range = (column: string, from?: string, to?: string) => {
    if (from) where.push(`${column} >= ${params.add(dayStart(from))}::timestamptz`)
    if (to)
      where.push(`${column} < (${params.add(dayStart(to))}::timestamptz + interval '1 day')`)
  }
  range('v.published', filter.publishedFrom, filter.publishedTo)
  range('f.attributed_on', filter.attributedFrom, filter.attributedTo)
  const bound = (column: string, op: string, value?: number) => {
    if (value !== undefined) where.push(`${column} ${op} ${params.add(value)}::numeric`)
  }
  bound('v.cvss_v2_base_score', '>=', filter.cvssV2From)
  bound('v.cvss_v2_base_score', '<=', filter.cvssV2To)
  bound('v.cvss_v3_base_score', '>=', filter.cvssV3From)
  bound('v.cvss_v3_base_score', '<=', filter.cvssV3To)
  if (filter.textInput && filter.textFields?.length) {
    const pattern = params.add(likePattern(filter.textInput))
    where.push(
      `(${filter.textFields.map((field) => `${TEXT_FIELD_SQL[field]} ILIKE ${pattern}`).join(' OR ')})`,
    )
  }
  if (filter.searchText) {
    const pattern = params.add(likePattern(filter.searchText))
    const namesV = ALIAS_OF_SOURCE.map(([s, col]) => `(v.source = '${s}' AND a.${col} = v.vuln_id)`)
    const matches = ALIAS_ID_COLUMNS.map((col) => `a.${col} ILIKE ${pattern}`)
    where.push(`(v.vuln_id ILIKE ${pattern} OR c.name ILIKE ${pattern}
      OR c."group" ILIKE ${pattern} OR c.version ILIKE ${pattern}
      OR EXISTS (SELECT 1 FROM vulnerability_alias a
        WHERE (${namesV.join(' OR ')}) AND (${matches.join(' OR ')})))`)
  }
  return where.length ? `WHERE ${where.join(' AND ')}` : ''
}

const pageSql = (paging: Paging, params: SqlParams) =>
  paging.limit === undefined
    ? ''
    : `LIMIT ${params.add(paging.limit)} OFFSET ${params.add(paging.offset)}`

/** Findings matching the filter, ordered (orderBy from an allow-list), one page and the total. */
export async function pageOfFindings(
  db: Queryable,
  filter: FindingFilter,
  orderBy: string,
  paging: Paging,
): Promise<{ rows: FindingRow[]; total: number }> {
  const params = new SqlParams()
  const where = conditions(filter, params, true)
  const countParams = [...params.values]
  const rows = await db.query<FindingRow>(
    `SELECT ${ROW_COLUMNS} FROM ${FROM} ${where}
     ORDER BY ${orderBy} ${pageSql(paging, params)}`,
    params.values,
  )
  if (paging.limit === undefined || (paging.offset === 0 && rows.length < paging.limit))
    return { rows, total: rows.length }
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM ${FROM} ${where}`,
    countParams,
  )
  return { rows, total: count?.total ?? 0 }
}

export interface GroupedFindingRow {
  vulnerability_id: Id
  analyzer_identity: string
  affected_project_count: number
}

/** Findings grouped by vulnerability and analyzer; suppression does not filter (4.13). */
export async function pageOfGroupedFindings(
  db: Queryable,
  filter: FindingFilter,
  orderBy: string,
  paging: Paging,
): Promise<{ rows: GroupedFindingRow[]; total: number }> {
  const params = new SqlParams()
  const where = conditions(filter, params, false)
  const having: string[] = []
  if (filter.occurrencesFrom !== undefined)
    having.push(`count(DISTINCT p.id) >= ${params.add(filter.occurrencesFrom)}`)
  if (filter.occurrencesTo !== undefined)
    having.push(`count(DISTINCT p.id) <= ${params.add(filter.occurrencesTo)}`)
  const grouped = `SELECT v.id AS vulnerability_id, f.analyzer_identity,
      count(DISTINCT p.id)::int AS affected_project_count
    FROM ${FROM} ${where}
    GROUP BY v.id, f.analyzer_identity ${having.length ? `HAVING ${having.join(' AND ')}` : ''}`
  const countParams = [...params.values]
  const rows = await db.query<GroupedFindingRow>(
    `${grouped} ORDER BY ${orderBy} ${pageSql(paging, params)}`,
    params.values,
  )
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM (${grouped}) g`,
    countParams,
  )
  return { rows, total: count?.total ?? 0 }
}

export function findingsByIds(db: Queryable, findingIds: readonly Id[]) {
  if (findingIds.length === 0) return Promise.resolve([] as FindingRow[])
  return db.query<FindingRow>(
    `SELECT ${ROW_COLUMNS} FROM ${FROM} WHERE f.id = ANY($1::bigint[]) ORDER BY f.id`,
    [findingIds],
  )
}
