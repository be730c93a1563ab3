import type { ViolationTextSearchField } from '../../common/dt-vocabulary.ts'
import { maybeOne, type Queryable } from '../db/database.ts'
import type { Paging } from './findings.ts'
import type { ProjectAccess } from './project-access.ts'
import { likePattern, SqlParams } from './sql.ts'

type Id = number | string

/**
 * One policy violation with what its JSON nests (dt-api-portfolio §3.14): the project, the
 * condition and its policy, the analysis (without its trail) and the component's resolved
 * license. The component's own columns load apart, by `component_id`.
 */
export interface ViolationRow {
  id: Id
  uuid: string
  type: string
  timestamp: Date
  text: string | null
  project_id: Id
  project_uuid: string
  project_name: string
  project_version: string | null
  component_id: Id
  condition_uuid: string
  condition_subject: string
  condition_operator: string
  condition_value: string
  policy_uuid: string
  policy_name: string
  policy_operator: string
  policy_violation_state: string
  policy_include_children: boolean
  policy_only_latest_project_version: boolean
  policy_global: boolean
  analysis_id: Id | null
  analysis_state: string | null
  analysis_suppressed: boolean | null
}

/** What a violation list is restricted to; every field is optional. */
export interface ViolationFilter {
  projectId?: Id
  componentId?: Id
  access?: ProjectAccess
  includeSuppressed?: boolean
  /** false: active projects only. */
  includeInactive?: boolean
  violationStates?: readonly string[]
  types?: readonly string[]
  policyUuids?: readonly string[]
  /** NOT_SET also matches violations without an analysis. */
  analysisStates?: readonly string[]
  /** Inclusive `YYYY-MM-DD` bounds (UTC days) on the violation's timestamp. */
  occurredFrom?: string
  occurredTo?: string
  textFields?: readonly ViolationTextSearchField[]
  textInput?: string
  /** The project list's search: policy name or component name. */
  searchText?: string
}

const FROM = `policy_violation pv
  JOIN project p ON p.id = pv.project_id
  JOIN component c ON c.id = pv.component_id
  JOIN policy_condition pc ON pc.id = pv.policy_condition_id
  JOIN policy po ON po.id = pc.policy_id
  LEFT JOIN violation_analysis va ON va.policy_violation_id = pv.id
  LEFT JOIN license l ON l.license_id = c.license_id`

const ROW_COLUMNS = `pv.id, pv.uuid, pv.type, pv."timestamp", pv.text, pv.project_id,
  p.uuid AS project_uuid, p.name AS project_name, p.version AS project_version, pv.component_id,
  pc.uuid AS condition_uuid, pc.subject AS condition_subject, pc.operator AS condition_operator,
  pc.value AS condition_value, po.uuid AS policy_uuid, po.name AS policy_name,
  po.operator AS policy_operator, po.violation_state AS policy_violation_state,
  po.include_children AS policy_include_children,
  po.only_latest_project_version AS policy_only_latest_project_version,
  (NOT EXISTS (SELECT 1 FROM policy_project pp WHERE pp.policy_id = po.id)
    AND NOT EXISTS (SELECT 1 FROM policy_tag pt WHERE pt.policy_id = po.id)) AS policy_global,
  va.id AS analysis_id, va.state AS analysis_state, va.suppressed AS analysis_suppressed`

/** What the console shows as a component's license: the resolved SPDX id, else the BOM's text. */
const LICENSE_TEXT = 'COALESCE(l.license_id, c.license)'

/** INFO < WARN < FAIL, so a sort by state puts the mildest first. */
const STATE_RANK = `(CASE po.violation_state WHEN 'FAIL' THEN 3 WHEN 'WARN' THEN 2 ELSE 1 END)`

/** Persistent PolicyViolation fields (null: accepted, not ordered by, as JDO's object fields). */
export const VIOLATION_SORT_COLUMNS: Record<string, string | null> = {
  id: 'pv.id',
  uuid: 'pv.uuid',
  type: 'pv.type',
  timestamp: 'pv."timestamp"',
  text: 'pv.text',
  project: null,
  component: null,
  policyCondition: null,
  analysis: null,
}

/** Dotted sort paths by first segment (the console's columns and a few more). */
export const VIOLATION_NESTED_SORT_COLUMNS: Record<string, Record<string, string>> = {
  project: { name: 'p.name', version: 'p.version', uuid: 'p.uuid' },
  component: {
    name: 'c.name',
    version: 'c.version',
    group: 'c."group"',
    purl: 'c.purl',
    cpe: 'c.cpe',
    license: LICENSE_TEXT,
    'resolvedLicense.licenseId': 'l.license_id',
    'resolvedLicense.name': 'l.name',
  },
  policyCondition: {
    subject: 'pc.subject',
    operator: 'pc.operator',
    value: 'pc.value',
    'policy.name': 'po.name',
    'policy.violationState': STATE_RANK,
    'policy.operator': 'po.operator',
  },
  analysis: {
    analysisState: `COALESCE(va.state, 'NOT_SET')`,
    suppressed: 'COALESCE(va.suppressed, false)',
    isSuppressed: 'COALESCE(va.suppressed, false)',
  },
}

/** 4.13's default orders per list. */
export const PORTFOLIO_ORDER = 'pv."timestamp" DESC, p.name, p.version, c.name, c.version'
export const PROJECT_ORDER = 'pv."timestamp" DESC, c.name, c.version'
export const COMPONENT_ORDER = 'pv."timestamp" DESC'
export const TIE_BREAKER = 'pv.id ASC'

const TEXT_FIELD_SQL: Record<ViolationTextSearchField, readonly string[]> = {
  policy_name: ['po.name'],
  component: ['c.name'],
  license: ['l.license_id', 'c.license'],
  project_name: ['p.name', 'p.version'],
}

const dayStart = (day: string) => `${day}T00:00:00Z`

function conditions(filter: ViolationFilter, params: SqlParams) {
  const where: string[] = []
  const anyOf = (column: string, values: readonly string[] | undefined, type = 'text') => {
    if (values?.length) where.push(`${column} = ANY(${params.add(values)}::${type}[])`)
  }
  if (filter.projectId !== undefined) where.push(`pv.project_id = ${params.add(filter.projectId)}`)
  if (filter.componentId !== undefined)
    where.push(`pv.component_id = ${params.add(filter.componentId)}`)
  if (filter.access) where.push(params.access(filter.access, 'p'))
  if (!filter.includeSuppressed) where.push('NOT COALESCE(va.suppressed, false)')
  if (filter.includeInactive === false) where.push('p.active')
  anyOf('po.violation_state', filter.violationStates)
  anyOf('pv.type', filter.types)
  anyOf('po.uuid', filter.policyUuids, 'uuid')
  anyOf(`COALESCE(va.state, 'NOT_SET')`, filter.analysisStates)
  if (filter.occurredFrom)
    where.push(`pv."timestamp" >= ${params.add(dayStart(filter.occurredFrom))}::timestamptz`)
  if (filter.occurredTo)
    where.push(
      `pv."timestamp" < (${params.add(dayStart(filter.occurredTo))}::timestamptz + interval '1 day')`,
    )
  const matchAny = (columns: readonly string[], text: string) => {
    const pattern = params.add(likePattern(text))
    where.push(`(${columns.map((column) => `${column} ILIKE ${pattern}`).join(' OR ')})`)
  }
  if (filter.textInput && filter.textFields?.length)
    matchAny(
      filter.textFields.flatMap((field) => TEXT_FIELD_SQL[field]),
      filter.textInput,
    )
  if (filter.searchText) matchAny(['po.name', 'c.name'], filter.searchText)
  return where.length ? `WHERE ${where.join(' AND ')}` : ''
}

/** Violations matching the filter, ordered (orderBy from the sort tables), one page and the total. */
export async function pageOfViolations(
  db: Queryable,
  filter: ViolationFilter,
  orderBy: string,
  paging: Paging,
): Promise<{ rows: ViolationRow[]; total: number }> {
  const params = new SqlParams()
  const where = conditions(filter, params)
  const countParams = [...params.values]
  const page =
    paging.limit === undefined
      ? ''
      : `LIMIT ${params.add(paging.limit)} OFFSET ${params.add(paging.offset)}`
  const rows = await db.query<ViolationRow>(
    `SELECT ${ROW_COLUMNS} FROM ${FROM} ${where} ORDER BY ${orderBy} ${page}`,
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

/** The identity of a violation: which component and project it is on. */
export interface ViolationRef {
  id: Id
  uuid: string
  project_id: Id
  component_id: Id
}

export function findViolationByUuid(db: Queryable, uuid: string) {
  return maybeOne<ViolationRef>(
    db,
    'SELECT id, uuid, project_id, component_id FROM policy_violation WHERE uuid = $1',
    [uuid],
  )
}
