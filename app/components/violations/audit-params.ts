import {
  VIOLATION_ANALYSIS_STATES,
  VIOLATION_TEXT_SEARCH_FIELDS,
  VIOLATION_TYPES,
  type PolicyViolationState,
  type ViolationAnalysisState,
  type ViolationTextSearchField,
  type ViolationType,
} from '../../../common/dt-vocabulary.ts'
import {
  allValues,
  canonicalFilterSearch,
  choices,
  isTicked,
  lastValue,
  readRange,
  type RangeProblem,
} from '~/components/audit/filter-params.ts'
import { pageParam, pageSizeParam, type SortOrder } from '~/components/list-kit/url-state.ts'

/**
 * The Policy Violation Audit address (dt-screens §18): every filter under GET /violation's own
 * parameter name, plus sort and paging, so an address reads like the request it makes.
 */

/** Sortable columns (the paths the 4.13 console sorts by). */
export const VIOLATION_AUDIT_SORTS = [
  'policyCondition.policy.violationState',
  'type',
  'policyCondition.policy.name',
  'component.name',
  'project.name',
  'timestamp',
  'analysis.analysisState',
  'analysis.suppressed',
  'component.license',
] as const
export const DEFAULT_VIOLATION_SORT = 'timestamp'

/** The state checkboxes as 4.13 lists them, gravest first. */
export const STATE_FILTERS: readonly PolicyViolationState[] = ['FAIL', 'WARN', 'INFO']
/** The analysis checkboxes as 4.13 lists them. */
export const ANALYSIS_FILTERS: readonly ViolationAnalysisState[] = [
  'NOT_SET',
  'REJECTED',
  'APPROVED',
]

export const OCCURRED_ON = {
  from: 'occurredOnDateFrom',
  to: 'occurredOnDateTo',
  kind: 'date',
} as const

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export interface ViolationAuditParams {
  showInactive: boolean
  suppressed: boolean
  violationState: PolicyViolationState[]
  riskType: ViolationType[]
  analysisState: ViolationAnalysisState[]
  /** Policy uuids (lower case); anything that is not one is dropped. */
  policy: string[]
  textSearchField: ViolationTextSearchField[]
  textSearchInput?: string
  /** The Occurred On bounds that apply (none when the range is wrong). */
  ranges: Record<string, string>
  /** What the reader typed into the date fields, to show it again. */
  typed: Record<string, string>
  rangeError?: `vulnerabilityAudit.errors.${RangeProblem}`
  page: number
  pageSize: number
  sortName?: (typeof VIOLATION_AUDIT_SORTS)[number]
  sortOrder: SortOrder
}

const upper = (value: string) => value.toUpperCase()

export function parseViolationAuditParams(search: URLSearchParams): ViolationAuditParams {
  const sortName = lastValue(search, 'sortName')
  const range = readRange(search, OCCURRED_ON.from, OCCURRED_ON.to, OCCURRED_ON.kind)
  const fields = choices(search, 'textSearchField', VIOLATION_TEXT_SEARCH_FIELDS, (value) =>
    value.toLowerCase(),
  )
  return {
    showInactive: isTicked(lastValue(search, 'showInactive')),
    suppressed: isTicked(lastValue(search, 'suppressed')),
    violationState: choices(search, 'violationState', STATE_FILTERS, upper),
    riskType: choices(search, 'riskType', VIOLATION_TYPES, upper),
    analysisState: choices(search, 'analysisState', VIOLATION_ANALYSIS_STATES, upper),
    policy: allValues(search, 'policy')
      .map((value) => value.toLowerCase())
      .filter((value) => UUID.test(value)),
    // No field ticked searches them all, as all are ticked at first.
    textSearchField: fields.length > 0 ? fields : [...VIOLATION_TEXT_SEARCH_FIELDS],
    textSearchInput: lastValue(search, 'textSearchInput'),
    ranges: range.applied,
    typed: range.typed,
    rangeError: range.problem ? `vulnerabilityAudit.errors.${range.problem}` : undefined,
    page: pageParam.parse(lastValue(search, 'page')),
    pageSize: pageSizeParam.parse(lastValue(search, 'pageSize')),
    sortName: VIOLATION_AUDIT_SORTS.find((column) => column === sortName),
    sortOrder: lastValue(search, 'sortOrder') === 'asc' ? 'asc' : 'desc',
  }
}

/** The address's short form (empty fields out, default sort in); undefined when it is already. */
export function canonicalViolationSearch(search: URLSearchParams) {
  return canonicalFilterSearch(search, {
    textFields: {
      param: 'textSearchField',
      input: 'textSearchInput',
      all: VIOLATION_TEXT_SEARCH_FIELDS.length,
    },
    defaultSort: DEFAULT_VIOLATION_SORT,
  })
}

/** Whether any filter narrows the view (an empty list then says "no match" rather than "none"). */
export function isViolationViewFiltered(params: ViolationAuditParams) {
  return Boolean(
    params.violationState.length ||
    params.riskType.length ||
    params.analysisState.length ||
    params.policy.length ||
    params.textSearchInput ||
    Object.keys(params.ranges).length,
  )
}

/** The query of GET /violation (§4.14); without paging for the CSV of the whole view. */
export function violationAuditQuery(params: ViolationAuditParams, paged = true) {
  const query: Record<string, string | number | boolean | undefined> = {
    showInactive: params.showInactive,
    suppressed: params.suppressed,
    violationState: params.violationState.join(',') || undefined,
    riskType: params.riskType.join(',') || undefined,
    analysisState: params.analysisState.join(',') || undefined,
    policy: params.policy.join(',') || undefined,
    textSearchField: params.textSearchInput ? params.textSearchField.join(',') : undefined,
    textSearchInput: params.textSearchInput,
    ...params.ranges,
    sortName: params.sortName ?? DEFAULT_VIOLATION_SORT,
    sortOrder: params.sortName ? params.sortOrder : 'desc',
  }
  if (paged) Object.assign(query, { pageNumber: params.page, pageSize: params.pageSize })
  return query
}
