import type { Queryable } from '../../db/database.ts'
import {
  listPolicies,
  POLICY_SORT_COLUMNS as PERSISTENT,
  type PolicyOrder,
} from '../../data/policies.ts'
import type { ListQuery } from '../../lib/list-query.ts'
import { notSortable } from '../projects/sorting.ts'
import { policyViews } from './view.ts'

const COMPUTED = new Set(['global'])

/**
 * Alpine's rules: a sortName replaces the default order (name); it applies only with a valid
 * direction; a computed or unknown first segment is a 400 problem.
 */
export function policyOrder(query: ListQuery): PolicyOrder[] {
  if (query.sortName === undefined) return [{ sql: 'p.name', direction: 'asc' }]
  if (!query.sortDirection) return []
  const [field = '', ...rest] = query.sortName.split('.')
  if (COMPUTED.has(field)) {
    throw notSortable('Policy', field, 'The field is computed and can not be queried or sorted by')
  }
  if (!Object.hasOwn(PERSISTENT, field)) {
    throw notSortable('Policy', field, 'The field does not exist')
  }
  const sql = PERSISTENT[field]
  return sql && rest.length === 0 ? [{ sql, direction: query.sortDirection }] : []
}

/** GET /policy: one page of policies with their conditions, projects and tags. */
export async function policiesPage(db: Queryable, list: ListQuery) {
  const page = await listPolicies(db, {
    search: list.searchText,
    order: policyOrder(list),
    offset: list.offset,
    limit: list.limit,
  })
  return { rows: await policyViews(db, page.rows), total: page.total }
}
