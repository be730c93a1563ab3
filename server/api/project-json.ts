import { z } from 'zod'
import {
  ContactShape,
  ExternalReferenceShape,
  OrganizationalEntityShape,
} from '../../common/dt-shapes.ts'
import { ProjectMetricsShape } from '../../common/metrics-shapes.ts'
import type { ProjectRef, ProjectRow } from '../data/projects.ts'
import type { ProjectPropertyRow } from '../data/project-properties.ts'
import { HIDDEN_PLACEHOLDER } from '../domain/config/properties.ts'
import { canonicalPurl } from '../domain/projects/input.ts'
import { projectMetricsJson } from './metrics-json.ts'
import type { ProjectView } from '../domain/projects/view.ts'

/** Project JSON exactly as Dependency-Track 4.13 serialises it (nulls omitted, dates epoch ms). */
const ContactJson = ContactShape
const EntityJson = OrganizationalEntityShape

export const ProjectPropertyJson = z.object({
  groupName: z.string(),
  propertyName: z.string(),
  propertyValue: z.string().optional(),
  propertyType: z.string(),
  description: z.string().optional(),
})

export const ProjectRefJson = z.object({
  name: z.string(),
  version: z.string().optional(),
  uuid: z.string(),
})

/** The project's own fields: what a shallow child shows. */
export const ShallowProjectJson = z.object({
  name: z.string(),
  version: z.string().optional(),
  group: z.string().optional(),
  description: z.string().optional(),
  publisher: z.string().optional(),
  author: z.string().optional(),
  authors: z.array(ContactJson).optional(),
  manufacturer: EntityJson.optional(),
  supplier: EntityJson.optional(),
  classifier: z.string().optional(),
  collectionLogic: z.string(),
  collectionTag: z.object({ name: z.string() }).optional(),
  cpe: z.string().optional(),
  purl: z.string().optional(),
  swidTagId: z.string().optional(),
  directDependencies: z.string().optional(),
  uuid: z.string(),
  lastBomImport: z.number().optional(),
  lastBomImportFormat: z.string().optional(),
  lastInheritedRiskScore: z.number().optional(),
  lastVulnerabilityAnalysis: z.number().optional(),
  active: z.boolean(),
  isLatest: z.boolean(),
  externalReferences: z.array(ExternalReferenceShape.extend({ url: z.string() })).optional(),
  metadata: z
    .object({ supplier: EntityJson.optional(), authors: z.array(ContactJson).optional() })
    .optional(),
})

const TagsJson = z.array(z.object({ name: z.string() }))

/** The project nested in a component or service: its own fields and its tags. */
export const NestedProjectJson = ShallowProjectJson.extend({ tags: TagsJson })

export const ProjectJson = ShallowProjectJson.extend({
  parent: ProjectRefJson.optional(),
  children: z.array(ShallowProjectJson).optional(),
  properties: z.array(ProjectPropertyJson).optional(),
  tags: TagsJson.optional(),
  versions: z
    .array(z.object({ uuid: z.string(), version: z.string().optional(), active: z.boolean() }))
    .optional(),
  metrics: ProjectMetricsShape.optional(),
})
export type ProjectJson = z.infer<typeof ProjectJson>

const optional = <T>(value: T | null | undefined) => (value === null ? undefined : value)
const epoch = (date: Date | null) => (date ? new Date(date).getTime() : undefined)

function authorNames(authors: unknown[] | null) {
  const names = (authors ?? [])
    .map((author) => (author as { name?: unknown }).name)
    .filter((name): name is string => typeof name === 'string' && name !== '')
  return names.length > 0 ? names.join(', ') : undefined
}

export function shallowProjectJson(row: ProjectRow): z.infer<typeof ShallowProjectJson> {
  return {
    name: row.name,
    version: optional(row.version),
    group: optional(row.group),
    description: optional(row.description),
    publisher: optional(row.publisher),
    author: authorNames(row.authors),
    authors: optional(row.authors) as z.infer<typeof ContactJson>[] | undefined,
    manufacturer: optional(row.manufacturer) as z.infer<typeof EntityJson> | undefined,
    supplier: optional(row.supplier) as z.infer<typeof EntityJson> | undefined,
    classifier: optional(row.classifier),
    collectionLogic: row.collection_logic ?? 'NONE',
    collectionTag: row.collection_tag === null ? undefined : { name: row.collection_tag },
    cpe: optional(row.cpe),
    purl: canonicalPurl(row.purl),
    swidTagId: optional(row.swid_tag_id),
    directDependencies: optional(row.direct_dependencies),
    uuid: row.uuid,
    lastBomImport: epoch(row.last_bom_import),
    lastBomImportFormat: optional(row.last_bom_import_format),
    lastInheritedRiskScore: optional(row.last_inherited_risk_score),
    lastVulnerabilityAnalysis: epoch(row.last_vulnerability_analysis),
    active: row.active,
    isLatest: row.is_latest,
    externalReferences: optional(row.external_references) as ProjectJson['externalReferences'],
    metadata: optional(row.metadata) as ProjectJson['metadata'],
  }
}

export function nestedProjectJson(
  row: ProjectRow,
  tags: readonly string[],
): z.infer<typeof NestedProjectJson> {
  return { ...shallowProjectJson(row), tags: tags.map((name) => ({ name })) }
}

/** Encrypted values never leave the server, not even in their encrypted form. */
export function projectPropertyJson(row: ProjectPropertyRow): z.infer<typeof ProjectPropertyJson> {
  const value = row.property_type === 'ENCRYPTEDSTRING' ? HIDDEN_PLACEHOLDER : row.property_value
  return {
    groupName: row.group_name,
    propertyName: row.property_name,
    propertyValue: optional(value),
    propertyType: row.property_type,
    description: optional(row.description),
  }
}

export const projectRefJson = (ref: ProjectRef): z.infer<typeof ProjectRefJson> => ({
  name: ref.name,
  version: optional(ref.version),
  uuid: ref.uuid,
})

export function projectJson(view: ProjectView): ProjectJson {
  return {
    ...shallowProjectJson(view.row),
    ...(view.hierarchy
      ? {
          parent: view.hierarchy.parent && projectRefJson(view.hierarchy.parent),
          children: view.hierarchy.children.map(shallowProjectJson),
        }
      : {}),
    properties: view.properties.map(projectPropertyJson),
    tags: view.tags.map((name) => ({ name })),
    ...(view.versions
      ? {
          versions: view.versions.map((version) => ({
            uuid: version.uuid,
            version: optional(version.version),
            active: version.active,
          })),
        }
      : {}),
    ...(view.metrics ? { metrics: projectMetricsJson(view.metrics) } : {}),
  }
}
