import { randomUUID } from 'node:crypto'
import { parsePurl, type ParsedPurl } from '../components/purl.ts'
import { parseSpdxExpression } from '../licenses/expression.ts'
import type { LicenseCandidate, LicenseChoice } from '../licenses/resolve.ts'
import {
  HASH_COLUMNS,
  type BomComponent,
  type BomService,
  type ComponentProperty,
  type ConvertedBom,
  type DataClassification,
  type ExternalReference,
  type HashColumn,
  type OrganizationalContact,
  type OrganizationalEntity,
  type ProjectPatch,
} from './model.ts'
import { CLASSIFIERS } from '../../../common/dt-vocabulary.ts'

/** CycloneDX (JSON document shape, also produced from XML) → Dependency-Track's model (§1.5). */

type Json = Record<string, unknown>

export { CLASSIFIERS }
const CLASSIFIER_SET = new Set<string>(CLASSIFIERS)

const HASH_BY_ALGORITHM: Record<string, HashColumn> = {
  md5: 'md5',
  'sha-1': 'sha1',
  'sha-256': 'sha256',
  'sha-384': 'sha384',
  'sha-512': 'sha512',
  'sha3-256': 'sha3_256',
  'sha3-384': 'sha3_384',
  'sha3-512': 'sha3_512',
  'blake2b-256': 'blake2b_256',
  'blake2b-384': 'blake2b_384',
  'blake2b-512': 'blake2b_512',
  blake3: 'blake3',
}

const SHORT = 255
const LONG = 1024

const record = (value: unknown): Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {}
const array = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

/**
 * Trimmed; blank → null. Numbers and booleans are accepted as text (validation may be off). NUL
 * characters are dropped: valid in JSON, PostgreSQL text cannot hold them.
 */
export function trimmed(value: unknown, max?: number): string | null {
  let text: string
  if (typeof value === 'string') {
    text = value.includes('\u0000') ? value.replaceAll('\u0000', '').trim() : value.trim()
  } else if (typeof value === 'number' || typeof value === 'boolean') {
    text = String(value)
  } else {
    return null
  }
  if (text === '') return null
  return max !== undefined && text.length > max ? text.slice(0, max) : text
}

function classifier(type: unknown, fallback: string): string {
  if (typeof type !== 'string') return fallback
  const name = type.trim().toUpperCase().replaceAll('-', '_')
  return CLASSIFIER_SET.has(name) ? name : fallback
}

export type CanonicalPurl = ParsedPurl

/** Canonical form, and the coordinates (no qualifiers, no subpath); null when invalid. */
export function canonicalPurl(value: unknown): CanonicalPurl | null {
  return parsePurl(trimmed(value)) ?? null
}

function contact(value: unknown): OrganizationalContact | null {
  const source = record(value)
  const result: OrganizationalContact = {}
  const name = trimmed(source.name)
  const email = trimmed(source.email)
  const phone = trimmed(source.phone)
  if (name !== null) result.name = name
  if (email !== null) result.email = email
  if (phone !== null) result.phone = phone
  return Object.keys(result).length > 0 ? result : null
}

function contacts(values: unknown[]): OrganizationalContact[] {
  const result: OrganizationalContact[] = []
  for (const value of values) {
    const converted = contact(value)
    if (converted) result.push(converted)
  }
  return result
}

function entity(value: unknown): OrganizationalEntity | null {
  if (value === undefined || value === null) return null
  const source = record(value)
  const result: OrganizationalEntity = {}
  const name = trimmed(source.name)
  if (name !== null) result.name = name
  const urls = array(source.url)
    .map((url) => trimmed(url))
    .filter((url): url is string => url !== null)
  if (urls.length > 0) result.urls = urls
  const people = contacts(array(source.contact))
  if (people.length > 0) result.contacts = people
  return Object.keys(result).length > 0 ? result : null
}

/** The legacy `author` string becomes a contact, followed by the `authors` entries. */
function authorsOf(source: Json): OrganizationalContact[] | null {
  const result: OrganizationalContact[] = []
  const legacy = trimmed(source.author)
  if (legacy !== null) result.push({ name: legacy })
  result.push(...contacts(array(source.authors)))
  return result.length > 0 ? result : null
}

function externalReferences(value: unknown): ExternalReference[] | null {
  const result: ExternalReference[] = []
  for (const item of array(value)) {
    const source = record(item)
    const url = trimmed(source.url)
    if (url === null) continue
    const reference: ExternalReference = { url }
    const type = trimmed(source.type)
    if (type !== null) reference.type = type
    const comment = trimmed(source.comment)
    if (comment !== null) reference.comment = comment
    result.push(reference)
  }
  return result.length > 0 ? result : null
}

function propertyValue(value: unknown): string | null {
  const text = trimmed(value)
  if (text === null || text.length <= LONG) return text
  return `${text.slice(0, LONG - 3)}...`
}

function properties(value: unknown): ComponentProperty[] {
  const result: ComponentProperty[] = []
  const seen = new Set<string>()
  for (const item of array(value)) {
    const source = record(item)
    const fullName = trimmed(source.name)
    if (fullName === null) continue
    const colon = fullName.indexOf(':')
    const group = colon < 0 ? null : fullName.slice(0, colon) || null
    const name = colon < 0 ? fullName : fullName.slice(colon + 1)
    if (name === '') continue
    const value = propertyValue(source.value)
    const key = `${group ?? '\u0001'}\u0000${name}\u0000${value ?? '\u0001'}`
    if (seen.has(key)) continue
    seen.add(key)
    result.push({ group, name, value })
  }
  return result
}

function emptyHashes(): Record<HashColumn, string | null> {
  const hashes = {} as Record<HashColumn, string | null>
  for (const column of HASH_COLUMNS) hashes[column] = null
  return hashes
}

function hashes(value: unknown): Record<HashColumn, string | null> {
  const result = emptyHashes()
  for (const item of array(value)) {
    const source = record(item)
    const algorithm = typeof source.alg === 'string' ? source.alg.trim().toLowerCase() : ''
    const column = HASH_BY_ALGORITHM[algorithm]
    const content = trimmed(source.content)
    if (column && content !== null && result[column] === null) result[column] = content
  }
  return result
}

/**
 * What the BOM says about the component's license (§1.7 candidates, in order, and a valid
 * expression); resolving it against the catalogue happens when the BOM is ingested.
 */
function licenseChoice(value: unknown, warnings: string[]): LicenseChoice | null {
  const choice: LicenseChoice = { licenses: [] }
  for (const item of array(value)) {
    const source = record(item)
    if (source.license !== undefined) {
      const license = record(source.license)
      const candidate: LicenseCandidate = {}
      const id = trimmed(license.id)
      const name = trimmed(license.name)
      const url = trimmed(license.url)
      if (id !== null) candidate.id = id
      if (name !== null) candidate.name = name
      if (url !== null) candidate.url = url
      if (id !== null || name !== null) choice.licenses.push(candidate)
    } else if (source.expression !== undefined) {
      const text = trimmed(source.expression)
      if (text === null) continue
      if (parseSpdxExpression(text)) choice.expression = text
      else warnings.push(`Invalid SPDX license expression ignored: ${text}`)
    }
  }
  return choice.licenses.length > 0 || choice.expression ? choice : null
}

export type InternalMatcher = (group: string | null, name: string) => boolean

function component(source: Json, isInternal: InternalMatcher, warnings: string[]): BomComponent {
  const name = trimmed(source.name, SHORT) ?? '-'
  const group = trimmed(source.group, SHORT)
  const purl = canonicalPurl(source.purl)
  const scope = trimmed(source.scope)?.toUpperCase() ?? null
  return {
    bomRef: trimmed(source['bom-ref']) ?? randomUUID(),
    name,
    group,
    version: trimmed(source.version, SHORT),
    classifier: classifier(source.type, 'LIBRARY'),
    scope: scope === 'REQUIRED' || scope === 'OPTIONAL' || scope === 'EXCLUDED' ? scope : null,
    description: trimmed(source.description, LONG),
    copyright: trimmed(source.copyright, LONG),
    cpe: trimmed(source.cpe, SHORT),
    publisher: trimmed(source.publisher, SHORT),
    purl: purl?.purl ?? null,
    purlCoordinates: purl?.coordinates ?? null,
    swidTagId: trimmed(record(source.swid).tagId),
    hashes: hashes(source.hashes),
    authors: authorsOf(source),
    supplier: entity(source.supplier),
    externalReferences: externalReferences(source.externalReferences),
    licenseChoice: licenseChoice(source.licenses, warnings),
    // Resolved against the catalogue at ingest (domain/licenses).
    license: null,
    licenseId: null,
    licenseUrl: null,
    licenseExpression: null,
    internal: isInternal(group, name),
    properties: properties(source.properties),
  }
}

export const MAX_NESTING = 64

/** Refuses absurdly deep nesting, which would otherwise exhaust the stack. */
export class BomNestingError extends Error {}

/** Nested components are flattened, each child placed before its parent. */
function flattenComponents(
  sources: unknown[],
  out: BomComponent[],
  isInternal: InternalMatcher,
  warnings: string[],
  depth = 0,
) {
  if (depth > MAX_NESTING) {
    throw new BomNestingError(`Components are nested more than ${MAX_NESTING} levels deep`)
  }
  for (const item of sources) {
    const source = record(item)
    if (Array.isArray(source.components)) {
      flattenComponents(source.components, out, isInternal, warnings, depth + 1)
    }
    out.push(component(source, isInternal, warnings))
  }
}

function direction(flow: unknown): string | undefined {
  const text = trimmed(flow)
  if (text === null) return undefined
  const name = text.toUpperCase().replaceAll('-', '_')
  return ['INBOUND', 'OUTBOUND', 'BI_DIRECTIONAL', 'UNKNOWN'].includes(name) ? name : undefined
}

function dataClassifications(value: unknown): DataClassification[] | null {
  const result: DataClassification[] = []
  for (const item of array(value)) {
    const source = record(item)
    const entry: DataClassification = {}
    const flow = direction(source.flow)
    if (flow) entry.direction = flow
    const name = trimmed(
      typeof source.classification === 'string' ? source.classification : source.name,
    )
    if (name !== null) entry.name = name
    if (Object.keys(entry).length > 0) result.push(entry)
  }
  return result.length > 0 ? result : null
}

function optionalBoolean(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null
}

function service(source: Json): BomService {
  const endpoints = array(source.endpoints)
    .map((endpoint) => trimmed(endpoint))
    .filter((endpoint): endpoint is string => endpoint !== null)
  return {
    bomRef: trimmed(source['bom-ref']) ?? randomUUID(),
    name: trimmed(source.name, SHORT) ?? '-',
    group: trimmed(source.group, SHORT),
    version: trimmed(source.version, SHORT),
    description: trimmed(source.description, LONG),
    provider: entity(source.provider),
    endpoints: endpoints.length > 0 ? endpoints : null,
    authenticated: optionalBoolean(source.authenticated),
    crossesTrustBoundary: optionalBoolean(source['x-trust-boundary']),
    data: dataClassifications(source.data),
    externalReferences: externalReferences(source.externalReferences),
  }
}

function flattenServices(sources: unknown[], out: BomService[], depth = 0) {
  if (depth > MAX_NESTING) {
    throw new BomNestingError(`Services are nested more than ${MAX_NESTING} levels deep`)
  }
  for (const item of sources) {
    const source = record(item)
    if (Array.isArray(source.services)) flattenServices(source.services, out, depth + 1)
    out.push(service(source))
  }
}

function projectPatch(root: Json, metadata: Json): ProjectPatch {
  const purl = canonicalPurl(root.purl)
  return {
    authors: authorsOf(root),
    publisher: trimmed(root.publisher, SHORT),
    supplier: entity(root.supplier),
    manufacturer: entity(metadata.manufacture ?? metadata.manufacturer),
    classifier: classifier(root.type, 'APPLICATION'),
    externalReferences: externalReferences(root.externalReferences),
    cpe: trimmed(root.cpe, SHORT),
    purl: purl?.purl ?? null,
    swidTagId: trimmed(record(root.swid).tagId),
  }
}

function addDependency(graph: Map<string, string[]>, item: unknown) {
  const source = record(item)
  const ref = trimmed(source.ref)
  if (ref === null) return
  const targets: string[] = []
  for (const target of array(source.dependsOn)) {
    const text = trimmed(target)
    if (text !== null) targets.push(text)
  }
  if (targets.length === 0) return
  const existing = graph.get(ref)
  if (existing) {
    for (const target of targets) if (!existing.includes(target)) existing.push(target)
  } else {
    graph.set(ref, [...new Set(targets)])
  }
}

/**
 * Converts a BOM piece by piece: the document's other members first, then each component and
 * each dependency as it is parsed (see json-split.ts). `root.components` and
 * `root.dependencies` are not read here; feed them with add….
 */
export class BomConverter {
  private readonly warnings: string[] = []
  private readonly components: BomComponent[] = []
  private readonly dependencies = new Map<string, string[]>()
  private readonly root: Json
  private readonly isInternal: InternalMatcher

  constructor(root: Json, isInternal: InternalMatcher) {
    this.root = root
    this.isInternal = isInternal
    const metadataComponent = record(record(root.metadata).component)
    if (Array.isArray(metadataComponent.components)) {
      flattenComponents(metadataComponent.components, this.components, isInternal, this.warnings)
    }
  }

  addComponent(item: unknown) {
    flattenComponents([item], this.components, this.isInternal, this.warnings)
  }

  addDependency(item: unknown) {
    addDependency(this.dependencies, item)
  }

  finish(): ConvertedBom {
    const document = this.root
    const hasMetadata = document.metadata !== undefined && document.metadata !== null
    const metadata = record(document.metadata)
    const root =
      metadata.component !== undefined && metadata.component !== null
        ? record(metadata.component)
        : null
    const services: BomService[] = []
    flattenServices(array(document.services), services)

    let projectMetadata: ConvertedBom['projectMetadata']
    if (hasMetadata) {
      projectMetadata = {}
      const authors = contacts(array(metadata.authors))
      if (authors.length > 0) projectMetadata.authors = authors
      const supplier = entity(metadata.supplier)
      if (supplier) projectMetadata.supplier = supplier
    }

    const serial = trimmed(document.serialNumber)
    const version = document.version
    return {
      specVersion: String(document.specVersion),
      serialNumber: serial === null ? null : serial.replace(/^urn:uuid:/, ''),
      bomVersion:
        Number.isSafeInteger(version) && Math.abs(version as number) <= 2_147_483_647
          ? (version as number)
          : null,
      project: root ? projectPatch(root, metadata) : null,
      projectMetadata,
      rootRef: root ? (trimmed(root['bom-ref']) ?? randomUUID()) : null,
      components: this.components,
      services,
      dependencies: this.dependencies,
      warnings: this.warnings,
    }
  }
}

export function convertBom(document: Json, isInternal: InternalMatcher): ConvertedBom {
  const converter = new BomConverter(document, isInternal)
  for (const item of array(document.components)) converter.addComponent(item)
  for (const item of array(document.dependencies)) converter.addDependency(item)
  return converter.finish()
}
