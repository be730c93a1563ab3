import { promisify } from 'node:util'
import { gunzip } from 'node:zlib'
import { XMLParser } from 'fast-xml-parser'
import yauzl from 'yauzl'
import { decodeBom, inspectBom, InvalidBomError } from '../bom/inspect.ts'
import { validateJsonBom, validateXmlBom } from '../bom/schema.ts'
import { MAX_XML_DEPTH, xmlBomToJson } from '../bom/xml.ts'

/** An uploaded VEX: CycloneDX (JSON or XML, read into the JSON shape) or OpenVEX (JSON). */
export type ParsedVex =
  | { kind: 'CYCLONEDX'; format: 'JSON' | 'XML'; specVersion: string; document: Json }
  | { kind: 'OPENVEX'; specVersion: string; document: Json }

type Json = Record<string, unknown>

const gunzipAsync = promisify(gunzip)
// A VEX unpacked from an archive may be at most this large.
const MAX_UNPACKED_BYTES = 64 * 1024 * 1024

function zipFirstEntry(bytes: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('unreadable zip'))
      zip.on('error', reject)
      zip.on('end', () => reject(new Error('the archive holds no file')))
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry()
        if (entry.uncompressedSize > MAX_UNPACKED_BYTES) {
          return reject(new Error('the archived file is too large'))
        }
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('unreadable entry'))
          const parts: Buffer[] = []
          stream.on('data', (part: Buffer) => parts.push(part))
          stream.on('error', reject)
          stream.on('end', () => {
            zip.close()
            resolve(Buffer.concat(parts))
          })
        })
      })
      zip.readEntry()
    })
  })
}

/** §7.2: an archive (gzip or zip: its first file) is unpacked first; the text is UTF-8. */
export async function unpackVex(bytes: Buffer): Promise<string> {
  try {
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
      bytes = await gunzipAsync(bytes, { maxOutputLength: MAX_UNPACKED_BYTES })
    } else if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) {
      bytes = await zipFirstEntry(bytes)
    }
  } catch (error) {
    throw new InvalidBomError('BOM is neither valid JSON nor XML', [
      `The archive could not be unpacked: ${(error as Error).message}`,
    ])
  }
  return decodeBom(bytes)
}

const OPENVEX_CONTEXT = /^https:\/\/openvex\.dev\/ns(?:\/v([\d.]+))?/

/** The OpenVEX version named by `@context`, when the text is an OpenVEX document. */
function openVexVersion(text: string): { version: string; document: Json } | undefined {
  if (!text.includes('openvex.dev/ns')) return undefined
  let document: unknown
  try {
    document = JSON.parse(text)
  } catch {
    return undefined
  }
  const context = (document as Json | null)?.['@context']
  const match = typeof context === 'string' ? OPENVEX_CONTEXT.exec(context) : null
  return match ? { version: match[1] ?? '0.2.0', document: document as Json } : undefined
}

function checkOpenVex(document: Json) {
  const errors: string[] = []
  if (!Array.isArray(document.statements)) errors.push('$.statements: an array is required')
  for (const [index, statement] of (Array.isArray(document.statements)
    ? document.statements
    : []
  ).entries()) {
    const s = statement as Json | null
    if (!s || typeof s !== 'object') {
      errors.push(`$.statements[${index}]: an object is required`)
      continue
    }
    const vulnerability = s.vulnerability as Json | undefined
    if (typeof vulnerability?.name !== 'string' && typeof vulnerability?.['@id'] !== 'string')
      errors.push(`$.statements[${index}].vulnerability: a name is required`)
    if (typeof s.status !== 'string') errors.push(`$.statements[${index}].status: required`)
  }
  if (errors.length > 0) throw new InvalidBomError('Schema validation failed', errors)
}

/**
 * Detects and reads a VEX, with the BOM upload's checks (§1.3): format and version first, then
 * the CycloneDX schema when `validate`. OpenVEX is detected by its `@context`.
 */
export async function parseVex(text: string, validate: boolean): Promise<ParsedVex> {
  const openVex = openVexVersion(text)
  if (openVex) {
    if (validate) checkOpenVex(openVex.document)
    return { kind: 'OPENVEX', specVersion: openVex.version, document: openVex.document }
  }
  const inspected = await inspectBom(text)
  if (inspected.format === 'JSON') {
    inspected.split.text = ''
    // The inspection split the text for large BOMs; a VEX is read whole.
    const whole = JSON.parse(text) as Json
    if (validate) {
      const errors = validateJsonBom(inspected.specVersion, whole)
      if (errors.length > 0) throw new InvalidBomError('Schema validation failed', errors)
    }
    return {
      kind: 'CYCLONEDX',
      format: 'JSON',
      specVersion: inspected.specVersion,
      document: whole,
    }
  }
  if (validate) {
    const errors = await validateXmlBom(inspected.specVersion, inspected.text)
    if (errors.length > 0) throw new InvalidBomError('Schema validation failed', errors)
  }
  const document = xmlBomToJson(inspected.text, inspected.specVersion)
  document.vulnerabilities = xmlVulnerabilities(inspected.text)
  return { kind: 'CYCLONEDX', format: 'XML', specVersion: inspected.specVersion, document }
}

const parser = new XMLParser({
  maxNestedTags: MAX_XML_DEPTH,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  removeNSPrefix: true,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  htmlEntities: true,
  processEntities: true,
  isArray: (name) => ['vulnerability', 'response', 'target', 'rating', 'cwe'].includes(name),
})

const obj = (value: unknown): Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {}
const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
const str = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value
  const inner = obj(value)['#text']
  return typeof inner === 'string' ? inner : undefined
}

/** The XML `vulnerabilities` in the JSON shape, as far as VEX import reads them. */
function xmlVulnerabilities(xml: string): Json[] {
  const bom = obj(obj(parser.parse(xml)).bom)
  return arr(obj(bom.vulnerabilities).vulnerability).map((item) => {
    const v = obj(item)
    const analysis = v.analysis === undefined ? undefined : obj(v.analysis)
    return {
      'bom-ref': str(v['@bom-ref']),
      id: str(v.id),
      source: v.source === undefined ? undefined : { name: str(obj(v.source).name) },
      analysis: analysis && {
        state: str(analysis.state),
        justification: str(analysis.justification),
        response: arr(obj(analysis.responses).response).map(str),
        detail: str(analysis.detail),
      },
      affects: arr(obj(v.affects).target).map((target) => ({ ref: str(obj(target).ref) })),
    }
  })
}
