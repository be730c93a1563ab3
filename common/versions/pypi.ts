import { compareDigits, compareText, isDigits, type Ordering } from './ordering.ts'

/**
 * PyPI: PEP 440 (epoch, release padded with zeros, pre a < b < rc, post, dev, local segments:
 * numbers above words, more segments greater). Strings outside PEP 440 are the legacy versions
 * setuptools still orders (LegacyVersion), all below every PEP 440 version.
 */
interface Pep440Key {
  legacy: string | null
  epoch: string
  release: string[]
  pre: [number, string] | null
  post: string | null
  dev: string | null
  local: string[]
}

const PEP440 =
  /^\s*v?(?:(\d+)!)?(\d+(?:\.\d+)*)(?:[-_.]?(a|b|c|rc|alpha|beta|pre|preview)[-_.]?(\d+)?)?(?:-(\d+)|[-_.]?(post|rev|r)[-_.]?(\d+)?)?(?:[-_.]?(dev)[-_.]?(\d+)?)?(?:\+([a-z0-9]+(?:[-_.][a-z0-9]+)*))?\s*$/
const PRE: Record<string, number> = {
  a: 0,
  alpha: 0,
  b: 1,
  beta: 1,
  c: 2,
  rc: 2,
  pre: 2,
  preview: 2,
}
const LEGACY_WORDS: Record<string, string> = {
  pre: 'c',
  preview: 'c',
  '-': 'final-',
  rc: 'c',
  dev: '@',
}

/** setuptools' legacy key: numbers zero-padded, words starred, zero runs and "final-" trimmed. */
function legacyKey(value: string): string {
  const parts: string[] = []
  for (const raw of [...(value.match(/\d+|[a-z]+|\.|-/g) ?? []), 'final']) {
    if (raw === '.') continue
    let part = LEGACY_WORDS[raw] ?? raw
    part = /^\d/.test(part) ? part.padStart(8, '0') : `*${part}`
    if (part.startsWith('*')) {
      if (part < '*final') while (parts.at(-1) === '*final-') parts.pop()
      while (parts.at(-1) === '00000000') parts.pop()
    }
    parts.push(part)
  }
  return parts.join('')
}

function parse(version: string): Pep440Key | undefined {
  const value = version.toLowerCase()
  if (value.trim() === '') return undefined
  const m = PEP440.exec(value)
  if (!m) {
    return {
      legacy: legacyKey(value),
      epoch: '0',
      release: [],
      pre: null,
      post: null,
      dev: null,
      local: [],
    }
  }
  const release = m[2]!.split('.')
  while (release.length > 1 && /^0+$/.test(release.at(-1)!)) release.pop()
  return {
    legacy: null,
    epoch: m[1] ?? '0',
    release,
    pre: m[3] ? [PRE[m[3]]!, m[4] ?? '0'] : null,
    post: m[5] ?? (m[6] ? (m[7] ?? '0') : null),
    dev: m[8] ? (m[9] ?? '0') : null,
    local: m[10] ? m[10].split(/[-_.]/) : [],
  }
}

/** Absent parts as PEP 440 orders them: a bare dev release sits below every pre-release. */
function comparePre(a: Pep440Key, b: Pep440Key): number {
  const rank = (k: Pep440Key) => (k.pre ? 1 : k.post === null && k.dev !== null ? 0 : 2)
  const diff = rank(a) - rank(b)
  if (diff !== 0 || !a.pre || !b.pre) return Math.sign(diff)
  return Math.sign(a.pre[0] - b.pre[0]) || compareDigits(a.pre[1], b.pre[1])
}

function compareOptional(a: string | null, b: string | null, absentHigh: boolean): number {
  if (a === null) return b === null ? 0 : absentHigh ? 1 : -1
  if (b === null) return absentHigh ? -1 : 1
  return compareDigits(a, b)
}

function compareLocal(a: string[], b: string[]): number {
  const common = Math.min(a.length, b.length)
  for (let i = 0; i < common; i++) {
    const xn = isDigits(a[i]!)
    const yn = isDigits(b[i]!)
    const diff =
      xn && yn ? compareDigits(a[i]!, b[i]!) : xn ? 1 : yn ? -1 : compareText(a[i]!, b[i]!)
    if (diff !== 0) return diff
  }
  return Math.sign(a.length - b.length)
}

function compareRelease(a: string[], b: string[]): number {
  const limit = Math.max(a.length, b.length)
  for (let i = 0; i < limit; i++) {
    const diff = compareDigits(a[i] ?? '0', b[i] ?? '0')
    if (diff !== 0) return diff
  }
  return 0
}

function compare(a: Pep440Key, b: Pep440Key): number {
  if (a.legacy !== null || b.legacy !== null) {
    if (a.legacy === null) return 1
    if (b.legacy === null) return -1
    return compareText(a.legacy, b.legacy)
  }
  return (
    compareDigits(a.epoch, b.epoch) ||
    compareRelease(a.release, b.release) ||
    comparePre(a, b) ||
    compareOptional(a.post, b.post, false) ||
    compareOptional(a.dev, b.dev, true) ||
    compareLocal(a.local, b.local)
  )
}

export const pypi: Ordering<Pep440Key> = { parse, compare }
