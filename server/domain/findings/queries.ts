import { VULNERABILITY_SOURCES } from '../../../common/dt-vocabulary.ts'
import { findConfigProperty } from '../../data/config-properties.ts'
import * as store from '../../data/findings.ts'
import type { FindingFilter, FindingRow, GroupedFindingRow, Paging } from '../../data/findings.ts'
import {
  aliasesOf,
  vulnerabilitiesByIds,
  type VulnerabilityAliasRow,
  type VulnerabilityDetailRow,
} from '../../data/vulnerabilities.ts'
import type { Queryable } from '../../db/database.ts'
import { emptyError } from '../../lib/errors.ts'
import { parseListQuery, type ListQuery } from '../../lib/list-query.ts'
import type { Principal } from '../auth/principal.ts'
import { loadAccessibleProject, PROJECT_MESSAGES } from '../components/access.ts'
import { projectAccessFor } from '../projects/access.ts'
import { findingOrder } from './filters.ts'

export { isTrue } from './filters.ts'

export type { FindingFilter, FindingRow, GroupedFindingRow }

/** A finding with its vulnerability (EPSS, KEV joined) and the vulnerability's aliases. */
export interface FindingView {
  row: FindingRow
  vulnerability: VulnerabilityDetailRow
  aliases: VulnerabilityAliasRow[]
}

export interface GroupedFindingView {
  row: GroupedFindingRow
  vulnerability: VulnerabilityDetailRow
}

const TIE_BREAKER = 'f.id ASC'

async function detailsOf(db: Queryable, vulnerabilityIds: readonly (number | string)[]) {
  const unique = [...new Set(vulnerabilityIds.map(String))]
  const rows = await vulnerabilitiesByIds(db, unique)
  return new Map(rows.map((row) => [String(row.id), row]))
}

async function withDetails(db: Queryable, rows: readonly FindingRow[]): Promise<FindingView[]> {
  const details = await detailsOf(
    db,
    rows.map((row) => row.vulnerability_id),
  )
  const aliases = await aliasesOf(
    db,
    [...details.values()].map((row) => ({ source: row.source, vulnId: row.vuln_id })),
  )
  const aliasesOfKey = new Map<string, VulnerabilityAliasRow[]>()
  for (const alias of aliases) {
    const key = `${alias.source}\u0000${alias.vuln_id}`
    aliasesOfKey.set(key, [...(aliasesOfKey.get(key) ?? []), alias])
  }
  return rows.map((row) => {
    const vulnerability = details.get(String(row.vulnerability_id))!
    const key = `${vulnerability.source}\u0000${vulnerability.vuln_id}`
    return { row, vulnerability, aliases: aliasesOfKey.get(key) ?? [] }
  })
}

const given = (query: Record<string, unknown>, name: string) =>
  typeof query[name] === 'string' && (query[name] as string).trim() !== ''

/**
 * The project list's additive options: undefined when none is given (4.13: every row). Paged
 * only with an offset or a page number and size; otherwise filtered and sorted, every row.
 */
export function projectListOptions(query: Record<string, unknown>) {
  const names = ['pageNumber', 'page', 'pageSize', 'size', 'sortName', 'sortOrder', 'searchText']
  if (!names.some((name) => given(query, name)) && !given(query, 'offset')) return undefined
  const paged =
    given(query, 'offset') ||
    ((given(query, 'pageNumber') || given(query, 'page')) &&
      (given(query, 'pageSize') || given(query, 'size') || given(query, 'limit')))
  return { ...parseListQuery(query), paged }
}

export interface ProjectFindingOptions {
  includeSuppressed: boolean
  source: string | undefined
  /** Absent: every row in database order, as 4.13. */
  list?: ListQuery & { paged: boolean }
}

/** GET /finding/project/{uuid}: 404, ACL 403; an unknown source is a 404 as in 4.13. */
export async function listProjectFindings(
  db: Queryable,
  principal: Principal | undefined,
  projectUuid: string,
  options: ProjectFindingOptions,
) {
  const project = await loadAccessibleProject(db, principal, projectUuid, PROJECT_MESSAGES)
  const source = options.source?.trim()
  if (source && !(VULNERABILITY_SOURCES as readonly string[]).includes(source))
    throw emptyError(404)
  const filter: FindingFilter = {
    projectId: project.id,
    includeSuppressed: options.includeSuppressed,
    source: source || undefined,
    searchText: options.list?.searchText,
  }
  const list = options.list
  const orderBy = list
    ? findingOrder(store.PROJECT_FINDING_SORT_COLUMNS, list, TIE_BREAKER)
    : TIE_BREAKER
  const paging: Paging = list?.paged
    ? { offset: list.offset, limit: list.limit }
    : { offset: 0, limit: undefined }
  const page = await store.pageOfFindings(db, filter, orderBy, paging)
  return { project, views: await withDetails(db, page.rows), total: page.total }
}

/** GET /finding: ACL-filtered, filtered, sorted and paged in SQL; `paged` false for CSV. */
export async function listPortfolioFindings(
  db: Queryable,
  principal: Principal | undefined,
  filter: FindingFilter,
  query: ListQuery,
  paged = true,
) {
  const access = await projectAccessFor(db, principal)
  const orderBy = findingOrder(store.FINDING_SORT_COLUMNS, query, TIE_BREAKER)
  const page = await store.pageOfFindings(
    db,
    { ...filter, access },
    orderBy,
    paged ? query : { offset: 0, limit: undefined },
  )
  return { views: await withDetails(db, page.rows), total: page.total }
}

/** GET /finding/grouped: one row per (vulnerability, analyzer identity). */
export async function listGroupedFindings(
  db: Queryable,
  principal: Principal | undefined,
  filter: FindingFilter,
  query: ListQuery,
  paged = true,
): Promise<{ views: GroupedFindingView[]; total: number }> {
  const access = await projectAccessFor(db, principal)
  const tie = 'v.id ASC, f.analyzer_identity ASC'
  const orderBy = findingOrder(store.GROUPED_SORT_COLUMNS, query, tie)
  const page = await store.pageOfGroupedFindings(
    db,
    { ...filter, access },
    orderBy,
    paged ? query : { offset: 0, limit: undefined },
  )
  const details = await detailsOf(
    db,
    page.rows.map((row) => row.vulnerability_id),
  )
  return {
    views: page.rows.map((row) => ({
      row,
      vulnerability: details.get(String(row.vulnerability_id))!,
    })),
    total: page.total,
  }
}

/** general/base.url for the FPF `meta.baseUrl`, when set. */
export async function baseUrl(db: Queryable) {
  const property = await findConfigProperty(db, 'general', 'base.url')
  return property?.property_value?.trim() || undefined
}
