import {
  ANALYSIS_RESPONSES,
  ANALYSIS_STATES,
  FINDING_TEXT_SEARCH_FIELDS,
  SEVERITIES,
  type FindingTextSearchField,
} from '../../../common/dt-vocabulary.ts'
import type { FindingFilter } from '../../data/findings.ts'
import { problem, validationError } from '../../lib/errors.ts'
import type { ListQuery } from '../../lib/list-query.ts'

/** The query parameters of GET /finding and GET /finding/grouped (dt-api-portfolio §4.10). */
export interface PortfolioFindingQuery {
  showInactive?: string
  showSuppressed?: string
  severity?: string
  analysisStatus?: string
  vendorResponse?: string
  publishDateFrom?: string
  publishDateTo?: string
  attributedOnDateFrom?: string
  attributedOnDateTo?: string
  textSearchField?: string
  textSearchInput?: string
  cvssv2From?: string
  cvssv2To?: string
  cvssv3From?: string
  cvssv3To?: string
  occurrencesFrom?: string
  occurrencesTo?: string
}

const invalid = (name: string, value: string | undefined, message: string) =>
  validationError([
    {
      message,
      messageTemplate: '{lookout.validation.finding}',
      path: `querystring.${name}`,
      ...(value === undefined ? {} : { invalidValue: value }),
    },
  ])

/** JAX-RS reads a boolean query parameter as true only for "true" (any case). */
export const isTrue = (value: string | undefined) => value?.trim().toLowerCase() === 'true'
const blank = (value: string | undefined) => value === undefined || value.trim() === ''

/** A comma list of names, case-insensitive; an unknown name is a 400. */
export function nameList<T extends string>(
  name: string,
  text: string | undefined,
  known: readonly T[],
): T[] {
  const values = (text ?? '')
    .split(',')
    .map((value) => value.trim().toUpperCase())
    .filter(Boolean)
  const unknown = values.filter((value) => !known.includes(value as T))
  if (unknown.length > 0)
    throw invalid(name, text, `must be a comma-separated list of ${known.join(', ')}`)
  return [...new Set(values)] as T[]
}

/** A `YYYY-MM-DD` day that exists, or undefined when blank. */
export function day(name: string, text: string | undefined): string | undefined {
  if (blank(text)) return undefined
  const value = text!.trim()
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  const date = match ? new Date(`${value}T00:00:00Z`) : undefined
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value)
    throw invalid(name, text, 'must be a date as YYYY-MM-DD')
  return value
}

/** A decimal number, or undefined when blank. */
export function decimal(name: string, text: string | undefined): number | undefined {
  if (blank(text)) return undefined
  const value = Number(text!.trim())
  if (!/^-?\d+(\.\d+)?$/.test(text!.trim()) || !Number.isFinite(value))
    throw invalid(name, text, 'must be a number')
  return value
}

function wholeNumber(name: string, text: string | undefined): number | undefined {
  const value = decimal(name, text)
  if (value !== undefined && !Number.isInteger(value))
    throw invalid(name, text, 'must be a whole number')
  return value
}

/** The filters of the portfolio lists; `grouped` adds occurrences and ignores suppression. */
export function parsePortfolioFilter(query: PortfolioFindingQuery, grouped = false): FindingFilter {
  const textFields = nameList<FindingTextSearchField>(
    'textSearchField',
    query.textSearchField,
    FINDING_TEXT_SEARCH_FIELDS,
  )
  return {
    includeInactive: isTrue(query.showInactive),
    includeSuppressed: grouped || isTrue(query.showSuppressed),
    severities: nameList('severity', query.severity, SEVERITIES),
    analysisStates: grouped
      ? []
      : nameList('analysisStatus', query.analysisStatus, ANALYSIS_STATES),
    vendorResponses: grouped
      ? []
      : nameList('vendorResponse', query.vendorResponse, ANALYSIS_RESPONSES),
    publishedFrom: day('publishDateFrom', query.publishDateFrom),
    publishedTo: day('publishDateTo', query.publishDateTo),
    attributedFrom: grouped ? undefined : day('attributedOnDateFrom', query.attributedOnDateFrom),
    attributedTo: grouped ? undefined : day('attributedOnDateTo', query.attributedOnDateTo),
    textFields,
    textInput: blank(query.textSearchInput) ? undefined : query.textSearchInput!.trim(),
    cvssV2From: decimal('cvssv2From', query.cvssv2From),
    cvssV2To: decimal('cvssv2To', query.cvssv2To),
    cvssV3From: decimal('cvssv3From', query.cvssv3From),
    cvssV3To: decimal('cvssv3To', query.cvssv3To),
    ...(grouped
      ? {
          occurrencesFrom: wholeNumber('occurrencesFrom', query.occurrencesFrom),
          occurrencesTo: wholeNumber('occurrencesTo', query.occurrencesTo),
        }
      : {}),
  }
}

/**
 * ORDER BY for a findings list: the sortName must be on the allow-list (4.13 fails with a SQL
 * error; here a 400 problem says why); descending only for `desc`. Ties break on `tieBreaker`.
 */
export function findingOrder(
  columns: Record<string, string>,
  query: Pick<ListQuery, 'sortName' | 'sortDirection'>,
  tieBreaker: string,
  defaultOrder = tieBreaker,
) {
  if (!query.sortName) return defaultOrder
  const column = columns[query.sortName]
  if (!column)
    throw problem(
      400,
      'Field not sortable',
      `Can not sort by ${query.sortName}: sortName must be one of ${Object.keys(columns).join(', ')}`,
    )
  const direction = query.sortDirection === 'desc' ? 'DESC' : 'ASC'
  return `${column} ${direction} NULLS ${direction === 'ASC' ? 'FIRST' : 'LAST'}, ${tieBreaker}`
}
