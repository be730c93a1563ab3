import { XMLValidator } from 'fast-xml-parser'
import { BomNestingError, MAX_NESTING } from './convert.ts'
import { JsonSyntaxError, splitJsonBom, type SplitJsonBom } from './json-split.ts'
import { isSpecVersion, type SpecVersion } from './model.ts'
import { timeSlice, type TimeSlice } from '../../lib/time-slice.ts'
import { MAX_XML_DEPTH, xmlNestedTooDeeply } from './xml.ts'

/** Why an upload is refused: the `detail` and `errors` of the 400 problem document. */
export class InvalidBomError extends Error {
  constructor(
    readonly detail: string,
    readonly errors: string[] = [],
  ) {
    super(errors.length > 0 ? `${detail}: ${errors.join('; ')}` : detail)
  }
}

export type InspectedBom =
  | { format: 'JSON'; specVersion: SpecVersion; split: SplitJsonBom }
  | { format: 'XML'; specVersion: SpecVersion; text: string }

const NEITHER = 'BOM is neither valid JSON nor XML'
const NESTED_TOO_DEEPLY = 'The BOM is nested too deeply'
const CYCLONEDX_NAMESPACE = /^http:\/\/cyclonedx\.org\/schema\/bom\/(1\.\d+)$/
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false })

/** Bytes to text: UTF-8 only (as libxml2 and JSON require); a byte-order mark is dropped. */
export function decodeBom(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes)
  } catch {
    throw new InvalidBomError(NEITHER, ['The BOM is not valid UTF-8 text'])
  }
}

/**
 * Format and spec version, detected from the content the way Dependency-Track does. XML that
 * declares a document type is refused before any parser sees it: that is what stops external
 * entities (XXE) and entity-expansion bombs.
 */
export async function inspectBom(
  text: string,
  slice: TimeSlice = timeSlice(),
): Promise<InspectedBom> {
  const start = firstSignificantChar(text)
  if (start === '{') return inspectJson(text, slice)
  if (start === '<') return inspectXml(text)
  throw new InvalidBomError(NEITHER)
}

function firstSignificantChar(text: string) {
  for (let i = 0; i < text.length && i < 4096; i++) {
    const char = text[i]!
    if (char !== ' ' && char !== '\n' && char !== '\r' && char !== '\t') return char
  }
  return undefined
}

/** Errors of reading a BOM's content, as the invalid-BOM answer; anything else is rethrown. */
export function invalidBomFrom(error: unknown, format: 'JSON' | 'XML'): never {
  if (error instanceof InvalidBomError) throw error
  if (error instanceof BomNestingError || error instanceof RangeError) {
    throw new InvalidBomError(NESTED_TOO_DEEPLY, [error.message])
  }
  if (error instanceof JsonSyntaxError || format === 'XML') {
    throw new InvalidBomError(NEITHER, [`${format}: ${(error as Error).message}`])
  }
  throw error
}

async function inspectJson(text: string, slice: TimeSlice): Promise<InspectedBom> {
  let split: SplitJsonBom
  try {
    split = await splitJsonBom(text, slice)
  } catch (error) {
    invalidBomFrom(error, 'JSON')
  }
  const document = split.root
  const specVersion = document.specVersion
  if (specVersion === undefined || specVersion === null) {
    throw new InvalidBomError('Unable to determine schema version from JSON')
  }
  if (specVersion === '1.0' || specVersion === '1.1') {
    throw new InvalidBomError(`JSON is not supported for specVersion ${specVersion}`)
  }
  if (!isSpecVersion(specVersion)) {
    throw new InvalidBomError(`Unrecognized specVersion ${String(specVersion)}`)
  }
  if (document.bomFormat !== 'CycloneDX') {
    throw new InvalidBomError('Unsupported bomFormat', [
      `bomFormat must be "CycloneDX", got ${JSON.stringify(document.bomFormat ?? null)}`,
    ])
  }
  return { format: 'JSON', specVersion, split }
}

function inspectXml(text: string): InspectedBom {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw new InvalidBomError(NEITHER, [
      'XML: DOCTYPE and ENTITY declarations are not allowed (external entities and entity expansion are refused)',
    ])
  }
  const result = XMLValidator.validate(text, { allowBooleanAttributes: false })
  if (result !== true) {
    const { msg, line, col } = result.err
    throw new InvalidBomError(NEITHER, [`XML: ${msg} (line ${line}, column ${col})`])
  }
  if (xmlNestedTooDeeply(text)) {
    throw new InvalidBomError(NESTED_TOO_DEEPLY, [
      `XML elements are nested more than ${MAX_XML_DEPTH} levels deep: at most ${MAX_NESTING} ` +
        'levels of nested components or services are accepted',
    ])
  }
  const namespaces = rootNamespaces(text)
  for (const namespace of namespaces) {
    const version = CYCLONEDX_NAMESPACE.exec(namespace)?.[1]
    if (isSpecVersion(version)) return { format: 'XML', specVersion: version, text }
  }
  throw new InvalidBomError(
    `Unable to determine schema version from XML namespaces [${namespaces.join(', ')}]`,
  )
}

/** The namespaces declared on the root element, when that element is a `bom`. */
function rootNamespaces(text: string): string[] {
  let position = 0
  for (;;) {
    const open = text.indexOf('<', position)
    if (open < 0) return []
    const skip = text.startsWith('<?', open) ? '?>' : text.startsWith('<!--', open) ? '-->' : null
    if (skip) {
      const end = text.indexOf(skip, open)
      if (end < 0) return []
      position = end + skip.length
    } else {
      const close = text.indexOf('>', open)
      if (close < 0) return []
      const tag = text.slice(open + 1, close)
      const name = /^([\w.-]+:)?([\w.-]+)/.exec(tag)
      if (name?.[2] !== 'bom') return []
      const namespaces: string[] = []
      for (const match of tag.matchAll(/\sxmlns(?::[\w.-]+)?\s*=\s*(["'])(.*?)\1/g)) {
        namespaces.push(match[2]!)
      }
      return namespaces
    }
  }
}
