import { z } from 'zod'
import { ComponentShape } from '../../common/dt-shapes.ts'
import type { ApiClient } from './client.server.ts'
import {
  ContactSchema,
  ExternalReferenceSchema,
  OrganizationalEntitySchema,
} from './schemas.server.ts'

/** A component of the API's lists: its own fields; unknown ones are kept. */
export const ComponentRowSchema = ComponentShape.pick({
  uuid: true,
  name: true,
  version: true,
  group: true,
  classifier: true,
  license: true,
  licenseExpression: true,
  lastInheritedRiskScore: true,
  purl: true,
})
  .extend({
    isInternal: z.boolean().optional(),
    resolvedLicense: ComponentShape.shape.resolvedLicense.unwrap().loose().optional(),
    /** The newest version the repositories know (only `latestVersion` is read). */
    repositoryMeta: z.object({ latestVersion: z.string().optional() }).loose().optional(),
  })
  .loose()
export type ComponentRow = z.infer<typeof ComponentRowSchema>

export async function listProjectComponents(
  api: ApiClient,
  projectUuid: string,
  options: {
    searchText?: string
    onlyOutdated: boolean
    onlyDirect: boolean
    pageNumber: number
    pageSize: number
    sortName?: string
    sortOrder?: 'asc' | 'desc'
  },
) {
  const response = await api.send(`/v1/component/project/${encodeURIComponent(projectUuid)}`, {
    query: {
      searchText: options.searchText,
      onlyOutdated: options.onlyOutdated || undefined,
      onlyDirect: options.onlyDirect || undefined,
      pageNumber: options.pageNumber,
      pageSize: options.pageSize,
      sortName: options.sortName,
      sortOrder: options.sortName ? options.sortOrder : undefined,
    },
  })
  const components = z.array(ComponentRowSchema).parse(await response.json())
  const total = Number(response.headers.get('X-Total-Count') ?? components.length)
  return { components, total: Number.isFinite(total) ? total : components.length }
}

/**
 * Uploads a BOM file as the 4.13 console does (POST /v1/bom, multipart/form-data): the file is
 * streamed, not Base64-encoded, so any file within the API's limit fits. Answers the token.
 */
export async function uploadBom(api: ApiClient, projectUuid: string, bom: Blob) {
  const form = new FormData()
  form.append('project', projectUuid)
  form.append('bom', bom, 'bom')
  const answer = await api.json(z.object({ token: z.string() }), '/v1/bom', {
    method: 'POST',
    multipart: form,
  })
  return answer.token
}

export async function isProcessing(api: ApiClient, token: string) {
  const answer = await api.json(
    z.object({ processing: z.boolean() }),
    `/v1/event/token/${encodeURIComponent(token)}`,
  )
  return answer.processing
}

export { ExternalReferenceSchema }

/** The component as GET /component/{uuid} answers it; unknown fields are kept so updates lose nothing. */
export const ComponentDetailSchema = ComponentShape.extend({
  isInternal: z.boolean().optional(),
  authors: z.array(ContactSchema).optional(),
  supplier: OrganizationalEntitySchema.optional(),
  resolvedLicense: ComponentShape.shape.resolvedLicense.unwrap().loose().optional(),
  externalReferences: z.array(ExternalReferenceSchema).optional(),
  project: z
    .object({
      uuid: z.string(),
      name: z.string(),
      version: z.string().optional(),
      directDependencies: z.string().optional(),
    })
    .loose(),
}).loose()
export type ComponentDetail = z.infer<typeof ComponentDetailSchema>

export const ComponentPropertySchema = z
  .object({
    uuid: z.string(),
    groupName: z.string().optional(),
    propertyName: z.string(),
    propertyValue: z.string().optional(),
    propertyType: z.string(),
    description: z.string().optional(),
  })
  .loose()
export type ComponentProperty = z.infer<typeof ComponentPropertySchema>

/** The editable fields of the Add Component and Component Details forms. */
export interface ComponentFields {
  name: string
  version?: string
  group?: string
  author?: string
  purl?: string
  cpe?: string
  swidTagId?: string
  classifier: string
  filename?: string
  description?: string
  license?: string
  licenseExpression?: string
  licenseUrl?: string
  copyright?: string
  md5?: string
  sha1?: string
  sha256?: string
  sha384?: string
  sha512?: string
  sha3_256?: string
  sha3_384?: string
  sha3_512?: string
  notes?: string
}

const id = (uuid: string) => encodeURIComponent(uuid)

export function getComponent(api: ApiClient, uuid: string) {
  return api.json(ComponentDetailSchema, `/v1/component/${id(uuid)}`)
}

export function createComponent(api: ApiClient, projectUuid: string, fields: ComponentFields) {
  return api.json(ComponentDetailSchema, `/v1/component/project/${id(projectUuid)}`, {
    method: 'PUT',
    json: { ...fields, author: fields.author ?? null },
  })
}

/**
 * POST /component replaces what it is sent, so the update starts from the stored component
 * (authors, external references and the hashes the form does not show are kept) and overlays
 * the form. The deprecated `author` text is only sent when it was changed, because sending it
 * replaces the authors list with a single contact.
 */
export function updateComponent(api: ApiClient, current: ComponentDetail, fields: ComponentFields) {
  const { author, ...rest } = fields
  const body: Record<string, unknown> = { ...current, ...blankToNull(rest), uuid: current.uuid }
  delete body.author
  if ((author ?? '') !== (current.author ?? '')) {
    body.author = author ?? null
    if (!author) body.authors = null
  }
  return api.json(ComponentDetailSchema, '/v1/component', { method: 'POST', json: body })
}

function blankToNull(fields: Omit<ComponentFields, 'author'>) {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, value ?? null]))
}

export async function deleteComponent(api: ApiClient, uuid: string) {
  await api.send(`/v1/component/${id(uuid)}`, { method: 'DELETE' })
}

export function listComponentProperties(api: ApiClient, uuid: string) {
  return api.json(z.array(ComponentPropertySchema), `/v1/component/${id(uuid)}/property`)
}

export function createComponentProperty(
  api: ApiClient,
  uuid: string,
  property: {
    groupName?: string
    propertyName: string
    propertyValue: string
    propertyType: string
    description?: string
  },
) {
  return api.json(ComponentPropertySchema, `/v1/component/${id(uuid)}/property`, {
    method: 'PUT',
    json: property,
  })
}

export async function deleteComponentProperty(api: ApiClient, uuid: string, propertyUuid: string) {
  await api.send(`/v1/component/${id(uuid)}/property/${id(propertyUuid)}`, { method: 'DELETE' })
}

const EXPORT_PAGE = 500

/** Every component of a project, fetched in pages (the 4.13 console asked for a million at once). */
export async function listAllProjectComponents(api: ApiClient, projectUuid: string) {
  const rows: Array<z.infer<typeof ComponentRowSchema>> = []
  for (let offset = 0; ; offset += EXPORT_PAGE) {
    const response = await api.send(`/v1/component/project/${id(projectUuid)}`, {
      query: { offset, limit: EXPORT_PAGE },
    })
    const page = z.array(ComponentRowSchema).parse(await response.json())
    rows.push(...page)
    const total = Number(response.headers.get('X-Total-Count'))
    if (page.length < EXPORT_PAGE || (Number.isFinite(total) && rows.length >= total)) break
  }
  return rows
}

export type BomVariant = 'inventory' | 'withVulnerabilities'

/** The API's CycloneDX download, unread, so the console can pass it through with its headers. */
export function downloadProjectBom(api: ApiClient, projectUuid: string, variant: BomVariant) {
  return api.send(`/v1/bom/cyclonedx/project/${id(projectUuid)}`, {
    query: { format: 'json', variant, download: 'true' },
  })
}

/** A search hit: a component row with its identities and the project it belongs to. */
export const FoundComponentSchema = ComponentRowSchema.extend({
  cpe: z.string().optional(),
  swidTagId: z.string().optional(),
  project: z
    .object({ uuid: z.string(), name: z.string(), version: z.string().optional() })
    .loose()
    .optional(),
})
export type FoundComponent = z.infer<typeof FoundComponentSchema>

export type ComponentCriteria =
  | { hash: string }
  | { group?: string; name?: string; version?: string }
  | { purl: string }
  | { cpe: string }
  | { swidTagId: string }

export interface ComponentSearchPage {
  pageNumber: number
  pageSize: number
  sortName?: string
  sortOrder?: 'asc' | 'desc'
}

/**
 * GET /v1/component/hash/{hash} or /v1/component/identity. The identity search answers an
 * empty body when it found no usable criterion (e.g. an unparsable package URL): `usable` is
 * false then.
 */
export async function searchComponents(
  api: ApiClient,
  criteria: ComponentCriteria,
  options: ComponentSearchPage,
) {
  const paging = {
    pageNumber: options.pageNumber,
    pageSize: options.pageSize,
    sortName: options.sortName,
    sortOrder: options.sortName ? options.sortOrder : undefined,
  }
  const response =
    'hash' in criteria
      ? await api.send(`/v1/component/hash/${encodeURIComponent(criteria.hash)}`, {
          query: paging,
        })
      : await api.send('/v1/component/identity', { query: { ...criteria, ...paging } })
  const body = await response.text()
  if (body.trim() === '') return { components: [], total: 0, usable: false }
  const components = z.array(FoundComponentSchema).parse(JSON.parse(body))
  const total = Number(response.headers.get('X-Total-Count') ?? components.length)
  return {
    components,
    total: Number.isFinite(total) ? total : components.length,
    usable: true,
  }
}
