import {
  POLICY_VIOLATION_STATES,
  VIOLATION_ANALYSIS_STATES,
  VIOLATION_TEXT_SEARCH_FIELDS,
  VIOLATION_TYPES,
  type ViolationTextSearchField,
} from '../../../common/dt-vocabulary.ts'
import type { ViolationFilter } from '../../data/violations.ts'
import { problem } from '../../lib/errors.ts'
import { day, isTrue, nameList } from '../findings/filters.ts'

/** The query parameters of GET /violation (dt-api-portfolio §4.14). */
export interface PortfolioViolationQuery {
  suppressed?: string
  showInactive?: string
  violationState?: string
  riskType?: string
  policy?: string
  analysisState?: string
  occurredOnDateFrom?: string
  occurredOnDateTo?: string
  textSearchField?: string
  textSearchInput?: string
}

const illegal = (detail: string) => problem(400, 'Illegal argument provided', detail)

/**
 * A comma list of exact enum names, as 4.13 reads it with `valueOf`: an unknown name is a 400
 * problem naming the Java enum, the way its IllegalArgumentException does.
 */
function enumList<T extends string>(text: string | undefined, known: readonly T[], java: string) {
  const values = (text ?? '').split(',').filter((value) => value !== '')
  for (const value of values)
    if (!known.includes(value as T)) throw illegal(`No enum constant ${java}.${value}`)
  return [...new Set(values)] as T[]
}

const ANY_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Policy UUIDs as `UUID.fromString` reads them; a malformed one is a 400 problem. */
function uuidList(text: string | undefined) {
  const values = (text ?? '').split(',').filter((value) => value !== '')
  for (const value of values)
    if (!ANY_UUID.test(value)) throw illegal(`Invalid UUID string: ${value}`)
  return [...new Set(values.map((value) => value.toLowerCase()))]
}

const TEXT_FIELDS_UPPER = VIOLATION_TEXT_SEARCH_FIELDS.map((field) => field.toUpperCase())

/**
 * The filters every violation list takes (4.13: only the portfolio list; the project and
 * component lists read `suppressed` alone).
 */
export function parseViolationFilter(
  query: Omit<PortfolioViolationQuery, 'showInactive'>,
): ViolationFilter {
  const textInput = query.textSearchInput?.trim()
  return {
    includeSuppressed: isTrue(query.suppressed),
    violationStates: enumList(
      query.violationState,
      POLICY_VIOLATION_STATES,
      'org.dependencytrack.model.Policy.ViolationState',
    ),
    types: enumList(
      query.riskType,
      VIOLATION_TYPES,
      'org.dependencytrack.model.PolicyViolation.Type',
    ),
    policyUuids: uuidList(query.policy),
    analysisStates: enumList(
      query.analysisState,
      VIOLATION_ANALYSIS_STATES,
      'org.dependencytrack.model.ViolationAnalysisState',
    ),
    occurredFrom: day('occurredOnDateFrom', query.occurredOnDateFrom),
    occurredTo: day('occurredOnDateTo', query.occurredOnDateTo),
    textFields: nameList('textSearchField', query.textSearchField, TEXT_FIELDS_UPPER).map(
      (field) => field.toLowerCase() as ViolationTextSearchField,
    ),
    textInput: textInput || undefined,
  }
}

/** Every filter of the portfolio list; searchText is not used there (as 4.13). */
export function parsePortfolioViolationFilter(query: PortfolioViolationQuery): ViolationFilter {
  return { ...parseViolationFilter(query), includeInactive: isTrue(query.showInactive) }
}
