import parseSpdx from 'spdx-expression-parse'

/** SPDX license expressions as spdx-expression-parse reads them (ids, WITH, AND, OR, `+`). */
export type SpdxNode = parseSpdx.Info

// BOMs repeat a handful of licenses thousands of times; parsing each occurrence is wasted work.
const cache = new Map<string, SpdxNode | null>()
const CACHE_LIMIT = 10_000

/** The parsed expression, or null when it is not a valid SPDX expression. */
export function parseSpdxExpression(text: string): SpdxNode | null {
  let parsed = cache.get(text)
  if (parsed === undefined) {
    try {
      parsed = parseSpdx(text)
    } catch {
      parsed = null
    }
    if (cache.size >= CACHE_LIMIT) cache.clear()
    cache.set(text, parsed)
  }
  return parsed
}

const isBareId = (node: SpdxNode) => 'license' in node && !node.plus && !node.exception

/** The license id when the expression is one SPDX license id (no `+`, WITH or operators). */
export function singleSpdxId(text: string | null | undefined): string | null {
  if (!text) return null
  const parsed = parseSpdxExpression(text)
  return parsed && 'license' in parsed && isBareId(parsed) ? parsed.license : null
}

/**
 * True for a valid expression that is more than one bare id: `A OR B`, `A AND B`, `A WITH E`,
 * `A+`. BOMs often carry those in a license's id or name, where 4.13 keeps them as free text.
 */
export function isCompoundExpression(text: string | null | undefined): text is string {
  if (!text) return false
  const parsed = parseSpdxExpression(text)
  return parsed !== null && !isBareId(parsed)
}
