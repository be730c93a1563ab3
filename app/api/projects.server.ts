import { z } from 'zod'
import type { ApiClient } from './client.server.ts'

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
    metrics: z
      .object({
        components: z.number().optional(),
        vulnerabilities: z.number().optional(),
        critical: z.number().optional(),
        high: z.number().optional(),
        medium: z.number().optional(),
        low: z.number().optional(),
        unassigned: z.number().optional(),
        policyViolationsTotal: z.number().optional(),
        policyViolationsFail: z.number().optional(),
        policyViolationsWarn: z.number().optional(),
        policyViolationsInfo: z.number().optional(),
      })
      .loose()
      .optional(),
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
