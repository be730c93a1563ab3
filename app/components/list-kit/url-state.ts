import { z } from 'zod'
import { PAGE_SIZES } from '~/utils/portfolio.ts'

/**
 * A list screen keeps its whole state in the URL (search, filters, sort, page, page size), so
 * every view can be bookmarked, survives a reload and works without JavaScript. This module is
 * the one place that reads and writes that state.
 */

export const DEFAULT_PAGE_SIZE = 10
export type SortOrder = 'asc' | 'desc'

/**
 * Parameters that open a dialog or mark a one-off moment (a new project form, an upload token);
 * a link that changes the list view leaves them behind.
 */
export const TRANSIENT_PARAMS: readonly string[] = ['create', 'add', 'token', 'index', '_data']

/** Free text, trimmed; empty means absent. */
export const textParam = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined)

/** A filter switch: checked is `1` (or `true`/`on` from older links). */
export const flagParam = z
  .string()
  .optional()
  .transform((value) => value === '1' || value === 'true' || value === 'on')

export const pageParam = z.coerce.number().int().min(1).catch(1).default(1)

export const pageSizeParam = z.coerce
  .number()
  .refine((value) => (PAGE_SIZES as readonly number[]).includes(value))
  .catch(DEFAULT_PAGE_SIZE)
  .default(DEFAULT_PAGE_SIZE)

export const sortOrderParam = z.enum(['asc', 'desc']).optional().catch(undefined)

/** A sort column among those the API can order by; anything else is ignored. */
export function sortNameParam<const Columns extends readonly [string, ...string[]]>(
  columns: Columns,
) {
  return z.enum(columns).optional().catch(undefined)
}

/**
 * The schema of a list's URL: search text, page, page size and sort among `sortable`, plus the
 * screen's own filters in `extra`. Bad values fall back to the defaults instead of failing.
 */
export function listParamsSchema<
  const Columns extends readonly [string, ...string[]],
  Extra extends z.ZodRawShape = Record<never, never>,
>(sortable: Columns, extra?: Extra) {
  return z.object({
    searchText: textParam,
    page: pageParam,
    pageSize: pageSizeParam,
    sortName: sortNameParam(sortable),
    sortOrder: sortOrderParam,
    ...(extra ?? ({} as Extra)),
  })
}

/** Reads a list's state from the URL (the last value wins when a parameter repeats). */
export function parseListParams<Schema extends z.ZodType>(
  schema: Schema,
  searchParams: URLSearchParams,
): z.infer<Schema> {
  return schema.parse(Object.fromEntries(searchParams))
}

type ParamValue = string | number | boolean | readonly string[] | null | undefined

/**
 * Writes a list's state as URL parameters, leaving out what the defaults already say (page 1,
 * the default page size, unchecked switches, empty text), so URLs stay short and canonical.
 */
export function serializeListParams(params: Record<string, ParamValue>) {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === false || value === '') continue
    if (key === 'page' && Number(value) === 1) continue
    if (key === 'pageSize' && Number(value) === DEFAULT_PAGE_SIZE) continue
    if (Array.isArray(value)) {
      if (value.length > 0) search.set(key, value.join(','))
    } else if (value === true) search.set(key, '1')
    else search.set(key, String(value))
  }
  return search
}

/**
 * The current list URL with some parameters changed (undefined or '' removes one). Transient
 * parameters are dropped, so following the link never reopens a dialog.
 */
export function listHref(current: URLSearchParams, changes: Record<string, string | undefined>) {
  const next = new URLSearchParams(current)
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') next.delete(key)
    else next.set(key, value)
  }
  for (const key of TRANSIENT_PARAMS) if (!(key in changes)) next.delete(key)
  const query = next.toString()
  return query ? `?${query}` : '?'
}

export interface SortParamNames {
  sortParam?: string
  orderParam?: string
  pageParam?: string
}

/** How a list is sorted now, and the link a column header leads to: ascending first, then descending. */
export function sortState(
  current: URLSearchParams,
  column: string,
  { sortParam = 'sortName', orderParam = 'sortOrder', pageParam = 'page' }: SortParamNames = {},
) {
  const active = current.get(sortParam) === column
  const order: SortOrder = current.get(orderParam) === 'desc' ? 'desc' : 'asc'
  const href = listHref(current, {
    [sortParam]: column,
    [orderParam]: active && order === 'asc' ? 'desc' : 'asc',
    [pageParam]: undefined,
  })
  return { active, order, href }
}

/** "first–last of total" and the number of pages, for a 1-based page. */
export function pageRange(total: number, page: number, pageSize: number) {
  const first = total === 0 ? 0 : Math.min(total, (page - 1) * pageSize + 1)
  const last = Math.min(total, page * pageSize)
  const pages = Math.max(1, Math.ceil(total / pageSize))
  return { first, last, pages }
}
