import { compareDigits, compareText, type Ordering } from './ordering.ts'

/**
 * RubyGems' Gem::Version: "-" means ".pre.", segments are runs of digits or letters, trailing
 * zeros of the numeric and of the string part are dropped (canonical segments); a string
 * segment sorts below any number, so 1.0.a < 1.0 < 1.0.1.
 */
type Segment = string // digits, or letters prefixed with "~" so the kind is one char test

// Gem::Version's pattern, also allowing letters straight after a number ("1beta"), which
// RubyGems rejects but advisories use; its segments read the same either way.
const VALID = /^[0-9][0-9a-zA-Z]*(?:\.[0-9a-zA-Z]+)*(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/

function isNumber(s: Segment): boolean {
  return s.charCodeAt(0) !== 126
}

function dropZeros(segments: Segment[]): Segment[] {
  let end = segments.length
  while (end > 0 && isNumber(segments[end - 1]!) && /^0+$/.test(segments[end - 1]!)) end--
  return segments.slice(0, end)
}

function parse(version: string): Segment[] | undefined {
  let value = version.trim()
  if (value === '') value = '0'
  if (!VALID.test(value)) return undefined
  value = value.replace(/-/g, '.pre.')
  const segments = (value.match(/[0-9]+|[a-z]+/gi) ?? []).map((s) => (/^\d/.test(s) ? s : `~${s}`))
  const firstString = segments.findIndex((s) => !isNumber(s))
  if (firstString === -1) return dropZeros(segments)
  return [...dropZeros(segments.slice(0, firstString)), ...dropZeros(segments.slice(firstString))]
}

function compare(a: Segment[], b: Segment[]): number {
  const limit = Math.max(a.length, b.length)
  for (let i = 0; i < limit; i++) {
    const x = a[i] ?? '0'
    const y = b[i] ?? '0'
    if (x === y) continue
    const xn = isNumber(x)
    const yn = isNumber(y)
    if (xn && yn) {
      const diff = compareDigits(x, y)
      if (diff !== 0) return diff
      continue
    }
    if (!xn && yn) return -1
    if (xn && !yn) return 1
    return compareText(x, y)
  }
  return 0
}

export const gem: Ordering<Segment[]> = { parse, compare }
