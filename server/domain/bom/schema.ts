import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import { validateXML } from 'xmllint-wasm'
import type { SpecVersion } from './model.ts'

const require = createRequire(import.meta.url)
// This package ships no type declarations.
const addDraft2019Formats = require('ajv-formats-draft2019') as (
  ajv: Ajv,
  options: { formats: string[] },
) => Ajv
export const SCHEMA_DIR = path.join(
  path.dirname(require.resolve('@cyclonedx/cyclonedx-library/package.json')),
  'res',
  'schema',
)

const MAX_ERRORS = 100
const SCHEMA_BASE = 'http://cyclonedx.org/schema/'
const SHARED_JSON_SCHEMAS = [
  'spdx.SNAPSHOT.schema.json',
  'jsf-0.82.SNAPSHOT.schema.json',
  'cryptography-defs.SNAPSHOT.schema.json',
]

function readSchema(file: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(SCHEMA_DIR, file), 'utf8'))
}

/** The official JSON schema of a version, parsed (shared, do not mutate). */
const jsonSchemas = new Map<string, Record<string, unknown>>()
export function cycloneDxJsonSchema(version: SpecVersion) {
  let schema = jsonSchemas.get(version)
  if (!schema) {
    schema = readSchema(`bom-${version}.SNAPSHOT.schema.json`) as Record<string, unknown>
    jsonSchemas.set(version, schema)
  }
  return schema
}

/**
 * ajv checks `uniqueItems` by comparing every pair of items, which takes minutes on a
 * 100,000-component BOM. The same rule is checked here in linear time: items are bucketed by
 * a cheap key and only items in one bucket are compared deeply. The schemas are otherwise used
 * as published (one pattern is rewritten to an equivalent, faster one).
 */
const LINEAR_UNIQUE = 'lookoutUniqueItems'

// The hash pattern, as the schemas write it (one alternative after another), and the same
// language matched in a single pass: every hash of a BOM goes through it.
const HASH_PATTERN =
  '^([a-fA-F0-9]{32}|[a-fA-F0-9]{40}|[a-fA-F0-9]{64}|[a-fA-F0-9]{96}|[a-fA-F0-9]{128})$'
const HASH_PATTERN_FAST =
  '^[a-fA-F0-9]{32}(?:[a-fA-F0-9]{8}(?:[a-fA-F0-9]{24}(?:[a-fA-F0-9]{32}(?:[a-fA-F0-9]{32})?)?)?)?$'

function withLinearUniqueItems(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withLinearUniqueItems)
  if (node === null || typeof node !== 'object') return node
  const copy: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(node)) {
    if (key === 'uniqueItems' && value === true) copy[LINEAR_UNIQUE] = true
    else if (key === 'pattern' && value === HASH_PATTERN) copy[key] = HASH_PATTERN_FAST
    else copy[key] = withLinearUniqueItems(value)
  }
  return copy
}

const IDENTIFYING_KEYS = ['bom-ref', 'ref', 'name', 'url', 'content', 'id', 'expression']

/** Equal items get equal keys whatever their key order; different items rarely share one. */
function bucketKey(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return `array:${value.length}`
  const record = value as Record<string, unknown>
  let size = 0
  for (const key in record) if (Object.hasOwn(record, key)) size++
  for (const key of IDENTIFYING_KEYS) {
    const field = record[key]
    if (typeof field === 'string') return `${size}|${key}=${field}`
  }
  return `${size}`
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a)) {
    const other = b as unknown[]
    return a.length === other.length && a.every((item, i) => deepEqual(item, other[i]))
  }
  const left = a as Record<string, unknown>
  const right = b as Record<string, unknown>
  const keys = Object.keys(left)
  if (keys.length !== Object.keys(right).length) return false
  return keys.every((key) => Object.hasOwn(right, key) && deepEqual(left[key], right[key]))
}

function findDuplicate(items: unknown[]): [number, number] | undefined {
  if (items.length < 2) return undefined
  if (items.length <= 8) {
    for (let i = 1; i < items.length; i++) {
      for (let j = 0; j < i; j++) if (deepEqual(items[j], items[i])) return [j, i]
    }
    return undefined
  }
  const buckets = new Map<unknown, number[]>()
  for (let i = 0; i < items.length; i++) {
    const key = bucketKey(items[i])
    const bucket = buckets.get(key)
    if (!bucket) {
      buckets.set(key, [i])
      continue
    }
    for (const j of bucket) if (deepEqual(items[j], items[i])) return [j, i]
    bucket.push(i)
  }
  return undefined
}

let ajv: Ajv | undefined
function getAjv() {
  if (ajv) return ajv
  const schemas = Object.fromEntries(
    SHARED_JSON_SCHEMAS.map((file) => [`${SCHEMA_BASE}${file}`, readSchema(file)]),
  )
  const instance = new Ajv({
    strict: false,
    allErrors: true,
    logger: false,
    addUsedSchema: false,
    schemas: schemas as Record<string, object>,
    loadSchema: (uri) => Promise.reject(new Error(`Remote schemas are disabled: ${uri}`)),
  })
  addFormats(instance)
  addDraft2019Formats(instance, { formats: ['idn-email'] })
  instance.addFormat('iri-reference', true)
  const unique = function (this: unknown, _schema: boolean, data: unknown[]) {
    const duplicate = findDuplicate(data)
    if (!duplicate) return true
    const [i, j] = duplicate
    unique.errors = [
      {
        keyword: 'uniqueItems',
        message: `must NOT have duplicate items (items ## ${j} and ${i} are identical)`,
        params: { i: j, j: i },
      },
    ]
    return false
  } as ((schema: boolean, data: unknown[]) => boolean) & { errors?: Partial<ErrorObject>[] }
  instance.addKeyword({
    keyword: LINEAR_UNIQUE,
    type: 'array',
    schemaType: 'boolean',
    validate: unique,
    errors: true,
  })
  ajv = instance
  return instance
}

interface VersionValidators {
  document: ValidateFunction
  /** Validators of the elements of the large arrays, which are checked one at a time. */
  items: Map<string, ValidateFunction>
}

const jsonValidators = new Map<string, VersionValidators>()
function validatorsFor(version: SpecVersion): VersionValidators {
  let validators = jsonValidators.get(version)
  if (validators) return validators
  const schema = withLinearUniqueItems(cycloneDxJsonSchema(version)) as Record<string, unknown>
  const id = schema.$id as string
  const instance = getAjv()
  instance.addSchema(schema)
  const items = new Map<string, ValidateFunction>()
  const properties = schema.properties as Record<string, { items?: { $ref?: string } }>
  for (const key of ['components', 'dependencies']) {
    const ref = properties[key]?.items?.$ref
    const validate = ref?.startsWith('#') ? instance.getSchema(`${id}${ref}`) : undefined
    if (validate) items.set(key, validate)
  }
  validators = { document: instance.getSchema(id)!, items }
  jsonValidators.set(version, validators)
  return validators
}

function describeAjvError(error: ErrorObject): string {
  const where = error.instancePath || '/'
  const params = error.params as Record<string, unknown>
  let message = `${where} ${error.message ?? 'is invalid'}`
  if (typeof params.additionalProperty === 'string') message += `: ${params.additionalProperty}`
  else if (Array.isArray(params.allowedValues) && params.allowedValues.length <= 20) {
    message += `: ${params.allowedValues.join(', ')}`
  }
  return message
}

function capErrors(messages: string[]): string[] {
  const unique = [...new Set(messages)]
  if (unique.length <= MAX_ERRORS) return unique
  return [...unique.slice(0, MAX_ERRORS), `… and ${unique.length - MAX_ERRORS} more errors`]
}

/** Schema errors of a JSON BOM against the official CycloneDX schema of its version. */
export function validateJsonBom(version: SpecVersion, document: unknown): string[] {
  const validate = validatorsFor(version).document
  if (validate(document)) return []
  return capErrors((validate.errors ?? []).map(describeAjvError))
}

/**
 * The same check for a split BOM (json-split.ts): the document without its large arrays, then
 * each element of those arrays as it comes. Duplicate elements (uniqueItems) are found by their
 * text, which catches every duplicate a BOM tool writes (it would miss two equal objects written
 * with their keys in different orders).
 */
export class SplitJsonValidator {
  private readonly messages: string[] = []
  private readonly validators: VersionValidators
  private readonly seen = new Map<string, Map<unknown, number[]>>()

  constructor(version: SpecVersion) {
    this.validators = validatorsFor(version)
  }

  document(document: unknown) {
    const validate = this.validators.document
    if (!validate(document)) this.messages.push(...(validate.errors ?? []).map(describeAjvError))
  }

  item(key: string, index: number, element: unknown, text: (index: number) => string) {
    if (this.messages.length > MAX_ERRORS * 2) return
    const validate = this.validators.items.get(key)
    if (validate && !validate(element)) {
      for (const error of validate.errors ?? []) {
        this.messages.push(
          describeAjvError({ ...error, instancePath: `/${key}/${index}${error.instancePath}` }),
        )
      }
    }
    let buckets = this.seen.get(key)
    if (!buckets) this.seen.set(key, (buckets = new Map()))
    const bucketId = bucketKey(element)
    const bucket = buckets.get(bucketId)
    if (!bucket) {
      buckets.set(bucketId, [index])
      return
    }
    const own = text(index)
    const twin = bucket.find((other) => text(other) === own)
    if (twin !== undefined) {
      this.messages.push(
        `/${key} must NOT have duplicate items (items ## ${index} and ${twin} are identical)`,
      )
    }
    bucket.push(index)
  }

  finish(): string[] {
    this.seen.clear()
    return capErrors(this.messages)
  }
}

const xsdFiles = new Map<string, string>()
function readXsd(file: string) {
  let contents = xsdFiles.get(file)
  if (contents === undefined) {
    contents = fs.readFileSync(path.join(SCHEMA_DIR, file), 'utf8')
    xsdFiles.set(file, contents)
  }
  return contents
}

const WASM_PAGE = 65_536
const STREAMING_THRESHOLD = 8 * 1024 * 1024

/** Schema errors of an XML BOM, checked by libxml2 (WebAssembly) against the official XSD. */
export async function validateXmlBom(version: SpecVersion, xml: string): Promise<string[]> {
  const schemaFile = `bom-${version}.SNAPSHOT.xsd`
  const bytes = Buffer.byteLength(xml)
  const large = bytes > STREAMING_THRESHOLD
  // A whole-document parse needs several times the document in WebAssembly memory.
  const pages = Math.min(65_536, Math.max(512, Math.ceil(((large ? 2 : 12) * bytes) / WASM_PAGE)))
  const result = await validateXML({
    xml: { fileName: 'bom.xml', contents: xml },
    schema: { fileName: schemaFile, contents: readXsd(schemaFile) },
    preload: [{ fileName: 'spdx.SNAPSHOT.xsd', contents: readXsd('spdx.SNAPSHOT.xsd') }],
    maxMemoryPages: pages + 512,
    stream: large,
  })
  if (result.valid) return []
  const messages = result.errors.map((error) =>
    error.loc ? `line ${error.loc.lineNumber}: ${error.message}` : error.message,
  )
  return capErrors(messages.length > 0 ? messages : ['The XML document is not valid'])
}
