import { z } from 'zod'
import {
  ComponentShape,
  ExternalReferenceShape,
  OrganizationalEntityShape,
} from '../../common/dt-shapes.ts'
import type {
  ComponentPropertyRow,
  ComponentRow,
  Contact,
  ExternalReference,
  GraphComponentRow,
  OrganizationalEntity,
} from '../data/components.ts'
import type { ServiceRow } from '../data/services.ts'
import { HIDDEN_PLACEHOLDER } from '../domain/config/properties.ts'
import type { DependencyGraphEntry, GraphNode } from '../domain/components/dependency-graph.ts'
import { DependencyMetricsShape } from '../../common/metrics-shapes.ts'
import type { DependencyMetricsRow } from '../data/metrics-columns.ts'
import { dependencyMetricsJson } from './metrics-json.ts'
import type { ProjectWithTags } from '../domain/components/project-refs.ts'
import { canonicalCoordinates, canonicalPurl } from '../domain/components/purl.ts'
import { conciseLicenseJson } from './license-json.ts'
import type { MetaByPurl } from '../domain/repositories/meta.ts'
import { RepositoryMetaComponentJson, repositoryMetaJson } from './repository-json.ts'
import { NestedProjectJson, nestedProjectJson } from './project-json.ts'

/** JSON shapes of components, services and their relatives, as Dependency-Track 4.13 writes them. */
const OrganizationalEntityJson = OrganizationalEntityShape
const ExternalReferenceJson = ExternalReferenceShape

type ProjectJson = z.infer<typeof NestedProjectJson>

/** The component's own fields (common/) with the project it belongs to. */
export const ComponentJson = ComponentShape.extend({
  project: NestedProjectJson,
  expandDependencyGraph: z.boolean(),
  metrics: DependencyMetricsShape.optional(),
  repositoryMeta: RepositoryMetaComponentJson.optional(),
})
type ComponentJsonType = z.infer<typeof ComponentJson>

export const ServiceJson = z.object({
  provider: OrganizationalEntityJson.optional(),
  group: z.string().optional(),
  name: z.string(),
  version: z.string().optional(),
  description: z.string().optional(),
  endpoints: z.array(z.string()).optional(),
  authenticated: z.boolean().optional(),
  crossesTrustBoundary: z.boolean().optional(),
  data: z
    .array(z.object({ direction: z.string().optional(), name: z.string().optional() }))
    .optional(),
  externalReferences: z.array(ExternalReferenceJson).optional(),
  notes: z.string().optional(),
  project: NestedProjectJson,
  lastInheritedRiskScore: z.number(),
  uuid: z.string(),
})
type ServiceJsonType = z.infer<typeof ServiceJson>

export const ComponentPropertyJson = z.object({
  groupName: z.string().optional(),
  propertyName: z.string(),
  propertyValue: z.string().optional(),
  propertyType: z.string(),
  description: z.string().optional(),
  uuid: z.string(),
})

export const DependencyGraphResponseJson = z.object({
  uuid: z.string(),
  name: z.string(),
  version: z.string().optional(),
  purl: z.string().optional(),
  directDependencies: z.string().optional(),
  latestVersion: z.string().optional(),
})

export const GraphNodeJson = z.object({
  uuid: z.string(),
  name: z.string(),
  version: z.string().optional(),
  purl: z.string().optional(),
  purlCoordinates: z.string().optional(),
  dependencyGraph: z.array(z.string()).optional(),
  expandDependencyGraph: z.boolean(),
  isInternal: z.boolean(),
  repositoryMeta: z.object({ latestVersion: z.string() }).optional(),
})

const opt = <T>(value: T | null | undefined) => (value === null ? undefined : value)

/** The deprecated single `author`: the authors' names joined, absent when there are none. */
function authorText(authors: Contact[] | null) {
  const names = (authors ?? []).map((contact) => contact.name).filter(Boolean)
  return names.length > 0 ? names.join(', ') : undefined
}

const contacts = (list: Contact[] | null) => opt(list)?.map((c) => ({ ...c }))
const entity = (value: OrganizationalEntity | null) => opt(value)
const references = (list: ExternalReference[] | null) => opt(list)

/** Serializers turn loaded rows into JSON and never query: the owning projects come loaded. */
type OwningProjects = ReadonlyMap<string, ProjectWithTags>

function owningProjectJson(projects: OwningProjects, projectId: number | string): ProjectJson {
  const project = projects.get(String(projectId))!
  return nestedProjectJson(project.row, project.tags)
}

/** Current metrics by component id, where the list shows them (4.13: project list, identity). */
type ComponentMetrics = ReadonlyMap<number, DependencyMetricsRow>

export function componentJson(
  row: ComponentRow,
  projects: OwningProjects,
  metrics?: ComponentMetrics,
  meta?: MetaByPurl,
): ComponentJsonType {
  const project = owningProjectJson(projects, row.project_id)
  const measured = metrics?.get(Number(row.id))
  const known = row.purl ? meta?.get(row.purl) : undefined
  return {
    authors: contacts(row.authors),
    author: authorText(row.authors),
    publisher: opt(row.publisher),
    supplier: entity(row.supplier),
    group: opt(row.group),
    name: row.name,
    version: opt(row.version),
    classifier: opt(row.classifier),
    filename: opt(row.filename),
    extension: opt(row.extension),
    md5: opt(row.md5),
    sha1: opt(row.sha1),
    sha256: opt(row.sha256),
    sha384: opt(row.sha384),
    sha512: opt(row.sha512),
    sha3_256: opt(row.sha3_256),
    sha3_384: opt(row.sha3_384),
    sha3_512: opt(row.sha3_512),
    blake2b_256: opt(row.blake2b_256),
    blake2b_384: opt(row.blake2b_384),
    blake2b_512: opt(row.blake2b_512),
    blake3: opt(row.blake3),
    cpe: opt(row.cpe),
    purl: canonicalPurl(row.purl),
    purlCoordinates: canonicalCoordinates(row.purl_coordinates),
    swidTagId: opt(row.swid_tag_id),
    isInternal: row.internal,
    description: opt(row.description),
    copyright: opt(row.copyright),
    license: opt(row.license),
    licenseExpression: opt(row.license_expression),
    licenseUrl: opt(row.license_url),
    resolvedLicense: row.resolved_license ? conciseLicenseJson(row.resolved_license) : undefined,
    directDependencies: opt(row.direct_dependencies),
    externalReferences: references(row.external_references),
    project,
    lastInheritedRiskScore: opt(row.last_inherited_risk_score),
    notes: opt(row.notes),
    uuid: row.uuid,
    expandDependencyGraph: false,
    ...(measured ? { metrics: dependencyMetricsJson(measured) } : {}),
    ...(known ? { repositoryMeta: repositoryMetaJson(known) } : {}),
  }
}

export const componentsJson =
  (projects: OwningProjects, metrics?: ComponentMetrics, meta?: MetaByPurl) =>
  (row: ComponentRow) =>
    componentJson(row, projects, metrics, meta)

export function serviceJson(row: ServiceRow, projects: OwningProjects): ServiceJsonType {
  const project = owningProjectJson(projects, row.project_id)
  return {
    provider: entity(row.provider),
    group: opt(row.group),
    name: row.name,
    version: opt(row.version),
    description: opt(row.description),
    endpoints: opt(row.endpoints),
    authenticated: opt(row.authenticated),
    crossesTrustBoundary: opt(row.crosses_trust_boundary),
    data: opt(row.data),
    externalReferences: references(row.external_references),
    notes: opt(row.notes),
    project,
    // The column is NOT NULL DEFAULT 0 in Dependency-Track, so the score is always present.
    lastInheritedRiskScore: row.last_inherited_risk_score ?? 0,
    uuid: row.uuid,
  }
}

export const servicesJson = (projects: OwningProjects) => (row: ServiceRow) =>
  serviceJson(row, projects)

export function componentPropertyJson(row: ComponentPropertyRow) {
  const value = row.property_type === 'ENCRYPTEDSTRING' ? HIDDEN_PLACEHOLDER : row.property_value
  return {
    groupName: opt(row.group_name),
    propertyName: row.property_name,
    propertyValue: opt(value),
    propertyType: row.property_type,
    description: opt(row.description),
    uuid: row.uuid,
  }
}

/** A DependencyGraphResponse, with the latest version repository metadata knows. */
export const dependencyGraphResponseJson = (meta: MetaByPurl) => (entry: DependencyGraphEntry) => {
  if (entry.kind === 'service') {
    const { uuid, name, version } = entry.row
    return { uuid, name, version: opt(version) }
  }
  const row: GraphComponentRow = entry.row
  return {
    uuid: row.uuid,
    name: row.name,
    version: opt(row.version),
    purl: opt(row.purl),
    directDependencies: opt(row.direct_dependencies),
    latestVersion: row.purl ? (meta.get(row.purl)?.latest_version ?? undefined) : undefined,
  }
}

export function graphNodeJson(node: GraphNode, meta: MetaByPurl) {
  const latestVersion = node.row.purl ? meta.get(node.row.purl)?.latest_version : undefined
  return {
    uuid: node.row.uuid,
    name: node.row.name,
    version: opt(node.row.version),
    purl: canonicalPurl(node.row.purl),
    purlCoordinates: canonicalCoordinates(node.row.purl_coordinates),
    dependencyGraph: node.dependencyGraph ? [...node.dependencyGraph] : undefined,
    expandDependencyGraph: node.expand,
    isInternal: false,
    ...(latestVersion ? { repositoryMeta: { latestVersion } } : {}),
  }
}
