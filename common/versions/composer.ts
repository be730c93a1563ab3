import { compareDigits, isDigits, type Ordering } from './ordering.ts'

/**
 * Composer/Packagist: composer's normalisation (a leading v dropped, "-", "_", "+" as ".", a dot
 * between digits and letters) then PHP's version_compare: numbers by value; special forms
 * dev < alpha/a < beta/b < RC/rc < "#" (a number) < pl/p; any other word counts as dev;
 * a longer version wins when its next part is a number, else its tail is weighed against "#".
 */
const SPECIALS = ['dev', 'a', 'b', 'rc', '#', 'p']
const INT64_MAX = '9223372036854775807'

function weight(part: string): number {
  if (part.startsWith('RC')) return 3
  const index = SPECIALS.findIndex((s) => part.startsWith(s))
  return index === -1 ? 0 : index
}

// PHP's own integer test for the "longer side" rule stops at 64-bit integers.
const isInt = (s: string) => isDigits(s) && compareDigits(s, INT64_MAX) <= 0

function compareParts(a: string[], b: string[]): number {
  const common = Math.min(a.length, b.length)
  for (let i = 0; i < common; i++) {
    const x = a[i]!
    const y = b[i]!
    const xn = isDigits(x)
    const yn = isDigits(y)
    const diff =
      xn && yn ? compareDigits(x, y) : Math.sign(weight(xn ? '#' : x) - weight(yn ? '#' : y))
    if (diff !== 0) return diff
  }
  if (a.length > b.length) return isInt(a[b.length]!) ? 1 : compareParts(a.slice(b.length), ['#'])
  if (a.length < b.length) return isInt(b[a.length]!) ? -1 : compareParts(['#'], b.slice(a.length))
  return 0
}

function parse(version: string): string[] | undefined {
  let value = version.trim()
  if (value === '') return undefined
  if (value.startsWith('v')) value = value.slice(1)
  if (value.startsWith('V')) value = value.slice(1)
  value = value
    .replace(/[-_+]/g, '.')
    .replace(/([^\d.])(\d)/g, '$1.$2')
    .replace(/(\d)([^\d.])/g, '$1.$2')
  return value.split('.')
}

export const composer: Ordering<string[]> = { parse, compare: compareParts }
