import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type {
  ExportComponentRow,
  ExportProjectRow,
  ExportServiceRow,
} from '../../data/bom-export.ts'
import { writeVulnerabilitiesXml } from './export-vulnerabilities.ts'
import { directDependencyUuidList } from './identity.ts'
import type { SpecVersion } from './model.ts'
import { cycloneDxJsonSchema, SCHEMA_DIR } from './schema.ts'

/** CycloneDX export (§7.1, inventory): a JSON document per spec version, written as JSON or XML. */

export const EXPORT_SPEC_VERSIONS = ['1.4', '1.5', '1.6', '1.7'] as const
export type ExportSpecVersion = (typeof EXPORT_SPEC_VERSIONS)[number]
export const DEFAULT_EXPORT_SPEC_VERSION: ExportSpecVersion = '1.6'

type Json = Record<string, unknown>

interface Vocabulary {
  componentTypes: Set<string>
  referenceTypes: Set<string>
  spdxIds: Set<string>
}

const vocabularies = new Map<string, Vocabulary>()
function vocabulary(version: ExportSpecVersion): Vocabulary {
  let found = vocabularies.get(version)
  if (found) return found
  const definitions = cycloneDxJsonSchema(version as SpecVersion).definitions as Record<
    string,
    { properties: Record<string, { enum?: string[] }> }
  >
  const spdx = JSON.parse(
    fs.readFileSync(path.join(SCHEMA_DIR, 'spdx.SNAPSHOT.schema.json'), 'utf8'),
  ) as { enum: string[] }
  found = {
    componentTypes: new Set(definitions.component!.properties.type!.enum),
    referenceTypes: new Set(definitions.externalReference!.properties.type!.enum),
    spdxIds: new Set(spdx.enum),
  }
  vocabularies.set(version, found)
  return found
}

const HEX_HASH =
  /^(?:[a-fA-F0-9]{32}|[a-fA-F0-9]{40}|[a-fA-F0-9]{64}|[a-fA-F0-9]{96}|[a-fA-F0-9]{128})$/
const EXPORTED_HASHES: [keyof ExportComponentRow, string][] = [
  ['md5', 'MD5'],
  ['sha1', 'SHA-1'],
  ['sha256', 'SHA-256'],
  ['sha384', 'SHA-384'],
  ['sha512', 'SHA-512'],
  ['sha3_256', 'SHA3-256'],
  ['sha3_384', 'SHA3-384'],
  ['sha3_512', 'SHA3-512'],
  ['blake2b_256', 'BLAKE2b-256'],
  ['blake2b_384', 'BLAKE2b-384'],
  ['blake2b_512', 'BLAKE2b-512'],
  ['blake3', 'BLAKE3'],
]

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
const rec = (value: unknown): Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {}

function compact<T extends Json>(value: T): T {
  for (const key of Object.keys(value)) {
    const field = value[key]
    if (field === undefined || (Array.isArray(field) && field.length === 0)) delete value[key]
  }
  return value
}

function contact(value: unknown): Json | undefined {
  const source = rec(value)
  const result = compact({
    name: str(source.name),
    email: str(source.email),
    phone: str(source.phone),
  })
  return Object.keys(result).length > 0 ? result : undefined
}

function contacts(value: unknown): Json[] {
  return list(value)
    .map(contact)
    .filter((item): item is Json => item !== undefined)
}

function entity(value: unknown): Json | undefined {
  if (value === null || value === undefined) return undefined
  const source = rec(value)
  const result = compact({
    name: str(source.name),
    url: list(source.urls).filter((url): url is string => typeof url === 'string'),
    contact: contacts(source.contacts),
  })
  return Object.keys(result).length > 0 ? result : undefined
}

const authorNames = (value: unknown) => {
  const names = contacts(value)
    .map((item) => item.name)
    .filter((name): name is string => typeof name === 'string')
  return names.length > 0 ? names.join(', ') : undefined
}

function componentType(classifier: unknown, vocab: Vocabulary, fallback = 'library') {
  if (typeof classifier !== 'string') return fallback
  const type = classifier.toLowerCase().replaceAll('_', '-')
  return vocab.componentTypes.has(type) ? type : fallback
}

function externalReferences(value: unknown, vocab: Vocabulary): Json[] {
  return list(value).flatMap((item) => {
    const source = rec(item)
    const url = str(source.url)
    if (!url) return []
    const type = str(source.type)
    return [
      compact({
        url,
        comment: str(source.comment),
        type: type && vocab.referenceTypes.has(type) ? type : 'other',
      }),
    ]
  })
}

/**
 * A resolved id or a free-text name, plus the expression when one is stored. Before 1.7 a
 * license list holds either licenses or one expression, so the expression wins there.
 */
function licenses(row: Json, vocab: Vocabulary, version: ExportSpecVersion): Json[] {
  const expression = str(row.license_expression)
  const url = str(row.license_url)
  const id = str(row.license_id)
  const name = str(row.license)
  const license = id
    ? compact(vocab.spdxIds.has(id) ? { id, url } : { name: id, url })
    : name
      ? compact({ name, url })
      : undefined
  if (expression && (version !== '1.7' || !license)) return [{ expression }]
  return [...(license ? [{ license }] : []), ...(expression ? [{ expression }] : [])]
}

function hashes(row: ExportComponentRow): Json[] {
  return EXPORTED_HASHES.flatMap(([column, alg]) => {
    const content = str(row[column])
    return content && HEX_HASH.test(content) ? [{ alg, content }] : []
  })
}

function component(row: ExportComponentRow, version: ExportSpecVersion, vocab: Vocabulary): Json {
  const modern = version === '1.6' || version === '1.7'
  const swidTagId = str(row.swid_tag_id)
  return compact({
    type: componentType(row.classifier, vocab),
    'bom-ref': row.uuid,
    supplier: entity(row.supplier),
    authors: modern ? contacts(row.authors) : undefined,
    author: modern ? undefined : authorNames(row.authors),
    publisher: str(row.publisher),
    group: str(row.group),
    name: str(row.name) ?? '-',
    version: str(row.version),
    description: str(row.description),
    scope: str(row.scope)?.toLowerCase(),
    hashes: hashes(row),
    licenses: licenses(row as unknown as Json, vocab, version),
    copyright: str(row.copyright),
    cpe: str(row.cpe),
    purl: str(row.purl),
    swid: swidTagId ? { tagId: swidTagId, name: str(row.name) ?? '-' } : undefined,
    externalReferences: externalReferences(row.external_references, vocab),
    properties: (row.properties ?? [])
      .filter((property) => property.t !== 'ENCRYPTEDSTRING')
      .map((property) =>
        compact({
          name: property.g ? `${property.g}:${property.n}` : property.n,
          value: property.v ?? undefined,
        }),
      ),
  })
}

function flow(direction: unknown) {
  return typeof direction === 'string' ? direction.toLowerCase().replaceAll('_', '-') : 'unknown'
}

function service(row: ExportServiceRow, vocab: Vocabulary): Json {
  return compact({
    'bom-ref': row.uuid,
    provider: entity(row.provider),
    group: str(row.group),
    name: str(row.name) ?? '-',
    version: str(row.version),
    description: str(row.description),
    endpoints: list(row.endpoints).filter((item): item is string => typeof item === 'string'),
    authenticated: typeof row.authenticated === 'boolean' ? row.authenticated : undefined,
    'x-trust-boundary':
      typeof row.crosses_trust_boundary === 'boolean' ? row.crosses_trust_boundary : undefined,
    data: list(row.data).flatMap((item) => {
      const source = rec(item)
      const name = str(source.name)
      return name ? [{ flow: flow(source.direction), classification: name }] : []
    }),
    externalReferences: externalReferences(row.external_references, vocab),
  })
}

export interface ExportTool {
  name: string
  version: string
}

function metadata(
  version: ExportSpecVersion,
  vocab: Vocabulary,
  tool: ExportTool,
  project: ExportProjectRow | undefined,
): Json {
  const tools =
    version === '1.4'
      ? [{ name: tool.name, version: tool.version }]
      : { components: [{ type: 'application', name: tool.name, version: tool.version }] }
  if (!project) return { timestamp: new Date().toISOString(), tools }
  const modern = version === '1.6' || version === '1.7'
  const projectMetadata = rec(project.metadata)
  const swidTagId = str(project.swid_tag_id)
  return compact({
    timestamp: new Date().toISOString(),
    tools,
    authors: contacts(projectMetadata.authors),
    component: compact({
      type: componentType(project.classifier, vocab),
      'bom-ref': project.uuid,
      supplier: entity(project.supplier),
      authors: modern ? contacts(project.authors) : undefined,
      author: modern ? undefined : authorNames(project.authors),
      publisher: str(project.publisher),
      group: str(project.group),
      name: project.name,
      version: project.version ?? '',
      description: str(project.description),
      cpe: str(project.cpe),
      purl: str(project.purl),
      swid: swidTagId ? { tagId: swidTagId, name: project.name } : undefined,
      externalReferences: externalReferences(project.external_references, vocab),
    }),
    manufacture: entity(project.manufacturer),
    supplier: entity(projectMetadata.supplier),
  })
}

export interface ExportInput {
  version: ExportSpecVersion
  tool: ExportTool
  project?: ExportProjectRow
  components: ExportComponentRow[]
  services: ExportServiceRow[]
  /** Dependencies are written for project exports, from the stored directDependencies. */
  withDependencies: boolean
  /** The withVulnerabilities, VDR and VEX variants (export-vulnerabilities.ts). */
  vulnerabilities?: Json[]
}

/** The document in CycloneDX JSON form; the XML writer walks the same structure. */
export function buildCycloneDx(input: ExportInput): Json {
  const vocab = vocabulary(input.version)
  const document: Json = {
    bomFormat: 'CycloneDX',
    specVersion: input.version,
    serialNumber: `urn:uuid:${randomUUID()}`,
    version: 1,
    metadata: metadata(input.version, vocab, input.tool, input.project),
    components: input.components.map((row) => component(row, input.version, vocab)),
  }
  if (input.services.length > 0) {
    document.services = input.services.map((row) => service(row, vocab))
  }
  if (input.withDependencies && input.components.length > 0) {
    const exported = new Set(input.components.map((row) => row.uuid))
    const dependsOn = (text: unknown) => [
      ...new Set(directDependencyUuidList(text).filter((uuid) => exported.has(uuid))),
    ]
    const dependencies: Json[] = []
    if (input.project) {
      dependencies.push({
        ref: input.project.uuid,
        dependsOn: dependsOn(input.project.direct_dependencies),
      })
    }
    for (const row of input.components) {
      dependencies.push({ ref: row.uuid, dependsOn: dependsOn(row.direct_dependencies) })
    }
    document.dependencies = dependencies
  }
  if (input.vulnerabilities) document.vulnerabilities = input.vulnerabilities
  return document
}

// ---------------------------------------------------------------------------------------------
// XML

// Characters XML 1.0 cannot carry at all.
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g

function escapeText(value: unknown): string {
  return String(value)
    .replace(INVALID_XML, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
}

function escapeAttribute(value: unknown): string {
  return escapeText(value).replaceAll('"', '&quot;')
}

class XmlWriter {
  parts: string[] = []
  element(name: string, value: unknown, attributes: Record<string, unknown> = {}) {
    if (value === undefined || value === null) return
    this.parts.push(`<${name}${this.attributes(attributes)}>${escapeText(value)}</${name}>`)
  }
  open(name: string, attributes: Record<string, unknown> = {}) {
    this.parts.push(`<${name}${this.attributes(attributes)}>`)
  }
  empty(name: string, attributes: Record<string, unknown>) {
    this.parts.push(`<${name}${this.attributes(attributes)}/>`)
  }
  close(name: string) {
    this.parts.push(`</${name}>`)
  }
  private attributes(attributes: Record<string, unknown>) {
    let text = ''
    for (const [key, value] of Object.entries(attributes)) {
      if (value !== undefined && value !== null) text += ` ${key}="${escapeAttribute(value)}"`
    }
    return text
  }
}

function writeContact(xml: XmlWriter, name: string, value: Json) {
  xml.open(name)
  xml.element('name', value.name)
  xml.element('email', value.email)
  xml.element('phone', value.phone)
  xml.close(name)
}

function writeEntity(xml: XmlWriter, name: string, value: unknown) {
  if (value === undefined) return
  const source = rec(value)
  xml.open(name)
  xml.element('name', source.name)
  for (const url of list(source.url)) xml.element('url', url)
  for (const item of list(source.contact)) writeContact(xml, 'contact', rec(item))
  xml.close(name)
}

function writeContacts(xml: XmlWriter, value: unknown) {
  const items = list(value)
  if (items.length === 0) return
  xml.open('authors')
  for (const item of items) writeContact(xml, 'author', rec(item))
  xml.close('authors')
}

function writeReferences(xml: XmlWriter, value: unknown) {
  const items = list(value)
  if (items.length === 0) return
  xml.open('externalReferences')
  for (const item of items) {
    const reference = rec(item)
    xml.open('reference', { type: reference.type })
    xml.element('url', reference.url)
    xml.element('comment', reference.comment)
    xml.close('reference')
  }
  xml.close('externalReferences')
}

function writeComponent(xml: XmlWriter, c: Json) {
  xml.open('component', { type: c.type, 'bom-ref': c['bom-ref'] })
  writeEntity(xml, 'supplier', c.supplier)
  writeContacts(xml, c.authors)
  xml.element('author', c.author)
  xml.element('publisher', c.publisher)
  xml.element('group', c.group)
  xml.element('name', c.name)
  xml.element('version', c.version)
  xml.element('description', c.description)
  xml.element('scope', c.scope)
  const hashList = list(c.hashes)
  if (hashList.length > 0) {
    xml.open('hashes')
    for (const item of hashList) xml.element('hash', rec(item).content, { alg: rec(item).alg })
    xml.close('hashes')
  }
  const licenseList = list(c.licenses)
  if (licenseList.length > 0) {
    xml.open('licenses')
    for (const item of licenseList) {
      const choice = rec(item)
      if (choice.expression !== undefined) {
        xml.element('expression', choice.expression)
        continue
      }
      const license = rec(choice.license)
      xml.open('license')
      xml.element('id', license.id)
      xml.element('name', license.name)
      xml.element('url', license.url)
      xml.close('license')
    }
    xml.close('licenses')
  }
  xml.element('copyright', c.copyright)
  xml.element('cpe', c.cpe)
  xml.element('purl', c.purl)
  if (c.swid !== undefined) xml.empty('swid', rec(c.swid))
  writeReferences(xml, c.externalReferences)
  const propertyList = list(c.properties)
  if (propertyList.length > 0) {
    xml.open('properties')
    for (const item of propertyList) {
      const property = rec(item)
      xml.element('property', property.value ?? '', { name: property.name })
    }
    xml.close('properties')
  }
  xml.close('component')
}

function writeService(xml: XmlWriter, s: Json) {
  xml.open('service', { 'bom-ref': s['bom-ref'] })
  writeEntity(xml, 'provider', s.provider)
  xml.element('group', s.group)
  xml.element('name', s.name)
  xml.element('version', s.version)
  xml.element('description', s.description)
  const endpoints = list(s.endpoints)
  if (endpoints.length > 0) {
    xml.open('endpoints')
    for (const endpoint of endpoints) xml.element('endpoint', endpoint)
    xml.close('endpoints')
  }
  xml.element('authenticated', s.authenticated)
  xml.element('x-trust-boundary', s['x-trust-boundary'])
  const data = list(s.data)
  if (data.length > 0) {
    xml.open('data')
    for (const item of data) {
      xml.element('classification', rec(item).classification, { flow: rec(item).flow })
    }
    xml.close('data')
  }
  writeReferences(xml, s.externalReferences)
  xml.close('service')
}

function writeTools(xml: XmlWriter, tools: unknown) {
  xml.open('tools')
  if (Array.isArray(tools)) {
    for (const item of tools) {
      xml.open('tool')
      xml.element('name', rec(item).name)
      xml.element('version', rec(item).version)
      xml.close('tool')
    }
  } else {
    xml.open('components')
    for (const item of list(rec(tools).components)) writeComponent(xml, rec(item))
    xml.close('components')
  }
  xml.close('tools')
}

export function cycloneDxXml(document: Json): string {
  const xml = new XmlWriter()
  xml.parts.push('<?xml version="1.0" encoding="UTF-8"?>\n')
  xml.open('bom', {
    xmlns: `http://cyclonedx.org/schema/bom/${String(document.specVersion)}`,
    serialNumber: document.serialNumber,
    version: document.version,
  })
  const meta = rec(document.metadata)
  xml.open('metadata')
  xml.element('timestamp', meta.timestamp)
  writeTools(xml, meta.tools)
  writeContacts(xml, meta.authors)
  if (meta.component !== undefined) writeComponent(xml, rec(meta.component))
  writeEntity(xml, 'manufacture', meta.manufacture)
  writeEntity(xml, 'supplier', meta.supplier)
  xml.close('metadata')
  xml.open('components')
  for (const item of list(document.components)) writeComponent(xml, rec(item))
  xml.close('components')
  const services = list(document.services)
  if (services.length > 0) {
    xml.open('services')
    for (const item of services) writeService(xml, rec(item))
    xml.close('services')
  }
  if (document.dependencies !== undefined) {
    xml.open('dependencies')
    for (const item of list(document.dependencies)) {
      const dependency = rec(item)
      xml.open('dependency', { ref: dependency.ref })
      for (const target of list(dependency.dependsOn)) xml.empty('dependency', { ref: target })
      xml.close('dependency')
    }
    xml.close('dependencies')
  }
  writeVulnerabilitiesXml(xml, document.vulnerabilities)
  xml.close('bom')
  return xml.parts.join('')
}
