/**
 * Reading a Filters panel's address (the portfolio audit screens, dt-screens §17 and §18): the
 * filters sit under the API's own query parameter names, checkboxes may repeat a parameter or
 * join values with commas (older links), and a from–to range that cannot be right is reported
 * and left out rather than sent.
 */

/** Every value of a parameter, whether repeated (checkboxes) or comma-joined (older links). */
export function allValues(search: URLSearchParams, name: string) {
  return [
    ...new Set(
      search
        .getAll(name)
        .flatMap((value) => value.split(','))
        .map((value) => value.trim())
        .filter(Boolean),
    ),
  ]
}

/** The ticked values among `known`, in `known`'s order; unknown ones are dropped. */
export function choices<const T extends string>(
  search: URLSearchParams,
  name: string,
  known: readonly T[],
  normalise: (value: string) => string,
): T[] {
  const wanted = allValues(search, name).map(normalise)
  return known.filter((value) => wanted.includes(value))
}

/** A single-valued parameter: the last non-empty one wins (a form field after an older link's). */
export const lastValue = (search: URLSearchParams, name: string) =>
  search
    .getAll(name)
    .map((value) => value.trim())
    .filter(Boolean)
    .at(-1)

/** A ticked checkbox or switch: `1`, or `true`/`on` from older links and plain forms. */
export const isTicked = (value: string | undefined) =>
  value === '1' || value === 'true' || value === 'on'

export type BoundKind = 'date' | 'score' | 'count'
/** What is wrong with a range: a bound of the wrong kind, or from after to. */
export type RangeProblem = BoundKind | 'order'

const DATE = /^\d{4}-\d{2}-\d{2}$/

function validBound(kind: BoundKind, value: string): boolean {
  if (kind === 'date') return DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))
  if (!/^\d+(\.\d+)?$/.test(value)) return false
  const number = Number(value)
  if (kind === 'count') return Number.isInteger(number)
  return number >= 0 && number <= 10
}

export interface RangeReading {
  /** What the reader typed, valid or not, to show it again. */
  typed: Record<string, string>
  /** The bounds that apply, by parameter name (none when the range has a problem). */
  applied: Record<string, string>
  problem?: RangeProblem
}

/** One from–to pair of the address (dates `YYYY-MM-DD`, scores 0–10 or whole counts). */
export function readRange(
  search: URLSearchParams,
  from: string,
  to: string,
  kind: BoundKind,
): RangeReading {
  const low = lastValue(search, from) ?? ''
  const high = lastValue(search, to) ?? ''
  const typed = { [from]: low, [to]: high }
  if ((low && !validBound(kind, low)) || (high && !validBound(kind, high))) {
    return { typed, applied: {}, problem: kind }
  }
  const outOfOrder = kind === 'date' ? low > high : Number(low) > Number(high)
  if (low && high && outOfOrder) return { typed, applied: {}, problem: 'order' }
  const applied: Record<string, string> = {}
  if (low) applied[from] = low
  if (high) applied[to] = high
  return { typed, applied }
}

/**
 * The short form of an address: empty fields (a GET form sends every field) left out, the text
 * search fields only when some but not all are ticked and there is text to search, and the
 * view's default sort (descending) when none is given. Undefined when already canonical.
 */
export function canonicalFilterSearch(
  search: URLSearchParams,
  {
    textFields,
    defaultSort,
  }: { textFields: { param: string; input: string; all: number }; defaultSort: string },
) {
  const next = new URLSearchParams()
  for (const [key, value] of search) if (value.trim() !== '') next.append(key, value)
  const fields = allValues(next, textFields.param)
  if (fields.length >= textFields.all || !next.get(textFields.input)) {
    next.delete(textFields.param)
  }
  if (!next.get('sortName')) {
    next.set('sortName', defaultSort)
    next.set('sortOrder', 'desc')
  }
  return next.toString() === search.toString() ? undefined : next
}
