import { compareDigits, compareText, isDigits, type Ordering } from './ordering.ts'

/**
 * SemVer 2.0.0 precedence (Cargo, Hex, Swift, Pub, and Go through golang.ts), read leniently as
 * OSV data needs it: an optional leading "v", one to three numeric parts (missing ones are 0),
 * numbers of any size, "+build" ignored for precedence. Further ".N" parts (1.2.3.4, not
 * SemVer) break ties after the first three rather than being ignored, so 1.2.3.4 < 1.2.3.5.
 */
export interface SemverKey {
  core: string[]
  pre: string[] | null
}

const SHAPE =
  /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?((?:\.\d+)*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z.+-]*)?$/

export function parseSemver(version: string): SemverKey | undefined {
  const m = SHAPE.exec(version.trim())
  if (!m) return undefined
  return {
    core: [m[1]!, m[2] ?? '0', m[3] ?? '0', ...(m[4] ? m[4].slice(1).split('.') : [])],
    pre: m[5] === undefined ? null : m[5].split('.'),
  }
}

/** Identifier order of §11: numbers by value, below alphanumerics, which compare in ASCII. */
export function compareIdentifiers(a: string[], b: string[], fold = false): number {
  const common = Math.min(a.length, b.length)
  for (let i = 0; i < common; i++) {
    const x = a[i]!
    const y = b[i]!
    const xn = isDigits(x)
    const yn = isDigits(y)
    let diff: number
    if (xn && yn) diff = compareDigits(x, y)
    else if (xn) diff = -1
    else if (yn) diff = 1
    else diff = fold ? compareText(x.toLowerCase(), y.toLowerCase()) : compareText(x, y)
    if (diff !== 0) return diff
  }
  return Math.sign(a.length - b.length)
}

export function compareSemver(a: SemverKey, b: SemverKey): number {
  const parts = Math.max(a.core.length, b.core.length)
  for (let i = 0; i < parts; i++) {
    const diff = compareDigits(a.core[i] ?? '0', b.core[i] ?? '0')
    if (diff !== 0) return diff
  }
  if (a.pre === null) return b.pre === null ? 0 : 1
  if (b.pre === null) return -1
  return compareIdentifiers(a.pre, b.pre)
}

export const semver: Ordering<SemverKey> = { parse: parseSemver, compare: compareSemver }
