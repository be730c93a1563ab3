import { CPE_PATTERN } from '../components/schemas.ts'

/**
 * CPE 2.3 formatted strings (NISTIR 7695 §6.2): `cpe:2.3:part:vendor:product:version:update:
 * edition:language:sw_edition:target_sw:target_hw:other`, where a backslash quotes the next
 * character, `*` is ANY and `-` is NA. No maintained npm package parses them, so this module does,
 * with Dependency-Track's conventions: attributes are kept unquoted (`visual_c\+\+` →
 * `visual_c++`), ANY and NA stay `*` and `-`, and the CPE 2.2 URI is derived as 4.13's parser
 * binds it.
 */
export interface Cpe {
  part: 'a' | 'o' | 'h' | '*' | '-'
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
  /** The CPE 2.2 URI binding (`cpe:/a:vendor:product:version...`). */
  cpe22: string
}

const ATTRIBUTES = [
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

const PARTS = new Set(['a', 'o', 'h', '*', '-'])

/** Splits on the colons that are not quoted by a backslash; quoting stays in the pieces. */
function splitUnquoted(text: string): string[] {
  const pieces: string[] = []
  let start = 0
  for (let index = 0; index < text.length; index++) {
    const char = text[index]
    if (char === '\\') index++
    else if (char === ':') {
      pieces.push(text.slice(start, index))
      start = index + 1
    }
  }
  pieces.push(text.slice(start))
  return pieces
}

const unquote = (raw: string) => (raw.includes('\\') ? raw.replace(/\\(.)/gsu, '$1') : raw)

const URI_PLAIN = /[A-Za-z0-9._-]/

/** One attribute in the CPE 2.2 URI binding: ANY is empty, special characters percent-encoded. */
function uriComponent(raw: string): string {
  if (raw === '*' || raw === '') return ''
  if (raw === '-') return '-'
  let out = ''
  for (let index = 0; index < raw.length; index++) {
    let char = raw[index]!
    if (char === '\\' && index + 1 < raw.length) {
      char = raw[++index]!
      out += URI_PLAIN.test(char) ? char : percentEncode(char)
    } else if (char === '*') out += '%02'
    else if (char === '?') out += '%01'
    else out += URI_PLAIN.test(char) ? char : percentEncode(char)
  }
  return out
}

const percentEncode = (char: string) =>
  [...Buffer.from(char, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')

function cpe22Of(part: string, raw: readonly string[]): string {
  const [
    vendor,
    product,
    version,
    update,
    edition,
    language,
    swEdition,
    targetSw,
    targetHw,
    other,
  ] = raw.map(uriComponent)
  const extended = [swEdition, targetSw, targetHw, other].some((value) => value !== '')
  const packedEdition = extended
    ? `~${edition}~${swEdition}~${targetSw}~${targetHw}~${other}`
    : edition
  const uri = `cpe:/${part === '*' ? '' : part}:${vendor}:${product}:${version}:${update}:${packedEdition}:${language}`
  return uri.replace(/:+$/, '')
}

/** Parses a CPE 2.3 formatted string, or returns undefined when it is not one. */
export function parseCpe23(text: string): Cpe | undefined {
  if (!text.startsWith('cpe:2.3:')) return undefined
  const pieces = splitUnquoted(text)
  if (pieces.length !== 13) return undefined
  const part = pieces[2]!
  if (!PARTS.has(part)) return undefined
  const raw = pieces.slice(3)
  if (raw.some((piece) => piece === '' || /\s/.test(piece)) || /(^|[^\\])(\\\\)*\\$/.test(text)) {
    return undefined
  }
  const cpe = { part: part as Cpe['part'], cpe22: cpe22Of(part, raw) } as Cpe
  ATTRIBUTES.forEach((name, index) => {
    cpe[name] = unquote(raw[index]!)
  })
  return cpe
}

/** A CPE in both bindings: the 2.3 formatted string as well. */
export type ParsedCpe = Cpe & { cpe23: string }

/** A CPE 2.2 URI value as a 2.3 formatted-string value (ANY is `*`). */
function formattedValue(value: string) {
  if (value === '') return '*'
  if (value === '-') return '-'
  let decoded = value
  try {
    decoded = decodeURIComponent(value)
  } catch {
    // a stray % stays as it is
  }
  return decoded.replace(/[^A-Za-z0-9._-]/g, (c) => `\\${c}`)
}

/** The eleven 2.3 values of a CPE 2.2 URI, its packed edition unpacked. */
function valuesOfUri(uri: string): string[] {
  const values = Array.from({ length: 11 }, () => '*')
  uri
    .slice('cpe:/'.length)
    .split(':')
    .forEach((value, index) => {
      if (index === 5 && value.startsWith('~')) {
        const [, edition = '', swEdition = '', targetSw = '', targetHw = '', other = ''] =
          value.split('~')
        ;[edition, swEdition, targetSw, targetHw, other].forEach((packed, j) => {
          values[j === 0 ? 5 : j + 6] = formattedValue(packed)
        })
      } else if (index < 7) values[index] = formattedValue(value)
    })
  values[0] = values[0]!.toLowerCase()
  return values
}

/**
 * Parses a CPE 2.3 formatted string or a CPE 2.2 URI (NIST's patterns) into both bindings and
 * its attributes; undefined when it is neither.
 */
export function parseCpe(text: string): ParsedCpe | undefined {
  const cpe = text.trim()
  if (!CPE_PATTERN.test(cpe)) return undefined
  const cpe23 = cpe.startsWith('cpe:2.3:') ? cpe : `cpe:2.3:${valuesOfUri(cpe).join(':')}`
  const parsed = parseCpe23(cpe23)
  return parsed && { ...parsed, cpe23 }
}
