import { XMLParser } from 'fast-xml-parser'
import { MAX_NESTING } from './convert.ts'

/**
 * CycloneDX XML → the shape of CycloneDX JSON, for the parts Lookout stores. One converter
 * then serves both formats. DOCTYPE declarations never reach this parser (inspect.ts refuses
 * them), so only the predefined XML entities and character references are ever expanded.
 */
type Node = Record<string, unknown>
type Json = Record<string, unknown>

/**
 * The deepest element nesting accepted: each level of nested components (or services) takes two
 * elements (`component` and its `components` wrapper), so MAX_NESTING levels fit with room for
 * `bom`, `metadata` and the leaf's own fields. JSON and XML thus accept the same BOMs.
 */
export const MAX_XML_DEPTH = 2 * MAX_NESTING + 8

/**
 * Whether any element lies deeper than MAX_XML_DEPTH: one pass over well-formed XML (the
 * validator has run), skipping comments, CDATA, processing instructions and quoted attributes.
 */
export function xmlNestedTooDeeply(xml: string): boolean {
  let depth = 0
  let position = xml.indexOf('<')
  while (position >= 0 && position < xml.length) {
    const next = xml[position + 1]
    if (next === '?' || next === '!') {
      const end = xml.startsWith('<!--', position)
        ? xml.indexOf('-->', position) + 3
        : xml.startsWith('<![CDATA[', position)
          ? xml.indexOf(']]>', position) + 3
          : xml.indexOf('>', position) + 1
      if (end <= 0) return false
      position = xml.indexOf('<', end)
      continue
    }
    let cursor = position + 1
    let quote: string | undefined
    for (; cursor < xml.length; cursor++) {
      const char = xml[cursor]
      if (quote) {
        if (char === quote) quote = undefined
      } else if (char === '"' || char === "'") quote = char
      else if (char === '>') break
    }
    if (next === '/') depth--
    else if (xml[cursor - 1] !== '/' && ++depth > MAX_XML_DEPTH) return true
    position = xml.indexOf('<', cursor)
  }
  return false
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
  // Numeric character references are decoded only with htmlEntities on.
  htmlEntities: true,
  processEntities: true,
})

const list = (value: unknown): unknown[] =>
  value === undefined || value === null || value === ''
    ? []
    : Array.isArray(value)
      ? value
      : [value]

const node = (value: unknown): Node =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : {}

const first = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value)

function text(value: unknown): string | undefined {
  const single = first(value)
  if (typeof single === 'string') return single
  if (typeof single === 'number' || typeof single === 'boolean') return String(single)
  if (single && typeof single === 'object') {
    const inner = (single as Node)['#text']
    return inner === undefined ? undefined : String(inner)
  }
  return undefined
}

const attr = (value: unknown, name: string): string | undefined => {
  const raw = node(first(value))[`@${name}`]
  return raw === undefined ? undefined : String(raw)
}

function bool(value: unknown): boolean | undefined {
  const raw = text(value)?.trim()
  if (raw === 'true' || raw === '1') return true
  if (raw === 'false' || raw === '0') return false
  return undefined
}

/** Drops undefined fields so the result looks like parsed JSON. */
function compact(record: Json): Json {
  for (const key of Object.keys(record)) if (record[key] === undefined) delete record[key]
  return record
}

const children = (parent: unknown, wrapper: string, item: string) =>
  list(node(first(node(parent)[wrapper]))[item])

function contact(value: unknown): Json {
  const n = node(value)
  return compact({ name: text(n.name), email: text(n.email), phone: text(n.phone) })
}

function entity(value: unknown): Json | undefined {
  if (value === undefined) return undefined
  const n = node(first(value))
  return compact({
    name: text(n.name),
    url: list(n.url)
      .map(text)
      .filter((url) => url !== undefined),
    contact: list(n.contact).map(contact),
  })
}

function licenses(parent: Node): Json[] | undefined {
  const wrapper = node(first(parent.licenses))
  if (parent.licenses === undefined) return undefined
  const result: Json[] = list(wrapper.license).map((license) => {
    const n = node(license)
    return {
      license: compact({
        id: text(n.id),
        name: text(n.name),
        url: text(n.url),
      }),
    }
  })
  for (const expression of list(wrapper.expression)) result.push({ expression: text(expression) })
  return result
}

function externalReferences(parent: Node): Json[] | undefined {
  if (parent.externalReferences === undefined) return undefined
  return children(parent, 'externalReferences', 'reference').map((reference) =>
    compact({
      type: attr(reference, 'type'),
      url: text(node(reference).url),
      comment: text(node(reference).comment),
    }),
  )
}

function properties(parent: Node): Json[] | undefined {
  if (parent.properties === undefined) return undefined
  return children(parent, 'properties', 'property').map((property) =>
    compact({ name: attr(property, 'name'), value: text(property) }),
  )
}

function authors(parent: Node): Json[] | undefined {
  if (parent.authors === undefined) return undefined
  return children(parent, 'authors', 'author').map(contact)
}

function component(value: unknown): Json {
  const n = node(value)
  const swid = n.swid === undefined ? undefined : { tagId: attr(n.swid, 'tagId') }
  return compact({
    type: attr(n, 'type'),
    'bom-ref': attr(n, 'bom-ref'),
    supplier: entity(n.supplier),
    manufacturer: entity(n.manufacturer),
    authors: authors(n),
    author: text(n.author),
    publisher: text(n.publisher),
    group: text(n.group),
    name: text(n.name),
    version: text(n.version),
    description: text(n.description),
    scope: text(n.scope),
    hashes:
      n.hashes === undefined
        ? undefined
        : children(n, 'hashes', 'hash').map((hash) => ({
            alg: attr(hash, 'alg'),
            content: text(hash),
          })),
    licenses: licenses(n),
    copyright: text(n.copyright),
    cpe: text(n.cpe),
    purl: text(n.purl),
    swid,
    externalReferences: externalReferences(n),
    properties: properties(n),
    components:
      n.components === undefined
        ? undefined
        : children(n, 'components', 'component').map(component),
  })
}

function dataFlows(parent: Node): Json[] | undefined {
  if (parent.data === undefined) return undefined
  const data = node(first(parent.data))
  const classifications = [
    ...list(data.classification),
    ...list(data.dataflow).flatMap((flow) => list(node(flow).classification)),
  ]
  return classifications.map((classification) =>
    compact({ flow: attr(classification, 'flow'), classification: text(classification) }),
  )
}

function service(value: unknown): Json {
  const n = node(value)
  return compact({
    'bom-ref': attr(n, 'bom-ref'),
    provider: entity(n.provider),
    group: text(n.group),
    name: text(n.name),
    version: text(n.version),
    description: text(n.description),
    endpoints:
      n.endpoints === undefined
        ? undefined
        : children(n, 'endpoints', 'endpoint')
            .map(text)
            .filter((endpoint) => endpoint !== undefined),
    authenticated: bool(n.authenticated),
    'x-trust-boundary': bool(n['x-trust-boundary']),
    data: dataFlows(n),
    externalReferences: externalReferences(n),
    properties: properties(n),
    services:
      n.services === undefined ? undefined : children(n, 'services', 'service').map(service),
  })
}

function metadata(value: unknown): Json | undefined {
  if (value === undefined) return undefined
  const n = node(first(value))
  return compact({
    timestamp: text(n.timestamp),
    authors: authors(n),
    component: n.component === undefined ? undefined : component(first(n.component)),
    manufacture: entity(n.manufacture),
    manufacturer: entity(n.manufacturer),
    supplier: entity(n.supplier),
    licenses: licenses(n),
    properties: properties(n),
  })
}

/** Parses CycloneDX XML (any version 1.0–1.7) into the JSON document shape. */
export function xmlBomToJson(xml: string, specVersion: string): Json {
  const parsed = parser.parse(xml) as Node
  const bom = node(first(parsed.bom))
  const serialNumber = attr(bom, 'serialNumber')
  const version = attr(bom, 'version')
  return compact({
    bomFormat: 'CycloneDX',
    specVersion,
    serialNumber,
    version: version === undefined ? undefined : Number(version),
    metadata: metadata(bom.metadata),
    components: children(bom, 'components', 'component').map(component),
    services: children(bom, 'services', 'service').map(service),
    dependencies: children(bom, 'dependencies', 'dependency').map((dependency) => ({
      ref: attr(dependency, 'ref'),
      dependsOn: list(node(dependency).dependency)
        .map((inner) => attr(inner, 'ref'))
        .filter((ref) => ref !== undefined),
    })),
  })
}
