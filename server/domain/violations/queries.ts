import type { ComponentRow } from '../../data/components.ts'
import {
  violationAnalysisComments,
  type ViolationAnalysisCommentRow,
} from '../../data/violation-analyses.ts'
import * as store from '../../data/violations.ts'
import type { ViolationFilter, ViolationRow } from '../../data/violations.ts'
import { componentsByIds } from '../../data/vulnerabilities.ts'
import type { Queryable } from '../../db/database.ts'
import type { ListQuery } from '../../lib/list-query.ts'
import type { Principal } from '../auth/principal.ts'
import {
  COMPONENT_MESSAGES,
  loadAccessibleComponent,
  loadAccessibleProject,
  PROJECT_MESSAGES,
} from '../components/access.ts'
import { loadOwningProjects, type ProjectWithTags } from '../components/project-refs.ts'
import { orderByClause, type SortableEntity } from '../components/sorting.ts'
import { projectAccessFor } from '../projects/access.ts'

/** A violation with everything its JSON shows: component, owning project, analysis trail. */
export interface ViolationView {
  row: ViolationRow
  component: ComponentRow
  comments: ViolationAnalysisCommentRow[]
}

export interface ViolationPage {
  rows: ViolationView[]
  projects: ReadonlyMap<string, ProjectWithTags>
  total: number
}

/** PolicyViolation's persistent fields, as Alpine sorts them (§1.4). */
const VIOLATION: SortableEntity = {
  name: 'PolicyViolation',
  columns: store.VIOLATION_SORT_COLUMNS,
  computed: new Set(),
  nested: store.VIOLATION_NESTED_SORT_COLUMNS,
  tieBreaker: store.TIE_BREAKER,
}

const group = <T>(rows: readonly T[], key: (row: T) => string) => {
  const groups = new Map<string, T[]>()
  for (const row of rows) {
    const list = groups.get(key(row))
    if (list) list.push(row)
    else groups.set(key(row), [row])
  }
  return groups
}

async function page(
  db: Queryable,
  filter: ViolationFilter,
  query: ListQuery,
  defaultOrder: string,
  paged: boolean,
): Promise<ViolationPage> {
  const orderBy = orderByClause(VIOLATION, query, defaultOrder)
  const paging = paged ? query : { offset: 0, limit: undefined }
  const { rows, total } = await store.pageOfViolations(db, filter, orderBy, paging)
  const componentIds = [...new Set(rows.map((row) => String(row.component_id)))]
  const analysisIds = rows.flatMap((row) => (row.analysis_id === null ? [] : [row.analysis_id]))
  const [components, comments, projects] = await Promise.all([
    componentsByIds(db, componentIds),
    violationAnalysisComments(db, analysisIds),
    loadOwningProjects(db, rows),
  ])
  const componentById = new Map(components.map((row) => [String(row.id), row]))
  const commentsOf = group(comments, (comment) => String(comment.violation_analysis_id))
  return {
    rows: rows.map((row) => ({
      row,
      component: componentById.get(String(row.component_id))!,
      comments: row.analysis_id === null ? [] : (commentsOf.get(String(row.analysis_id)) ?? []),
    })),
    projects,
    total,
  }
}

/** GET /violation: the accessible portfolio, filtered, sorted and paged in SQL (`paged` false: CSV). */
export async function listPortfolioViolations(
  db: Queryable,
  principal: Principal | undefined,
  filter: ViolationFilter,
  query: ListQuery,
  paged = true,
) {
  const access = await projectAccessFor(db, principal)
  return page(db, { ...filter, access }, query, store.PORTFOLIO_ORDER, paged)
}

/**
 * GET /violation/project/{uuid}: 404 and ACL 403 first; searchText on policy or component name;
 * the portfolio filters beyond 4.13 (the project tab's state counts, its filters in the URL).
 */
export async function listProjectViolations(
  db: Queryable,
  principal: Principal | undefined,
  projectUuid: string,
  filter: ViolationFilter,
  query: ListQuery,
) {
  const project = await loadAccessibleProject(db, principal, projectUuid, PROJECT_MESSAGES)
  const restricted = { ...filter, projectId: project.id, searchText: query.searchText }
  return page(db, restricted, query, store.PROJECT_ORDER, true)
}

/** GET /violation/component/{uuid}: 404 and the component's ACL 403 first. */
export async function listComponentViolations(
  db: Queryable,
  principal: Principal | undefined,
  componentUuid: string,
  filter: ViolationFilter,
  query: ListQuery,
) {
  const component = await loadAccessibleComponent(db, principal, componentUuid, COMPONENT_MESSAGES)
  return page(db, { ...filter, componentId: component.id }, query, store.COMPONENT_ORDER, true)
}
