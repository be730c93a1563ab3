import {
  cpeProductsNear,
  findCandidatesByCpePrefix,
  findCandidatesByProduct,
} from '../../data/analysis-candidates.ts'
import type { Queryable } from '../../db/database.ts'
import { softwareRange, type AnalysisTarget, type SoftwareRange } from './matching.ts'
import type { AnalyzableComponent } from './model.ts'

/**
 * Fuzzy CPE matching (4.13 §2.3) without a search index, on PGlite and PostgreSQL alike (decision
 * 012). 4.13's Lucene regex on `cpe23` becomes a case-insensitive LIKE on its
 * `cpe:2.3:<part>:<vendor>:<product>:` prefix; its fuzzy query `product:<name>~0.88` becomes
 * Lucene's own rule in JavaScript: at most min(⌊0.12 × length⌋, 2) edits (Damerau–Levenshtein,
 * as Lucene's FuzzyQuery counts transpositions) against the distinct products of the same part.
 */

const SKIPPED_NAMES = new Set(['util', 'utils', 'url', 'xml'])
const MAX_EDITS = 2

const enabled = (settings: ReadonlyMap<string, string | null>, name: string, byDefault: boolean) =>
  (settings.get(name) ?? String(byDefault)) === 'true'

export function wantsFuzzy(
  component: AnalyzableComponent,
  target: AnalysisTarget,
  settings: ReadonlyMap<string, string | null>,
): boolean {
  if (!enabled(settings, 'internal.fuzzy.enabled', false)) return false
  if (enabled(settings, 'internal.fuzzy.exclude.purl', true) && component.purl) {
    if (target.purl?.type !== 'deb') return false
  }
  if (enabled(settings, 'internal.fuzzy.exclude.internal', true) && component.internal) return false
  return true
}

/** CPE 2.3 quoting of one value, then LIKE's escaping (backslash is LIKE's escape character). */
function likeValue(value: string): string {
  if (value === '*') return '%'
  const quoted = value.replace(/[^A-Za-z0-9._-]/g, (char) => `\\${char}`)
  return quoted.replace(/[\\%_]/g, (char) => `\\${char}`)
}

const prefixPattern = (part: string, vendor: string, product: string) =>
  `cpe:2.3:${likeValue(part)}:${likeValue(vendor)}:${likeValue(product)}:%`

/** The search terms of §2.3 in order, each followed by its retry with vendor `*`. */
function searchPatterns(component: AnalyzableComponent, target: AnalysisTarget): string[] {
  const part = target.cpe?.part ?? '*'
  const terms: Array<[string | null | undefined, string | null | undefined]> = []
  if (target.cpe) terms.push([target.cpe.vendor, target.cpe.product])
  const purl = target.purl
  if (purl?.name) {
    const namespace =
      purl.type === 'golang' ? purl.namespace?.split('/').filter(Boolean).at(-1) : purl.namespace
    terms.push([namespace, purl.name])
  }
  terms.push([component.group, component.name])
  const patterns: string[] = []
  for (const [vendor, product] of terms) {
    if (!product) continue
    patterns.push(prefixPattern(part, vendor || '*', product))
    patterns.push(prefixPattern(part, '*', product))
  }
  return [...new Set(patterns)]
}

/** Optimal-string-alignment distance (Levenshtein plus adjacent transpositions), capped. */
export function editDistance(a: string, b: string, cap = MAX_EDITS): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1
  let before: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, before[j - 2]! + 1)
      current.push(value)
      best = Math.min(best, value)
    }
    if (best > cap) return cap + 1
    before = previous
    previous = current
  }
  return previous[b.length]!
}

/** Lucene's `~0.88` as an edit budget for a term of this length. */
export const allowedEdits = (length: number) => Math.min(Math.floor(0.12 * length), MAX_EDITS)

function fuzzyName(component: AnalyzableComponent, target: AnalysisTarget): string | undefined {
  if (target.purl?.type === 'golang') return undefined
  const name = target.cpe?.product ?? target.purl?.name ?? component.name
  if (!name || name.length <= 2 || SKIPPED_NAMES.has(name.toLowerCase())) return undefined
  return name.toLowerCase()
}

/** Fuzzy candidates of several components, by component id; a few statements per batch. */
export async function fuzzyCandidates(
  db: Queryable,
  entries: ReadonlyArray<{ component: AnalyzableComponent; target: AnalysisTarget }>,
): Promise<Map<number, SoftwareRange[]>> {
  const found = new Map<number, SoftwareRange[]>()
  const patternsOf = entries.map((entry) => searchPatterns(entry.component, entry.target))
  const byPattern = new Map<string, SoftwareRange[]>()
  for (const row of await findCandidatesByCpePrefix(db, [...new Set(patternsOf.flat())])) {
    const list = byPattern.get(row.pattern) ?? []
    list.push(softwareRange(row))
    byPattern.set(row.pattern, list)
  }
  const rest: Array<{ id: number; part: string; name: string }> = []
  entries.forEach((entry, index) => {
    const hit = patternsOf[index]!.find((pattern) => byPattern.has(pattern))
    if (hit) return void found.set(entry.component.id, byPattern.get(hit)!)
    const name = fuzzyName(entry.component, entry.target)
    const part = entry.target.cpe?.part ?? '*'
    if (!name) return
    for (const p of part === '*' || part === '-' ? ['a', 'o', 'h'] : [part])
      rest.push({ id: entry.component.id, part: p, name })
  })
  if (rest.length === 0) return found

  const near = await cpeProductsNear(
    db,
    rest.map((r) => r.part),
    rest.map((r) => r.name.length),
    MAX_EDITS,
  )
  const productsByPart = new Map<string, string[]>()
  for (const { part, product } of near) {
    productsByPart.set(part, [...(productsByPart.get(part) ?? []), product])
  }
  const wanted = new Map<number, Array<{ part: string; product: string }>>()
  for (const { id, part, name } of rest) {
    const budget = allowedEdits(name.length)
    for (const product of productsByPart.get(part) ?? []) {
      if (editDistance(name, product.toLowerCase(), budget) <= budget) {
        wanted.set(id, [...(wanted.get(id) ?? []), { part, product }])
      }
    }
  }
  const keys = [...wanted.values()].flat()
  if (keys.length === 0) return found
  const rows = (await findCandidatesByProduct(db, keys)).map(softwareRange)
  for (const [id, pairs] of wanted) {
    const accepted = new Set(pairs.map((p) => `${p.part}\u0000${p.product}`))
    found.set(
      id,
      rows.filter((row) => accepted.has(`${row.part}\u0000${row.product}`)),
    )
  }
  return found
}
