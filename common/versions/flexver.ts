import { compareDigits, sign, type Ordering } from './ordering.ts'

/**
 * FlexVer 1.1 (github.com/unascribed/FlexVer, SPEC.md), the comparator 4.13's console uses for
 * its outdated indicators: a version is cut into runs of digits and runs of other characters; a
 * `-` starts a new run (a pre-release when more than the dash), everything from the first `+` on
 * is ignored. Runs compare pairwise: two numbers by value, anything else by code point. A missing
 * run sorts below any other, except below a pre-release, which it tops (`1.5-pre1 < 1.5`).
 */
type Kind = 'numeric' | 'text' | 'prerelease'

interface Run {
  kind: Kind
  text: string
  codePoints: number[]
}

const DASH = 0x2d
const PLUS = 0x2b
const isDigit = (codePoint: number) => codePoint >= 0x30 && codePoint <= 0x39

function run(numeric: boolean, codePoints: number[]): Run {
  const kind: Kind = numeric
    ? 'numeric'
    : codePoints.length > 1 && codePoints[0] === DASH
      ? 'prerelease'
      : 'text'
  return { kind, text: String.fromCodePoint(...codePoints), codePoints }
}

export function decompose(version: string): Run[] {
  const runs: Run[] = []
  let current: number[] = []
  let numeric = false
  for (const char of version) {
    const codePoint = char.codePointAt(0)!
    if (codePoint === PLUS) break
    const digit = isDigit(codePoint)
    const startsPrerelease = codePoint === DASH && current.length > 0 && current[0] !== DASH
    if (current.length > 0 && (digit !== numeric || startsPrerelease)) {
      runs.push(run(numeric, current))
      current = []
    }
    if (current.length === 0) numeric = digit
    current.push(codePoint)
  }
  if (current.length > 0) runs.push(run(numeric, current))
  return runs
}

function compareCodePoints(a: number[], b: number[]): number {
  const common = Math.min(a.length, b.length)
  for (let i = 0; i < common; i++) {
    if (a[i] !== b[i]) return sign(a[i]! - b[i]!)
  }
  return sign(a.length - b.length)
}

function compareRuns(a: Run | undefined, b: Run | undefined): number {
  if (a === undefined) return b === undefined ? 0 : b.kind === 'prerelease' ? 1 : -1
  if (b === undefined) return a.kind === 'prerelease' ? -1 : 1
  if (a.kind === 'numeric' && b.kind === 'numeric') return compareDigits(a.text, b.text)
  return compareCodePoints(a.codePoints, b.codePoints)
}

export const flexver: Ordering<Run[]> = {
  parse: decompose,
  compare(a, b) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const diff = compareRuns(a[i], b[i])
      if (diff !== 0) return diff
    }
    return 0
  },
}

/**
 * 4.13's console `compareVersions(a, b)` (dt-screens.md §22): a leading `v` is dropped; when
 * either side has an epoch (`2:1.0`) epochs compare first as numbers; the rest by FlexVer.
 */
export function compareLikeConsole(a: string, b: string): number {
  const [epochA, restA] = splitEpoch(a.replace(/^v/, ''))
  const [epochB, restB] = splitEpoch(b.replace(/^v/, ''))
  if (epochA !== epochB) return sign(epochA - epochB)
  return flexver.compare(decompose(restA), decompose(restB))
}

function splitEpoch(version: string): [number, string] {
  const colon = version.indexOf(':')
  if (colon < 0) return [0, version]
  const epoch = Number.parseInt(version.slice(0, colon), 10)
  return [Number.isFinite(epoch) ? epoch : 0, version.slice(colon + 1)]
}
