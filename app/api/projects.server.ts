import { z } from 'zod'
import { PROPERTY_TYPES } from '../../common/dt-vocabulary.ts'
import { ProjectMetricsShape } from '../../common/metrics-shapes.ts'
import type { ApiClient } from './client.server.ts'
import {
  ContactSchema,
  ExternalReferenceSchema,
  OrganizationalEntitySchema as EntitySchema,
} from './schemas.server.ts'

export type { Contact, ExternalReference, OrganizationalEntity } from './schemas.server.ts'

const NamedSchema = z.object({ name: z.string() }).loose()

export const ProjectRowSchema = z
  .object({
    uuid: z.string(),
    name: z.string(),
    version: z.string().optional(),
    isLatest: z.boolean().optional(),
    classifier: z.string().optional(),
    collectionLogic: z.string().optional(),
    collectionTag: NamedSchema.optional(),
    tags: z.array(NamedSchema).optional(),
    lastBomImport: z.number().optional(),
    lastBomImportFormat: z.string().optional(),
    lastInheritedRiskScore: z.number().optional(),
    active: z.boolean().optional(),
    children: z
      .array(z.object({ uuid: z.string(), active: z.boolean().optional() }).loose())
      .optional(),
    // The latest metrics row, absent until the project was first measured.
    metrics: ProjectMetricsShape.partial().loose().optional(),
  })
  .loose()
export type ProjectRow = z.infer<typeof ProjectRowSchema>

export interface ProjectListOptions {
  tag?: string
  classifier?: string
  parentUuid?: string
  excludeInactive: boolean
  onlyRoot: boolean
  searchText?: string
  pageNumber: number
  pageSize: number
  sortName?: string
  sortOrder?: 'asc' | 'desc'
}

/** One page of projects, as the 4.13 project list asks for it, with the total count. */
export async function listProjects(api: ApiClient, options: ProjectListOptions) {
  const base = options.parentUuid
    ? `/v1/project/${encodeURIComponent(options.parentUuid)}/children`
    : '/v1/project'
  const path = options.tag
    ? `${base}/tag/${encodeURIComponent(options.tag)}`
    : options.classifier
      ? `${base}/classifier/${encodeURIComponent(options.classifier)}`
      : base
  const response = await api.send(path, {
    query: {
      excludeInactive: options.excludeInactive,
      onlyRoot: options.parentUuid ? undefined : options.onlyRoot,
      searchText: options.searchText,
      pageNumber: options.pageNumber,
      pageSize: options.pageSize,
      sortName: options.sortName,
      sortOrder: options.sortName ? options.sortOrder : undefined,
    },
  })
  const projects = z.array(ProjectRowSchema).parse(await response.json())
  const total = Number(response.headers.get('X-Total-Count') ?? projects.length)
  return { projects, total: Number.isFinite(total) ? total : projects.length }
}

/** Whether the reader can see any project at all, inactive ones included. */
export async function hasAnyProject(api: ApiClient) {
  const { total } = await listProjects(api, {
    excludeInactive: false,
    onlyRoot: false,
    pageNumber: 1,
    pageSize: 1,
  })
  return total > 0
}

export const TeamRefSchema = z.object({ uuid: z.string(), name: z.string() }).loose()

export async function visibleTeams(api: ApiClient) {
  const teams = await api.json(z.array(TeamRefSchema), '/v1/team/visible')
  return teams.sort((a, b) => a.name.localeCompare(b.name))
}

export interface NewProject {
  name: string
  version?: string
  isLatest: boolean
  classifier: string
  collectionLogic: string
  collectionTag?: string
  parentUuid?: string
  teamUuid?: string
  description?: string
  tags: string[]
  group?: string
  purl?: string
  cpe?: string
  swidTagId?: string
}

export async function createProject(api: ApiClient, project: NewProject) {
  return api.json(ProjectRowSchema, '/v1/project', {
    method: 'PUT',
    json: {
      name: project.name,
      version: project.version,
      group: project.group,
      description: project.description,
      parent: project.parentUuid ? { uuid: project.parentUuid } : null,
      classifier: project.classifier,
      accessTeams: project.teamUuid ? [{ uuid: project.teamUuid }] : [],
      collectionLogic: project.collectionLogic,
      collectionTag:
        project.collectionLogic === 'AGGREGATE_DIRECT_CHILDREN_WITH_TAG' && project.collectionTag
          ? { name: project.collectionTag }
          : null,
      purl: project.purl,
      cpe: project.cpe,
      swidTagId: project.swidTagId,
      tags: project.tags.map((name) => ({ name })),
      active: true,
      isLatest: project.isLatest,
    },
  })
}

export const ProjectDetailSchema = ProjectRowSchema.extend({
  description: z.string().optional(),
  group: z.string().optional(),
  purl: z.string().optional(),
  cpe: z.string().optional(),
  swidTagId: z.string().optional(),
  lastVulnerabilityAnalysis: z.number().optional(),
  parent: z
    .object({ uuid: z.string(), name: z.string(), version: z.string().optional() })
    .loose()
    .optional(),
  versions: z
    .array(
      z
        .object({
          uuid: z.string(),
          version: z.string().optional(),
          active: z.boolean().optional(),
        })
        .loose(),
    )
    .optional(),
  externalReferences: z
    .array(z.object({ url: z.string(), type: z.string().optional() }).loose())
    .optional(),
  directDependencies: z.string().optional(),
})
export type ProjectDetail = z.infer<typeof ProjectDetailSchema>

export function getProject(api: ApiClient, uuid: string) {
  return api.json(ProjectDetailSchema, `/v1/project/${encodeURIComponent(uuid)}`)
}

/** Everything the Project Details dialog shows or must send back unchanged on update. */
export const ProjectFullSchema = ProjectDetailSchema.extend({
  publisher: z.string().optional(),
  authors: z.array(ContactSchema).optional(),
  manufacturer: EntitySchema.optional(),
  supplier: EntitySchema.optional(),
  externalReferences: z.array(ExternalReferenceSchema).optional(),
  metadata: z
    .object({ supplier: EntitySchema.optional(), authors: z.array(ContactSchema).optional() })
    .loose()
    .optional(),
})
export type ProjectFull = z.infer<typeof ProjectFullSchema>

export function getProjectFull(api: ApiClient, uuid: string) {
  return api.json(ProjectFullSchema, `/v1/project/${encodeURIComponent(uuid)}`)
}

/** What the General and Identity tabs edit. */
export interface ProjectEdits {
  name: string
  version?: string
  isLatest: boolean
  classifier: string
  collectionLogic: string
  collectionTag?: string
  parentUuid?: string
  description?: string
  tags: string[]
  active: boolean
  group?: string
  purl?: string
  cpe?: string
  swidTagId?: string
}

/**
 * POST /v1/project replaces every field and clears what is absent, so the body carries the
 * edited fields plus everything the form does not show (authors, publisher, manufacturer,
 * supplier, external references) exactly as the server has them now.
 */
export function buildUpdateBody(current: ProjectFull, edits: ProjectEdits) {
  return {
    uuid: current.uuid,
    name: edits.name,
    version: edits.version ?? null,
    group: edits.group ?? null,
    description: edits.description ?? null,
    classifier: edits.classifier,
    collectionLogic: edits.collectionLogic,
    collectionTag:
      edits.collectionLogic === 'AGGREGATE_DIRECT_CHILDREN_WITH_TAG' && edits.collectionTag
        ? { name: edits.collectionTag }
        : null,
    parent: edits.parentUuid ? { uuid: edits.parentUuid } : null,
    cpe: edits.cpe ?? null,
    purl: edits.purl ?? null,
    swidTagId: edits.swidTagId ?? null,
    tags: edits.tags.map((name) => ({ name })),
    active: edits.active,
    isLatest: edits.isLatest,
    authors: current.authors ?? null,
    publisher: current.publisher ?? null,
    manufacturer: current.manufacturer ?? null,
    supplier: current.supplier ?? null,
    externalReferences: current.externalReferences ?? null,
  }
}

export function updateProject(api: ApiClient, body: ReturnType<typeof buildUpdateBody>) {
  return api.json(ProjectFullSchema, '/v1/project', { method: 'POST', json: body })
}

export async function deleteProject(api: ApiClient, uuid: string) {
  await api.send(`/v1/project/${encodeURIComponent(uuid)}`, { method: 'DELETE' })
}

export interface ParentChoice {
  uuid: string
  name: string
  version?: string
}

/** Active projects that may become the parent: everything but the project and its descendants. */
export async function parentChoices(api: ApiClient, uuid: string): Promise<ParentChoice[]> {
  const projects = await api.json(
    z.array(ProjectRowSchema),
    `/v1/project/withoutDescendantsOf/${encodeURIComponent(uuid)}`,
    { query: { excludeInactive: true, pageNumber: 1, pageSize: 500 } },
  )
  return projects
    .map(({ uuid, name, version }) => ({ uuid, name, version }))
    .sort(
      (a, b) => a.name.localeCompare(b.name) || (a.version ?? '').localeCompare(b.version ?? ''),
    )
}

const ChildSchema = z
  .object({ uuid: z.string(), active: z.boolean().optional() })
  .loose()
  .transform(({ uuid, active }) => ({ uuid, active: active !== false }))

/**
 * Whether any descendant is active (the API refuses to deactivate such a project). Direct
 * children come with the project; inactive ones are searched further, breadth first.
 */
export async function hasActiveDescendant(
  api: ApiClient,
  children: Array<{ uuid: string; active?: boolean }>,
  limit = 50,
): Promise<boolean> {
  const queue = children.map((child) => ({ uuid: child.uuid, active: child.active !== false }))
  let requests = 0
  while (queue.length > 0) {
    const next = queue.shift()!
    if (next.active) return true
    if (requests >= limit) return false
    requests += 1
    const grandchildren = await api.json(
      z.array(ChildSchema),
      `/v1/project/${encodeURIComponent(next.uuid)}/children`,
      { query: { pageNumber: 1, pageSize: 100 } },
    )
    queue.push(...grandchildren)
  }
  return false
}

export { PROPERTY_TYPES }

const PropertySchema = z
  .object({
    groupName: z.string(),
    propertyName: z.string(),
    propertyValue: z.string().optional(),
    propertyType: z.string(),
    description: z.string().optional(),
  })
  .loose()

/** Encrypted values never reach the console: the API sends a placeholder, and so does this. */
export async function listProperties(api: ApiClient, uuid: string) {
  const properties = await api.json(
    z.array(PropertySchema),
    `/v1/project/${encodeURIComponent(uuid)}/property`,
  )
  return properties.map(
    ({ groupName, propertyName, propertyValue, propertyType, description }) => ({
      groupName,
      propertyName,
      propertyValue: propertyType === 'ENCRYPTEDSTRING' ? undefined : propertyValue,
      propertyType,
      description,
    }),
  )
}
export type ProjectProperty = Awaited<ReturnType<typeof listProperties>>[number]

export async function createProperty(
  api: ApiClient,
  uuid: string,
  property: {
    groupName: string
    propertyName: string
    propertyValue: string
    propertyType: string
    description?: string
  },
) {
  await api.send(`/v1/project/${encodeURIComponent(uuid)}/property`, {
    method: 'PUT',
    json: property,
  })
}

export async function deleteProperty(
  api: ApiClient,
  uuid: string,
  key: { groupName: string; propertyName: string },
) {
  await api.send(`/v1/project/${encodeURIComponent(uuid)}/property`, {
    method: 'DELETE',
    json: key,
  })
}

export interface CloneOptions {
  version: string
  makeCloneLatest: boolean
  includeTags: boolean
  includeProperties: boolean
  includeComponents: boolean
  includeServices: boolean
  includeAuditHistory: boolean
  includeACL: boolean
  includePolicyViolations: boolean
}

/** Starts the clone (a background job) and answers its token. */
export async function cloneProject(api: ApiClient, uuid: string, options: CloneOptions) {
  const answer = await api.json(z.object({ token: z.string() }), '/v1/project/clone', {
    method: 'PUT',
    json: { project: uuid, ...options },
  })
  return answer.token
}
