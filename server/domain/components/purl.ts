import { PackageURL } from 'packageurl-js'
import { PURL_MAX } from '../column-sizes.ts'

export interface ParsedPurl {
  /** Canonical form, qualifiers and subpath included. */
  purl: string
  /** Canonical form without qualifiers and subpath. */
  coordinates: string
}

export interface PurlParts {
  type: string | null
  namespace: string | null
  name: string | null
  version: string | null
  qualifiers: Record<string, string> | null
  subpath: string | null
}

/** Types whose names the purl specification declares case-insensitive, beyond packageurl-js's. */
const LOWERCASE_NAME = new Set(['brew'])
const LOWERCASE_NAMESPACE_AND_NAME = new Set(['git'])

const UNRESERVED = /[A-Za-z0-9.\-_~:]/
const NOTHING_TO_ENCODE = /^[A-Za-z0-9.\-_~:]*$/

/**
 * The specification's percent-encoding: everything but the unreserved characters and the colon,
 * which is never encoded (packageurl-js 2.0.1 encodes it in qualifier values, leaves `+` as is in
 * versions and keeps `/` in qualifier values: all three differ from the specification's tests).
 * Analysis canonicalizes every component's purl, so the common cases take the short way.
 */
function encode(text: string) {
  if (NOTHING_TO_ENCODE.test(text)) return text
  try {
    // encodeURIComponent spares !'()* (the specification encodes them) and encodes the colon.
    return encodeURIComponent(text)
      .replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
      .replaceAll('%3A', ':')
  } catch {
    // A lone surrogate: encoded as the UTF-8 of U+FFFD, as TextEncoder does.
    return Array.from(new TextEncoder().encode(text), (byte) => {
      const char = String.fromCharCode(byte)
      return UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
    }).join('')
  }
}

const segments = (path: string) =>
  path
    .split('/')
    .filter((segment) => segment !== '')
    .map(encode)
    .join('/')

function format(purl: PackageURL, withQualifiersAndSubpath: boolean) {
  let text = `pkg:${purl.type}/`
  if (purl.namespace) text += `${segments(purl.namespace)}/`
  text += encode(purl.name)
  if (purl.version) text += `@${encode(purl.version)}`
  if (!withQualifiersAndSubpath) return text
  const qualifiers = Object.entries(purl.qualifiers ?? {})
    .filter(([, value]) => value !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  if (qualifiers.length > 0) {
    text += `?${qualifiers.map(([key, value]) => `${key}=${encode(value)}`).join('&')}`
  }
  if (purl.subpath) text += `#${segments(purl.subpath)}`
  return text
}

function normalise(purl: PackageURL) {
  if (LOWERCASE_NAME.has(purl.type) || LOWERCASE_NAMESPACE_AND_NAME.has(purl.type)) {
    purl.name = purl.name.toLowerCase()
  }
  if (LOWERCASE_NAMESPACE_AND_NAME.has(purl.type) && purl.namespace) {
    purl.namespace = purl.namespace.toLowerCase()
  }
  return purl
}

function canonicalForms(purl: PackageURL): ParsedPurl | undefined {
  normalise(purl)
  const canonical = format(purl, true)
  if (canonical.length > PURL_MAX) return undefined
  return { purl: canonical, coordinates: format(purl, false) }
}

function fromString(text: string) {
  return PackageURL.fromString(text.trim())
}

/**
 * Parses and checks a Package URL (per-type rules of packageurl-js) and answers its canonical
 * form; undefined when it is not a valid purl. The coordinates are cut from the canonical form,
 * not rebuilt: types such as conan only validate with their qualifiers.
 */
export function parsePurl(text: string | null | undefined): ParsedPurl | undefined {
  const trimmed = text?.trim()
  if (!trimmed || trimmed.length > PURL_MAX) return undefined
  try {
    return canonicalForms(fromString(trimmed))
  } catch {
    return undefined
  }
}

/** A purl built from its parts, as the specification's "build" tests do. */
export function buildPurl(parts: PurlParts): ParsedPurl | undefined {
  try {
    return canonicalForms(
      new PackageURL(
        parts.type ?? '',
        parts.namespace,
        parts.name ?? '',
        parts.version,
        parts.qualifiers,
        parts.subpath,
      ),
    )
  } catch {
    return undefined
  }
}

/** The parts of a valid purl, normalised; undefined when it is not a valid purl. */
export function purlParts(text: string): PurlParts | undefined {
  try {
    const purl = normalise(fromString(text))
    return {
      type: purl.type,
      namespace: purl.namespace ?? null,
      name: purl.name,
      version: purl.version ?? null,
      qualifiers:
        purl.qualifiers && Object.keys(purl.qualifiers).length > 0 ? purl.qualifiers : null,
      subpath: purl.subpath ?? null,
    }
  } catch {
    return undefined
  }
}

export const isPurl = (text: string) => parsePurl(text) !== undefined

/** Stored purls serialize canonically; an unparsable one is left out of the JSON. */
export const canonicalPurl = (text: string | null | undefined) => parsePurl(text)?.purl

/**
 * Stored coordinates serialize canonically too. Some do not validate on their own (a conan purl
 * with a namespace needs its channel qualifier), so those are answered as stored: they were cut
 * from a canonical purl.
 */
export const canonicalCoordinates = (text: string | null | undefined) =>
  parsePurl(text)?.coordinates ??
  (text && /^pkg:[a-z][a-z0-9.+-]*\/[^?#\s]+$/.test(text) ? text : undefined)
