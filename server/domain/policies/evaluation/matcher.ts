/**
 * 4.13's policy Matcher (dt-behaviour §3.3), used by MATCHES / NO_MATCH: every `*` widens to
 * `.*`, an unanchored pattern gets `.*` on the open side(s), and the result must match the whole
 * value as a Java regex. Java's inline flags (`(?i)`, `(?s)`, `(?m)`) become JavaScript flags for
 * the whole pattern. A pattern JavaScript cannot compile is reported as null: its condition never
 * produces a violation (4.13 would fail the evaluation).
 */
export type Matcher = (value: string | null | undefined) => boolean

const INLINE_FLAGS = /\(\?([imsx]+)\)/g
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/

/** The pattern after 4.13's rewriting, before it is compiled. */
export function matcherPattern(condition: string): string {
  let pattern = condition.replaceAll('*', '.*').replaceAll('..*', '.*')
  if (!pattern.startsWith('^') && !pattern.startsWith('.*')) pattern = `.*${pattern}`
  if (!pattern.endsWith('$') && !pattern.endsWith('.*')) pattern += '.*'
  return pattern
}

function compile(source: string, flags: string): RegExp | null {
  for (const extra of source.includes('\\p{') ? ['', 'u'] : ['']) {
    try {
      return new RegExp(source, flags + extra)
    } catch {
      // tried again with the next flag set, else not a pattern JavaScript can run
    }
  }
  return null
}

/**
 * Compiles a condition value (or a COORDINATES part; undefined = the part is absent) into a
 * predicate. Both absent → match; exactly one absent → no match.
 */
export function compileMatcher(condition: string | undefined): Matcher | null {
  if (condition === undefined) return (value) => value === null || value === undefined
  let flags = ''
  const pattern = matcherPattern(condition).replace(INLINE_FLAGS, (_, letters: string) => {
    flags += letters
    return ''
  })
  if (flags.includes('x')) return null
  flags = [...new Set(flags)].join('')
  const whole = compile(`^(?:${pattern})$`, flags)
  if (!whole) return null
  // `.*X.*` over a one-line value is a search for X, which V8 runs far faster than the
  // backtracking full match; an alternation would change the meaning, so it keeps the full form.
  const inner = pattern.startsWith('.*') && pattern.endsWith('.*') ? pattern.slice(2, -2) : null
  const search = inner !== null && !inner.includes('|') ? compile(inner, flags) : null
  return (value) => {
    if (value === null || value === undefined) return false
    if (!search) return whole.test(value)
    // Without X anywhere `.*X.*` cannot match; with it, only line breaks could still fail it.
    return search.test(value) && (!LINE_TERMINATOR.test(value) || whole.test(value))
  }
}
