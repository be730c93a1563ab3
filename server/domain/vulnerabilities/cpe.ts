import { CPE_PATTERN } from '../components/schemas.ts'

/** A CPE in both bindings with its eleven attributes (formatted-string values, `*` = ANY). */
export interface ParsedCpe {
  cpe22: string
  cpe23: string
  part: string
  vendor: string
  product: string
  version: string
  update: string
  edition: string
  language: string
  swEdition: string
  targetSw: string
  targetHw: string
  other: string
}

const ATTRIBUTES = [
  'part',
  'vendor',
  'product',
  'version',
  'update',
  'edition',
  'language',
  'swEdition',
  'targetSw',
  'targetHw',
  'other',
] as const

/** Splits a CPE 2.3 formatted string on the colons that are not escaped. */
function splitFormatted(text: string) {
  const parts: string[] = []
  let current = ''
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!
    if (char === '\\' && i + 1 < text.length) {
      current += char + text[++i]
    } else if (char === ':') {
      parts.push(current)
      current = ''
    } else current += char
  }
  parts.push(current)
  return parts
}

const unescape = (value: string) => value.replace(/\\(.)/g, '$1')
const escapeFormatted = (value: string) => value.replace(/[^A-Za-z0-9._-]/g, (c) => `\\${c}`)

/** A formatted-string value in the CPE 2.2 URI binding (ANY is empty). */
function toUriValue(value: string) {
  if (value === '*') return ''
  if (value === '-') return '-'
  return Array.from(new TextEncoder().encode(unescape(value)), (byte) => {
    const char = String.fromCharCode(byte)
    return /[A-Za-z0-9._-]/.test(char) ? char : `%${byte.toString(16).padStart(2, '0')}`
  }).join('')
}

function toFormattedValue(value: string) {
  if (value === '') return '*'
  if (value === '-') return '-'
  try {
    return escapeFormatted(decodeURIComponent(value))
  } catch {
    return escapeFormatted(value)
  }
}

function fromAttributes(values: string[]): ParsedCpe {
  const attributes = Object.fromEntries(ATTRIBUTES.map((name, i) => [name, values[i] ?? '*']))
  const uri = values.slice(0, 7).map(toUriValue)
  const extended = values.slice(7, 11)
  if (extended.some((value) => value !== '*')) {
    uri[5] = `~${[values[5]!, ...extended].map(toUriValue).join('~')}`
  }
  while (uri.length > 1 && uri[uri.length - 1] === '') uri.pop()
  return {
    ...(attributes as Omit<ParsedCpe, 'cpe22' | 'cpe23'>),
    cpe22: `cpe:/${uri.join(':')}`,
    cpe23: `cpe:2.3:${values.join(':')}`,
  }
}

/**
 * Parses a CPE 2.3 formatted string or a CPE 2.2 URI (NIST's patterns) into both bindings and
 * its attributes; undefined when it is neither.
 */
export function parseCpe(text: string): ParsedCpe | undefined {
  const cpe = text.trim()
  if (!CPE_PATTERN.test(cpe)) return undefined
  if (cpe.startsWith('cpe:2.3:')) {
    const values = splitFormatted(cpe.slice('cpe:2.3:'.length))
    return values.length === 11 ? fromAttributes(values) : undefined
  }
  const uri = cpe.slice('cpe:/'.length).split(':')
  const values = Array.from({ length: 11 }, () => '*')
  uri.forEach((value, i) => {
    if (i === 5 && value.startsWith('~')) {
      const [, edition = '', swEdition = '', targetSw = '', targetHw = '', other = ''] =
        value.split('~')
      ;[edition, swEdition, targetSw, targetHw, other].forEach((packed, j) => {
        values[j === 0 ? 5 : j + 6] = toFormattedValue(packed)
      })
    } else values[i] = toFormattedValue(value)
  })
  values[0] = values[0]!.toLowerCase()
  return fromAttributes(values)
}
