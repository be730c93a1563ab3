import { z } from 'zod'

/** Alpine's ApiFilter parameters; every list endpoint accepts all aliases. */
export const ListQuerySchema = z
  .object({
    offset: z.string().optional(),
    page: z.string().optional(),
    pageNumber: z.string().optional(),
    size: z.string().optional(),
    pageSize: z.string().optional(),
    limit: z.string().optional(),
    filter: z.string().optional(),
    searchText: z.string().optional(),
    sort: z.string().optional(),
    sortOrder: z.string().optional(),
    orderBy: z.string().optional(),
    sortName: z.string().optional(),
  })
  .loose()

export interface ListQuery {
  offset: number
  limit: number
  searchText: string | undefined
  /** Only set when it is a plain identifier path. */
  sortName: string | undefined
  sortDirection: 'asc' | 'desc' | undefined
}

const firstNonBlank = (...values: Array<string | undefined>) =>
  values.find((value) => value !== undefined && value.trim() !== '')?.trim()

/** Java's Integer.MAX_VALUE: Alpine parses paging parameters as int. */
const JAVA_INT_MAX = 2_147_483_647

/**
 * A number as Alpine's int parsing reads it: digits only and within int range, else unparsable
 * (undefined), so callers fall back to the default just as Dependency-Track does.
 */
const javaInt = (value: string | undefined) => {
  if (value === undefined || !/^\d+$/.test(value)) return undefined
  const parsed = Number(value)
  return parsed <= JAVA_INT_MAX ? parsed : undefined
}

const positiveInt = (value: string | undefined) => {
  const parsed = javaInt(value)
  return parsed !== undefined && parsed > 0 ? parsed : undefined
}

/**
 * Offset and limit win; else page and size (both needed); else offset 0, limit 100
 * ("always paginate"). Blank values are ignored, as the 4.13 console sends some.
 */
export function parseListQuery(query: Record<string, unknown>): ListQuery {
  const q = ListQuerySchema.parse(query)
  const limitOrSize = positiveInt(firstNonBlank(q.size, q.pageSize, q.limit))
  const offsetText = firstNonBlank(q.offset)
  let offset = 0
  let limit = 100
  if (offsetText !== undefined) {
    offset = javaInt(offsetText) ?? 0
    limit = limitOrSize ?? 100
  } else {
    const page = firstNonBlank(q.page, q.pageNumber)
    if (page !== undefined && firstNonBlank(q.size, q.pageSize, q.limit) !== undefined) {
      const pageNumber = positiveInt(page) ?? 1
      limit = limitOrSize ?? 100
      offset = (pageNumber - 1) * limit
    }
  }
  const direction = firstNonBlank(q.sort, q.sortOrder)?.toLowerCase()
  const sortName = firstNonBlank(q.orderBy, q.sortName)
  return {
    offset,
    limit,
    searchText: firstNonBlank(q.filter, q.searchText),
    sortName: sortName && /^[a-zA-Z0-9_.\-+]*$/.test(sortName) ? sortName : undefined,
    sortDirection: direction === 'asc' || direction === 'desc' ? direction : undefined,
  }
}
