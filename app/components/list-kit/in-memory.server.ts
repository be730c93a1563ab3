import type { SortOrder } from './url-state.ts'

/**
 * Search, sort and page a list the API answers whole (4.13 does not page users, teams,
 * permissions or OpenID Connect groups), so these screens behave like every other list.
 */
export function pageInMemory<Row, Column extends string>(
  rows: readonly Row[],
  params: {
    searchText?: string
    page: number
    pageSize: number
    sortName?: Column
    sortOrder?: SortOrder
  },
  options: {
    /** The texts a search matches, case-insensitively, anywhere within. */
    searchIn: (row: Row) => Array<string | undefined>
    /** Each sortable column's value. */
    sortBy: Record<Column, (row: Row) => string | number | undefined>
  },
) {
  const needle = params.searchText?.toLocaleLowerCase()
  const matching = needle
    ? rows.filter((row) =>
        options.searchIn(row).some((text) => text?.toLocaleLowerCase().includes(needle)),
      )
    : [...rows]
  const value = params.sortName ? options.sortBy[params.sortName] : undefined
  if (value) {
    const direction = params.sortOrder === 'desc' ? -1 : 1
    matching.sort((a, b) => direction * compare(value(a), value(b)))
  }
  const start = (params.page - 1) * params.pageSize
  return { rows: matching.slice(start, start + params.pageSize), total: matching.length }
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

/** Numbers by value, text by collation; absent values last in ascending order. */
function compare(a: string | number | undefined, b: string | number | undefined) {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1
  if (typeof a === 'number' && typeof b === 'number') return a - b
  return collator.compare(String(a), String(b))
}
