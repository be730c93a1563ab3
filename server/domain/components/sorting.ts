import type { ListQuery } from '../../lib/list-query.ts'
import { problem } from '../../lib/errors.ts'

export interface SortableEntity {
  /** The Java class name Dependency-Track reports in its errors. */
  name: string
  /** Persistent fields and their SQL; null: accepted but not ordered by. */
  columns: Record<string, string | null>
  /** Transient fields, which Dependency-Track refuses to sort by. */
  computed: ReadonlySet<string>
  /** Fields reachable through a dotted sortName, by first segment. */
  nested?: Record<string, Record<string, string>>
  /** Appended to every ordering so pages are stable. */
  tieBreaker: string
}

/**
 * Alpine's rules: an explicit sortName replaces the default order, but only `asc`/`desc`
 * actually order; computed or unknown first segments are a 400 problem.
 */
export function orderByClause(entity: SortableEntity, query: ListQuery, defaultOrder: string) {
  if (!query.sortName) return `${defaultOrder}, ${entity.tieBreaker}`
  const [field = '', ...rest] = query.sortName.split('.')
  if (entity.computed.has(field)) {
    throw problem(
      400,
      'Field not sortable',
      `Can not sort by ${entity.name}#${field}: The field is computed and can not be queried or sorted by`,
    )
  }
  if (!(field in entity.columns)) {
    throw problem(
      400,
      'Field not sortable',
      `Can not sort by ${entity.name}#${field}: The field does not exist`,
    )
  }
  const column =
    rest.length === 0 ? entity.columns[field] : entity.nested?.[field]?.[rest.join('.')]
  if (!query.sortDirection || !column) return entity.tieBreaker
  return `${column} ${query.sortDirection.toUpperCase()}, ${entity.tieBreaker}`
}
