import { compareDigits, compareText, type Ordering } from './ordering.ts'

/**
 * Maven's ComparableVersion (the version-order specification of the POM reference): items split
 * at ".", "-" and digit/letter transitions; "-" and transitions open a sub-list; trailing nulls
 * (0, "", ga, final, release, empty lists) are dropped; qualifiers order
 * alpha < beta < milestone < rc = cr < snapshot < "" = ga = final = release < sp < others
 * (others alphabetically); a, b, m directly followed by a digit mean alpha, beta, milestone.
 */
type Item = { n: string } | { q: string } | Item[]

const QUALIFIERS = ['alpha', 'beta', 'milestone', 'rc', 'snapshot', '', 'sp']
const ALIASES: Record<string, string> = { ga: '', final: '', release: '', cr: 'rc' }
const RELEASE = '5'

function qualifier(text: string, followedByDigit: boolean): Item {
  let value = text
  if (followedByDigit && value.length === 1) {
    value = value === 'a' ? 'alpha' : value === 'b' ? 'beta' : value === 'm' ? 'milestone' : value
  }
  value = ALIASES[value] ?? value
  const index = QUALIFIERS.indexOf(value)
  return { q: index === -1 ? `${QUALIFIERS.length}-${value}` : String(index) }
}

const item = (digits: boolean, text: string): Item =>
  digits ? { n: text } : qualifier(text, false)

function isNull(it: Item): boolean {
  if (Array.isArray(it)) return it.length === 0
  return 'n' in it ? /^0+$/.test(it.n) : it.q === RELEASE
}

function normalize(list: Item[], root: boolean): void {
  for (let i = list.length - 1; i >= 0; i--) {
    const last = list[i]!
    if (isNull(last)) list.splice(i, 1)
    else if (!Array.isArray(last)) break
  }
  // "1-ga-1" is "1-1": a list left holding only a sub-list stands for that sub-list.
  if (!root && list.length === 1 && Array.isArray(list[0])) list.splice(0, 1, ...list[0])
}

function parse(version: string): Item[] | undefined {
  const value = version.trim().toLowerCase()
  if (value === '') return undefined
  const root: Item[] = []
  const stack: Item[][] = [root]
  let list = root
  let digits = false
  let start = 0
  const open = () => {
    const next: Item[] = []
    list.push(next)
    stack.push(next)
    list = next
  }
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!
    if (c === '.' || c === '-') {
      list.push(i === start ? { n: '0' } : item(digits, value.slice(start, i)))
      start = i + 1
      if (c === '-') open()
    } else if (c >= '0' && c <= '9') {
      if (!digits && i > start) {
        list.push(qualifier(value.slice(start, i), true))
        start = i
        open()
      }
      digits = true
    } else {
      if (digits && i > start) {
        list.push(item(true, value.slice(start, i)))
        start = i
        open()
      }
      digits = false
    }
  }
  if (value.length > start) list.push(item(digits, value.slice(start)))
  while (stack.length > 0) normalize(stack.pop()!, stack.length === 0)
  return root
}

/** Compares an item with an absent one (the shorter side of a list). */
function compareToNull(it: Item): number {
  if (Array.isArray(it)) return it.length === 0 ? 0 : compareToNull(it[0]!)
  if ('n' in it) return /^0+$/.test(it.n) ? 0 : 1
  return compareText(it.q, RELEASE)
}

function compareItems(a: Item, b: Item): number {
  if (Array.isArray(a)) {
    if (!Array.isArray(b)) return 'n' in b ? -1 : 1
    const limit = Math.max(a.length, b.length)
    for (let i = 0; i < limit; i++) {
      const l = a[i]
      const r = b[i]
      const diff =
        l === undefined
          ? r === undefined
            ? 0
            : -compareToNull(r)
          : r === undefined
            ? compareToNull(l)
            : compareItems(l, r)
      if (diff !== 0) return diff
    }
    return 0
  }
  if ('n' in a) {
    if (Array.isArray(b) || 'q' in b) return 1
    return compareDigits(a.n, b.n)
  }
  if (Array.isArray(b) || 'n' in b) return -1
  return compareText(a.q, b.q)
}

export const maven: Ordering<Item[]> = { parse, compare: compareItems }
