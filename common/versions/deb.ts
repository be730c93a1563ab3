import { compareDigits, type Ordering } from './ordering.ts'

/**
 * Debian (dpkg): [epoch:]upstream[-revision]. Non-digit runs compare character by character
 * with "~" below everything (even the end), letters below other symbols; digit runs by value.
 * A missing revision equals "0".
 */
interface DebKey {
  epoch: string
  upstream: string
  revision: string
}

const SHAPE = /^(?:(\d+):)?([A-Za-z0-9.+~:-]+?)(?:-([A-Za-z0-9.+~]+))?$/

function order(s: string, i: number): number {
  if (i >= s.length) return 0
  const c = s.charCodeAt(i)
  if (c >= 48 && c <= 57) return 0
  if (c === 126) return -1 // ~
  if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) return c
  return c + 256
}

const isDigit = (s: string, i: number) =>
  i < s.length && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57

/** dpkg's verrevcmp. */
export function verrevcmp(a: string, b: string): number {
  let i = 0
  let j = 0
  while (i < a.length || j < b.length) {
    while ((i < a.length && !isDigit(a, i)) || (j < b.length && !isDigit(b, j))) {
      const diff = order(a, i) - order(b, j)
      if (diff !== 0) return Math.sign(diff)
      i++
      j++
    }
    const si = i
    const sj = j
    while (isDigit(a, i)) i++
    while (isDigit(b, j)) j++
    const diff = compareDigits(a.slice(si, i) || '0', b.slice(sj, j) || '0')
    if (diff !== 0) return diff
  }
  return 0
}

export const deb: Ordering<DebKey> = {
  parse(version) {
    const m = SHAPE.exec(version.trim())
    if (!m || (m[1] === undefined && m[2]!.includes(':'))) return undefined
    return { epoch: m[1] ?? '0', upstream: m[2]!, revision: m[3] ?? '' }
  },
  compare: (a, b) =>
    compareDigits(a.epoch, b.epoch) ||
    verrevcmp(a.upstream, b.upstream) ||
    verrevcmp(a.revision, b.revision),
}
