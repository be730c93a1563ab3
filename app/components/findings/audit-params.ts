import {
  ANALYSIS_RESPONSES,
  ANALYSIS_STATES,
  FINDING_TEXT_SEARCH_FIELDS,
  type AnalysisResponse,
  type AnalysisState,
  type FindingTextSearchField,
} from '../../../common/dt-vocabulary.ts'
import { pageParam, pageSizeParam, type SortOrder } from '~/components/list-kit/url-state.ts'

/**
 * The portfolio audit screens' URL (dt-screens §17): the filters under the API's own query
 * parameter names, so an address reads like the request it makes, plus sort and paging. A range
 * that cannot be right (a bad date, a score above 10, from after to) is reported and left out.
 */

export type AuditView = 'occurrences' | 'grouped'

/** Severity checkboxes send lower-case values, as the 4.13 console does (§2.17). */
export const AUDIT_SEVERITIES = ['critical', 'high', 'medium', 'low', 'unassigned'] as const

const SHARED_SORTS = [
  'vulnerability.vulnId',
  'vulnerability.title',
  'vulnerability.severity',
  'attribution.analyzerIdentity',
  'vulnerability.published',
  'vulnerability.cvssV2BaseScore',
  'vulnerability.cvssV3BaseScore',
] as const

export const AUDIT_SORTS: Record<AuditView, readonly string[]> = {
  occurrences: [
    ...SHARED_SORTS,
    'component.projectName',
    'component.name',
    'component.version',
    'analysis.state',
    'analysis.isSuppressed',
    'attribution.attributedOn',
  ],
  grouped: [...SHARED_SORTS, 'vulnerability.affectedProjectCount'],
}

export const DEFAULT_SORT: Record<AuditView, string> = {
  occurrences: 'attribution.attributedOn',
  grouped: 'vulnerability.affectedProjectCount',
}

/** The ranges of each view: [name, from parameter, to parameter, kind]. */
const RANGES = {
  published: ['publishDateFrom', 'publishDateTo', 'date'],
  attributedOn: ['attributedOnDateFrom', 'attributedOnDateTo', 'date'],
  cvssv2: ['cvssv2From', 'cvssv2To', 'score'],
  cvssv3: ['cvssv3From', 'cvssv3To', 'score'],
  occurrences: ['occurrencesFrom', 'occurrencesTo', 'count'],
} as const
export type RangeName = keyof typeof RANGES
type RangeKind = (typeof RANGES)[RangeName][2]

export const VIEW_RANGES: Record<AuditView, readonly RangeName[]> = {
  occurrences: ['published', 'attributedOn', 'cvssv2', 'cvssv3'],
  grouped: ['published', 'cvssv2', 'cvssv3', 'occurrences'],
}

export function rangeParams(range: RangeName) {
  const [from, to, kind] = RANGES[range]
  return { from, to, kind }
}

/** Translation keys of what is wrong with a range. */
export type RangeError = `vulnerabilityAudit.errors.${RangeKind | 'order'}`

export interface AuditParams {
  view: AuditView
  showInactive: boolean
  showSuppressed: boolean
  severity: string[]
  analysisStatus: AnalysisState[]
  vendorResponse: AnalysisResponse[]
  textSearchField: FindingTextSearchField[]
  textSearchInput?: string
  /** The ranges that apply, by parameter name (the valid ones only). */
  ranges: Record<string, string>
  /** What the reader typed into each range field, valid or not, to show it again. */
  typed: Record<string, string>
  errors: Partial<Record<RangeName, RangeError>>
  page: number
  pageSize: number
  sortName?: string
  sortOrder: SortOrder
}

/** Every value of a parameter, whether repeated (checkboxes) or comma-joined (older links). */
function allValues(search: URLSearchParams, name: string) {
  return [
    ...new Set(
      search
        .getAll(name)
        .flatMap((value) => value.split(','))
        .map((value) => value.trim())
        .filter(Boolean),
    ),
  ]
}

function choices<const T extends string>(
  search: URLSearchParams,
  name: string,
  known: readonly T[],
  normalise: (value: string) => string,
): T[] {
  const wanted = allValues(search, name).map(normalise)
  return known.filter((value) => wanted.includes(value))
}

/** A single-valued parameter: the last non-empty one wins (a form field after an older link's). */
const last = (search: URLSearchParams, name: string) =>
  search
    .getAll(name)
    .map((value) => value.trim())
    .filter(Boolean)
    .at(-1)

const flag = (value: string | undefined) => value === '1' || value === 'true' || value === 'on'

const DATE = /^\d{4}-\d{2}-\d{2}$/

function validBound(kind: RangeKind, value: string): boolean {
  if (kind === 'date') return DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))
  if (!/^\d+(\.\d+)?$/.test(value)) return false
  const number = Number(value)
  if (kind === 'count') return Number.isInteger(number)
  return number >= 0 && number <= 10
}

function readRange(search: URLSearchParams, range: RangeName, params: AuditParams) {
  const { from, to, kind } = rangeParams(range)
  const low = last(search, from) ?? ''
  const high = last(search, to) ?? ''
  params.typed[from] = low
  params.typed[to] = high
  if ((low && !validBound(kind, low)) || (high && !validBound(kind, high))) {
    params.errors[range] = `vulnerabilityAudit.errors.${kind}`
    return
  }
  const outOfOrder = kind === 'date' ? low > high : Number(low) > Number(high)
  if (low && high && outOfOrder) {
    params.errors[range] = 'vulnerabilityAudit.errors.order'
    return
  }
  if (low) params.ranges[from] = low
  if (high) params.ranges[to] = high
}

export function parseAuditParams(view: AuditView, search: URLSearchParams): AuditParams {
  const sortName = last(search, 'sortName')
  const params: AuditParams = {
    view,
    showInactive: flag(last(search, 'showInactive')),
    showSuppressed: view === 'occurrences' && flag(last(search, 'showSuppressed')),
    severity: choices(search, 'severity', AUDIT_SEVERITIES, (value) => value.toLowerCase()),
    analysisStatus:
      view === 'occurrences'
        ? choices(search, 'analysisStatus', ANALYSIS_STATES, (value) => value.toUpperCase())
        : [],
    vendorResponse:
      view === 'occurrences'
        ? choices(search, 'vendorResponse', ANALYSIS_RESPONSES, (value) => value.toUpperCase())
        : [],
    textSearchField: choices(search, 'textSearchField', FINDING_TEXT_SEARCH_FIELDS, (value) =>
      value.toUpperCase(),
    ),
    textSearchInput: last(search, 'textSearchInput'),
    ranges: {},
    typed: {},
    errors: {},
    page: pageParam.parse(last(search, 'page')),
    pageSize: pageSizeParam.parse(last(search, 'pageSize')),
    sortName: sortName && AUDIT_SORTS[view].includes(sortName) ? sortName : undefined,
    sortOrder: last(search, 'sortOrder') === 'asc' ? 'asc' : 'desc',
  }
  // No field ticked searches them all, as all are ticked at first.
  if (params.textSearchField.length === 0) params.textSearchField = [...FINDING_TEXT_SEARCH_FIELDS]
  for (const range of VIEW_RANGES[view]) readRange(search, range, params)
  return params
}

/**
 * The short form of an address: empty fields (a GET form sends every field) left out, the text
 * search fields only when not all are ticked, and the view's default sort when none is given.
 * Returns undefined when the address already is canonical.
 */
export function canonicalSearch(view: AuditView, search: URLSearchParams) {
  const next = new URLSearchParams()
  for (const [key, value] of search) if (value.trim() !== '') next.append(key, value)
  const fields = allValues(next, 'textSearchField')
  if (fields.length >= FINDING_TEXT_SEARCH_FIELDS.length || !next.get('textSearchInput')) {
    next.delete('textSearchField')
  }
  if (!next.get('sortName')) {
    next.set('sortName', DEFAULT_SORT[view])
    next.set('sortOrder', 'desc')
  }
  return next.toString() === search.toString() ? undefined : next
}

/** Whether any filter narrows the view (the empty list then says "no match" rather than "none"). */
export function isFiltered(params: AuditParams) {
  return Boolean(
    params.severity.length ||
    params.analysisStatus.length ||
    params.vendorResponse.length ||
    params.textSearchInput ||
    Object.keys(params.ranges).length,
  )
}

/** The API query of GET /finding or /finding/grouped (§4.10, §2.17). */
export function auditQuery(params: AuditParams, paged = true) {
  const query: Record<string, string | number | boolean | undefined> = {
    showInactive: params.showInactive,
    showSuppressed: params.showSuppressed,
    severity: params.severity.join(',') || undefined,
    analysisStatus: params.analysisStatus.join(',') || undefined,
    vendorResponse: params.vendorResponse.join(',') || undefined,
    textSearchField: params.textSearchInput
      ? params.textSearchField.map((field) => field.toLowerCase()).join(',')
      : undefined,
    textSearchInput: params.textSearchInput,
    ...params.ranges,
    sortName: params.sortName ?? DEFAULT_SORT[params.view],
    sortOrder: params.sortName ? params.sortOrder : 'desc',
  }
  if (paged) Object.assign(query, { pageNumber: params.page, pageSize: params.pageSize })
  return query
}
