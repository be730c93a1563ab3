import {
  ANALYSIS_RESPONSES,
  ANALYSIS_STATES,
  FINDING_TEXT_SEARCH_FIELDS,
  type AnalysisResponse,
  type AnalysisState,
  type FindingTextSearchField,
} from '../../../common/dt-vocabulary.ts'
import {
  canonicalFilterSearch,
  choices,
  isTicked,
  lastValue,
  readRange,
  type RangeProblem,
} from '~/components/audit/filter-params.ts'
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

export const VIEW_RANGES: Record<AuditView, readonly RangeName[]> = {
  occurrences: ['published', 'attributedOn', 'cvssv2', 'cvssv3'],
  grouped: ['published', 'cvssv2', 'cvssv3', 'occurrences'],
}

export function rangeParams(range: RangeName) {
  const [from, to, kind] = RANGES[range]
  return { from, to, kind }
}

/** Translation keys of what is wrong with a range. */
export type RangeError = `vulnerabilityAudit.errors.${RangeProblem}`

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

function readViewRange(search: URLSearchParams, range: RangeName, params: AuditParams) {
  const { from, to, kind } = rangeParams(range)
  const reading = readRange(search, from, to, kind)
  Object.assign(params.typed, reading.typed)
  Object.assign(params.ranges, reading.applied)
  if (reading.problem) params.errors[range] = `vulnerabilityAudit.errors.${reading.problem}`
}

export function parseAuditParams(view: AuditView, search: URLSearchParams): AuditParams {
  const sortName = lastValue(search, 'sortName')
  const params: AuditParams = {
    view,
    showInactive: isTicked(lastValue(search, 'showInactive')),
    showSuppressed: view === 'occurrences' && isTicked(lastValue(search, 'showSuppressed')),
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
    textSearchInput: lastValue(search, 'textSearchInput'),
    ranges: {},
    typed: {},
    errors: {},
    page: pageParam.parse(lastValue(search, 'page')),
    pageSize: pageSizeParam.parse(lastValue(search, 'pageSize')),
    sortName: sortName && AUDIT_SORTS[view].includes(sortName) ? sortName : undefined,
    sortOrder: lastValue(search, 'sortOrder') === 'asc' ? 'asc' : 'desc',
  }
  // No field ticked searches them all, as all are ticked at first.
  if (params.textSearchField.length === 0) params.textSearchField = [...FINDING_TEXT_SEARCH_FIELDS]
  for (const range of VIEW_RANGES[view]) readViewRange(search, range, params)
  return params
}

/** The short form of an address (see canonicalFilterSearch); undefined when already canonical. */
export function canonicalSearch(view: AuditView, search: URLSearchParams) {
  return canonicalFilterSearch(search, {
    textFields: {
      param: 'textSearchField',
      input: 'textSearchInput',
      all: FINDING_TEXT_SEARCH_FIELDS.length,
    },
    defaultSort: DEFAULT_SORT[view],
  })
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
