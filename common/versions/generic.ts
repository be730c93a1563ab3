import type { Ordering } from './ordering.ts'

/**
 * 4.13's generic ComponentVersion (dt-behaviour.md §2.5): numeric and short alphabetic tokens,
 * Ubuntu revisions dropped, a single trailing ".0" ignored. Used for CPE/NVD ranges and as the
 * fallback when a string is not a version of its ecosystem's scheme.
 */
const TOKEN = /\d+[a-z]{1,3}$|[a-z]{1,3}[_-]?\d+|\d+|(rc|release|snapshot|beta|alpha)$/gi
const UBUNTU = /^([0-9]+:)?(.*)(-[^-]+ubuntu[^-]+)$/

function tokens(version: string): string[] {
  let value = version.toLowerCase()
  const ubuntu = UBUNTU.exec(value)
  if (ubuntu) value = ubuntu[2]!
  const found = value.match(TOKEN)
  return found && found.length > 0 ? found : [version]
}

function compareTokens(left: string[], right: string[]): number {
  const common = Math.min(left.length, right.length)
  for (let i = 0; i < common; i++) {
    const x = left[i]!
    const y = right[i]!
    if (x === y) continue
    const nx = /^\d+$/.test(x) ? Number(x) : NaN
    const ny = /^\d+$/.test(y) ? Number(y) : NaN
    if (!Number.isNaN(nx) && !Number.isNaN(ny)) return nx - ny
    return x < y ? -1 : 1
  }
  if (left.length === right.length) return 0
  const longer = left.length > right.length ? left : right
  if (longer.length - common === 1 && longer[common] === '0') return 0
  return left.length - right.length
}

export const generic: Ordering<string[]> = {
  parse: (version) => (version.length > 0 ? tokens(version) : undefined),
  compare: compareTokens,
}
