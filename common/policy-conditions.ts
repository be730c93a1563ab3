import {
  CONDITION_HASH_ALGORITHMS,
  SEVERITIES,
  SUBJECT_OPERATORS,
  type ConditionOperator,
  type ConditionSubject,
} from './dt-vocabulary.ts'

/**
 * The values of policy conditions (dt-behaviour §3.3): how structured values are written, and
 * which values make sense for a subject. The 4.13 API stores any printable value up to 255
 * characters; the console's forms and Lookout's additive endpoints (bulk conditions, policy
 * import) refuse values that could never match, with the reason as a key under `policyCondition.problems`.
 */

export const CONDITION_VALUE_MAX_LENGTH = 255

export type ConditionValueProblem =
  | 'blank'
  | 'tooLong'
  | 'notPrintable'
  | 'operator'
  | 'period'
  | 'severity'
  | 'uuid'
  | 'license'
  | 'cwe'
  | 'decimal'
  | 'coordinates'
  | 'hash'
  | 'versionDistance'
  | 'pattern'

export interface Period {
  years: number
  months: number
  days: number
}

// java.time.Period.parse: optional sign, then P with at least one of Y, M, W, D (each signed).
const PERIOD = /^([-+]?)P(?:([-+]?\d+)Y)?(?:([-+]?\d+)M)?(?:([-+]?\d+)W)?(?:([-+]?\d+)D)?$/i

/** An ISO-8601 period as java.time.Period reads it (`P30D`, `P1Y6M`, `P2W`), or null. */
export function parseIsoPeriod(text: string): Period | null {
  const match = PERIOD.exec(text.trim())
  if (!match || match.slice(2).every((part) => part === undefined)) return null
  const sign = match[1] === '-' ? -1 : 1
  const part = (value: string | undefined) => sign * Number.parseInt(value ?? '0', 10) || 0
  return {
    years: part(match[2]),
    months: part(match[3]),
    days: part(match[4]) * 7 + part(match[5]),
  }
}

/** Periods of zero or less are ignored by the AGE condition (§3.3). */
export const isPositivePeriod = (period: Period) =>
  period.years * 365 + period.months * 30 + period.days > 0

export interface Coordinates {
  group?: string
  name?: string
  version?: string
}

export interface HashValue {
  algorithm: string
  value: string
}

/** One part of a version distance: a non-negative number, or absent (`?`, ignored). */
export interface VersionDistance {
  epoch?: string
  major?: string
  minor?: string
  patch?: string
}

const record = (text: string): Record<string, unknown> | null => {
  try {
    const parsed: unknown = JSON.parse(text)
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

const optionalText = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined

/** The COORDINATES value `{"group":…,"name":…,"version":…}`; blank parts left out. */
export function encodeCoordinates(coordinates: Coordinates): string {
  return JSON.stringify({
    group: optionalText(coordinates.group),
    name: optionalText(coordinates.name),
    version: optionalText(coordinates.version),
  })
}

export function decodeCoordinates(value: string): Coordinates | null {
  const parsed = record(value)
  if (!parsed) return null
  return {
    group: optionalText(parsed.group),
    name: optionalText(parsed.name),
    version: optionalText(parsed.version),
  }
}

export function encodeHash(hash: HashValue): string {
  return JSON.stringify({ algorithm: hash.algorithm, value: hash.value.trim() })
}

export function decodeHash(value: string): HashValue | null {
  const parsed = record(value)
  if (!parsed || typeof parsed.algorithm !== 'string' || typeof parsed.value !== 'string') {
    return null
  }
  return { algorithm: parsed.algorithm, value: parsed.value }
}

export const hashAlgorithmOf = (name: string) =>
  CONDITION_HASH_ALGORITHMS.find((algorithm) => algorithm.toLowerCase() === name.toLowerCase())

const DISTANCE_PARTS = ['epoch', 'major', 'minor', 'patch'] as const

/**
 * The VERSION_DISTANCE value as the 4.13 console writes it: every part a string, blank parts
 * left out; a negative epoch becomes 0 and a negative major or minor clears the parts after it.
 */
export function encodeVersionDistance(distance: VersionDistance): string {
  const out: Record<string, string> = {}
  let cleared = false
  for (const part of DISTANCE_PARTS) {
    const text = optionalText(distance[part])
    if (cleared || text === undefined) continue
    const number = Number.parseInt(text, 10)
    if (Number.isNaN(number)) continue
    if (number < 0) {
      if (part === 'epoch') out.epoch = '0'
      else cleared = true
      continue
    }
    out[part] = String(number)
  }
  return JSON.stringify(out)
}

export function decodeVersionDistance(value: string): VersionDistance | null {
  const parsed = record(value)
  if (!parsed) return null
  const distance: VersionDistance = {}
  for (const part of DISTANCE_PARTS) {
    const raw = parsed[part]
    if (raw === undefined || raw === null || raw === '' || raw === '?') continue
    const text = String(raw)
    if (!/^\d+$/.test(text)) return null
    distance[part] = text
  }
  return distance
}

/** CWE ids of a CWE condition (`CWE-79, 89`), or `'*'` for any CWE, or null when unreadable. */
export function parseCweList(value: string): number[] | '*' | null {
  if (value.trim() === '*') return '*'
  const ids = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => /^(?:CWE-)?(\d+)$/i.exec(part)?.[1])
  if (ids.length === 0 || ids.some((id) => id === undefined)) return null
  return ids.map(Number)
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
// Printable: no control characters other than tab and line breaks (the API's rule).
const PRINTABLE = /^(?:[^\p{Cc}]|[\t\r\n])*$/u

/** Whether a MATCHES/NO_MATCH pattern compiles once `*` is widened as the matcher does. */
function isPattern(value: string): boolean {
  try {
    new RegExp(value.replace(/\*/g, '.*'))
    return true
  } catch {
    return false
  }
}

/**
 * Why a condition value cannot work for its subject and operator, or null when it can.
 * Operators outside the subject's set are refused here, though 4.13's API accepts them.
 */
export function conditionValueProblem(
  subject: ConditionSubject,
  operator: ConditionOperator,
  value: string,
): ConditionValueProblem | null {
  const trimmed = value.trim()
  if (trimmed === '') return 'blank'
  if (trimmed.length > CONDITION_VALUE_MAX_LENGTH) return 'tooLong'
  if (!PRINTABLE.test(trimmed)) return 'notPrintable'
  if (!SUBJECT_OPERATORS[subject].includes(operator)) return 'operator'
  switch (subject) {
    case 'AGE': {
      const period = parseIsoPeriod(trimmed)
      return period && isPositivePeriod(period) ? null : 'period'
    }
    case 'SEVERITY':
      return (SEVERITIES as readonly string[]).includes(trimmed) ? null : 'severity'
    case 'LICENSE':
      return trimmed === 'unresolved' || UUID.test(trimmed) ? null : 'license'
    case 'LICENSE_GROUP':
      return UUID.test(trimmed) ? null : 'uuid'
    case 'CWE':
      return parseCweList(trimmed) === null ? 'cwe' : null
    case 'EPSS': {
      const score = Number(trimmed)
      return /^\d*\.?\d+$/.test(trimmed) && score >= 0 && score <= 1 ? null : 'decimal'
    }
    case 'COORDINATES': {
      const coordinates = decodeCoordinates(trimmed)
      return coordinates && (coordinates.group || coordinates.name || coordinates.version)
        ? null
        : 'coordinates'
    }
    case 'COMPONENT_HASH': {
      const hash = decodeHash(trimmed)
      return hash && hashAlgorithmOf(hash.algorithm) && /^[0-9a-f]+$/i.test(hash.value.trim())
        ? null
        : 'hash'
    }
    case 'VERSION_DISTANCE':
      return decodeVersionDistance(trimmed) === null ? 'versionDistance' : null
    case 'PACKAGE_URL':
    case 'CPE':
    case 'SWID_TAGID':
      return isPattern(trimmed) ? null : 'pattern'
    case 'VERSION':
    case 'VULNERABILITY_ID':
      return null
  }
}
