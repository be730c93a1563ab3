import { z } from 'zod'
import type { ApiClient } from './client.server.ts'

/** The query of one page of a Dependency-Track list (`X-Total-Count` carries the total). */
export interface PageOptions {
  searchText?: string
  pageNumber: number
  pageSize: number
  sortName?: string
  sortOrder?: 'asc' | 'desc'
}

/** One page of a paged list, its rows read with `schema`, and the filtered total. */
export async function fetchPage<Schema extends z.ZodType>(
  api: ApiClient,
  schema: Schema,
  path: string,
  options: PageOptions,
) {
  const response = await api.send(path, {
    query: {
      searchText: options.searchText,
      pageNumber: options.pageNumber,
      pageSize: options.pageSize,
      sortName: options.sortName,
      sortOrder: options.sortName ? options.sortOrder : undefined,
    },
  })
  const rows = z.array(schema).parse(await response.json())
  const total = Number(response.headers.get('X-Total-Count') ?? rows.length)
  return { rows, total: Number.isFinite(total) ? total : rows.length }
}

/** How many rows a paged list holds (one row asked for; the total comes in `X-Total-Count`). */
export async function countOf(api: ApiClient, path: string) {
  const response = await api.send(path, { query: { pageNumber: 1, pageSize: 1 } })
  await response.body?.cancel()
  const total = Number(response.headers.get('X-Total-Count'))
  return Number.isFinite(total) ? total : 0
}
