import type {
  ComponentValues,
  Contact,
  ExternalReference,
  OrganizationalEntity,
} from '../../data/components.ts'
import type { DataClassification, ServiceValues } from '../../data/services.ts'
import type { ComponentLicenseColumns } from '../licenses/resolution.ts'
import type { InternalMatcher } from './internal.ts'
import { parsePurl } from './purl.ts'
import { externalReferenceType, type ComponentInput, type ServiceInput } from './schemas.ts'

type Nullish<T> = T | null | undefined

/** Copies only the keys whose value is present, so stored JSON has no nulls. */
function compact<T extends object>(value: Record<string, unknown>, keys: Array<keyof T>): T {
  const out: Record<string, unknown> = {}
  for (const key of keys as string[]) {
    if (value[key] !== undefined && value[key] !== null) out[key] = value[key]
  }
  return out as T
}

export function contacts(list: Nullish<Array<Record<string, unknown>>>): Contact[] | null {
  if (!list) return null
  return list.map((contact) => compact<Contact>(contact, ['name', 'email', 'phone']))
}

export function organizationalEntity(
  entity: Nullish<Record<string, unknown> & { contacts?: Nullish<Array<Record<string, unknown>>> }>,
): OrganizationalEntity | null {
  if (!entity) return null
  const out = compact<OrganizationalEntity>(entity, ['name', 'urls'])
  const people = contacts(entity.contacts)
  return people ? { ...out, contacts: people } : out
}

export function externalReferences(
  list: Nullish<Array<{ type?: string | null; url?: string | null; comment?: string | null }>>,
): ExternalReference[] | null {
  if (!list) return null
  return list.map((reference) => ({
    ...(reference.type ? { type: externalReferenceType(reference.type) } : {}),
    ...compact<ExternalReference>(reference, ['url', 'comment']),
  }))
}

/** The deprecated `author` text, when sent, replaces the authors list with one contact. */
function authorsOf(input: ComponentInput): Contact[] | null {
  const author = input.author?.trim()
  return author ? [{ name: author }] : contacts(input.authors)
}

const lower = (value: Nullish<string>) => (value ? value.toLowerCase() : null)

/** Column values from a validated create/update body (the fields POST /component replaces). */
export function componentValues(
  input: ComponentInput,
  isInternal: InternalMatcher,
  license: ComponentLicenseColumns,
): ComponentValues {
  const purl = parsePurl(input.purl)
  const group = input.group ?? null
  return {
    name: input.name,
    version: input.version ?? null,
    group,
    classifier: input.classifier,
    filename: input.filename ?? null,
    md5: lower(input.md5),
    sha1: lower(input.sha1),
    sha256: lower(input.sha256),
    sha384: lower(input.sha384),
    sha512: lower(input.sha512),
    sha3_256: lower(input.sha3_256),
    sha3_384: lower(input.sha3_384),
    sha3_512: lower(input.sha3_512),
    cpe: input.cpe ?? null,
    purl: purl?.purl ?? null,
    purl_coordinates: purl?.coordinates ?? null,
    swid_tag_id: input.swidTagId ?? null,
    internal: isInternal(group, input.name),
    description: input.description ?? null,
    copyright: input.copyright ?? null,
    ...license,
    authors: authorsOf(input),
    publisher: input.publisher ?? null,
    external_references: externalReferences(input.externalReferences),
    notes: input.notes ?? null,
  }
}

function dataClassifications(list: ServiceInput['data']): DataClassification[] | null {
  if (!list) return null
  return list.map((item) => compact<DataClassification>(item, ['direction', 'name']))
}

export function serviceValues(input: ServiceInput): ServiceValues {
  return {
    provider: organizationalEntity(input.provider),
    group: input.group ?? null,
    name: input.name,
    version: input.version ?? null,
    description: input.description ?? null,
    endpoints: input.endpoints.map((endpoint) => endpoint.trim()),
    authenticated: input.authenticated ?? null,
    crosses_trust_boundary: input.crossesTrustBoundary ?? null,
    data: dataClassifications(input.data),
    external_references: externalReferences(input.externalReferences),
  }
}
