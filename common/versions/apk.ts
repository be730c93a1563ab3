import { compareDigits, compareText, type Ordering } from './ordering.ts'

/**
 * Alpine (apk-tools): number{.number}...{letter}{_suffix{number}}...{~hash}{-r#}.
 * Numbers after the first compare as strings when either has a leading zero; no letter < a
 * letter; suffixes _alpha < _beta < _pre < _rc < none < _cvs < _svn < _git < _hg < _p;
 * hashes are ignored; -r revisions by value. apk still orders malformed strings: the valid
 * prefix decides, then a version with junk left over sorts below one without, and two
 * malformed versions compare as plain strings.
 */
interface ApkKey {
  original: string
  invalid: boolean
  numbers: string[]
  letter: string
  suffixes: [number, string][]
  revision: string
  remainder: string
}

const SUFFIXES = ['alpha', 'beta', 'pre', 'rc', '', 'cvs', 'svn', 'git', 'hg', 'p']
const NONE: [number, string] = [4, '0']

function parse(version: string): ApkKey | undefined {
  const original = version.trim()
  if (original === '') return undefined
  let rest = original
  const numbers = /^(?:\d+\.?)*/.exec(rest)![0]
  rest = rest.slice(numbers.length)
  const letter = /^[a-z]/.test(rest) ? rest[0]! : ''
  rest = rest.slice(letter.length)
  const suffixes: [number, string][] = []
  for (const m of rest.matchAll(/_(alpha|beta|pre|rc|cvs|svn|git|hg|p)(\d*)/g)) {
    suffixes.push([SUFFIXES.indexOf(m[1]!), m[2] || '0'])
    if (rest.startsWith(m[0])) rest = rest.slice(m[0].length)
  }
  rest = rest.replace(/^~[0-9a-f]+/, '')
  let revision = '0'
  let invalid = false
  if (rest !== '') {
    const m = /^-r(\d*)/.exec(rest)
    if (m) {
      revision = m[1] || '0'
      rest = rest.slice(m[0].length)
    } else invalid = true
  }
  return {
    original,
    invalid,
    numbers: numbers.split('.'),
    letter,
    suffixes,
    revision,
    remainder: rest,
  }
}

function compareNumber(a: string, b: string, index: number): number {
  if (index !== 0 && (a.startsWith('0') || b.startsWith('0'))) return compareText(a, b)
  return compareDigits(a || '0', b || '0')
}

function compare(a: ApkKey, b: ApkKey): number {
  if (a.invalid && b.invalid) return compareText(a.original, b.original)
  const count = Math.max(a.numbers.length, b.numbers.length)
  for (let i = 0; i < count; i++) {
    const diff = compareNumber(a.numbers[i] ?? '0', b.numbers[i] ?? '0', i)
    if (diff !== 0) return diff
  }
  if (a.letter !== b.letter)
    return a.letter === '' ? -1 : b.letter === '' ? 1 : compareText(a.letter, b.letter)
  const suffixes = Math.max(a.suffixes.length, b.suffixes.length)
  for (let i = 0; i < suffixes; i++) {
    const x = a.suffixes[i] ?? NONE
    const y = b.suffixes[i] ?? NONE
    const diff = Math.sign(x[0] - y[0]) || compareDigits(x[1], y[1])
    if (diff !== 0) return diff
  }
  const revision = compareDigits(a.revision, b.revision)
  if (revision !== 0) return revision
  if (a.remainder === '' && b.remainder !== '') return 1
  if (a.remainder !== '' && b.remainder === '') return -1
  return 0
}

export const apk: Ordering<ApkKey> = { parse, compare }
