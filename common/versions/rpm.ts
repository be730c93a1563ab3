import { compareDigits, compareText, type Ordering } from './ordering.ts'

/**
 * RPM: [epoch:]version[-release], each compared with rpmvercmp: runs of ASCII letters or digits
 * (everything else separates), digits by value and above letters, "~" below everything
 * (even the end), "^" above the end but below any further segment. A missing epoch is 0; a
 * version with a release sorts above the same version without one.
 */
interface RpmKey {
  epoch: string
  version: string
  release: string | null
}

const isDigit = (c: number) => c >= 48 && c <= 57
const isAlpha = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122)

/** rpm's rpmvercmp (with the "~" and "^" rules of rpm 4.10 and 4.15). */
export function rpmvercmp(a: string, b: string): number {
  if (a === b) return 0
  let i = 0
  let j = 0
  for (;;) {
    while (
      i < a.length &&
      !isDigit(a.charCodeAt(i)) &&
      !isAlpha(a.charCodeAt(i)) &&
      a[i] !== '~' &&
      a[i] !== '^'
    )
      i++
    while (
      j < b.length &&
      !isDigit(b.charCodeAt(j)) &&
      !isAlpha(b.charCodeAt(j)) &&
      b[j] !== '~' &&
      b[j] !== '^'
    )
      j++
    if (a[i] === '~' || b[j] === '~') {
      if (a[i] !== '~') return 1
      if (b[j] !== '~') return -1
      i++
      j++
      continue
    }
    if (a[i] === '^' || b[j] === '^') {
      if (i >= a.length) return -1
      if (j >= b.length) return 1
      if (a[i] !== '^') return 1
      if (b[j] !== '^') return -1
      i++
      j++
      continue
    }
    if (i >= a.length || j >= b.length) break
    const si = i
    const sj = j
    const numeric = isDigit(a.charCodeAt(i))
    const same = numeric ? isDigit : isAlpha
    while (i < a.length && same(a.charCodeAt(i))) i++
    while (j < b.length && same(b.charCodeAt(j))) j++
    if (sj === j) return numeric ? 1 : -1
    const x = a.slice(si, i)
    const y = b.slice(sj, j)
    const diff = numeric ? compareDigits(x, y) : compareText(x, y)
    if (diff !== 0) return diff
  }
  if (i >= a.length && j >= b.length) return 0
  return i < a.length ? 1 : -1
}

export const rpm: Ordering<RpmKey> = {
  parse(value) {
    const version = value.trim()
    if (version === '') return undefined
    const colon = version.indexOf(':')
    const epoch = colon === -1 ? '0' : version.slice(0, colon) || '0'
    const rest = colon === -1 ? version : version.slice(colon + 1)
    const dash = rest.lastIndexOf('-')
    return dash === -1
      ? { epoch, version: rest, release: null }
      : { epoch, version: rest.slice(0, dash), release: rest.slice(dash + 1) }
  },
  compare(a, b) {
    const diff = rpmvercmp(a.epoch, b.epoch) || rpmvercmp(a.version, b.version)
    if (diff !== 0) return diff
    if (a.release === null) return b.release === null ? 0 : -1
    if (b.release === null) return 1
    return rpmvercmp(a.release, b.release)
  },
}
