import type { LicenseChoice } from '../licenses/resolve.ts'

/** What a CycloneDX BOM becomes before it is written: Dependency-Track's model, not CycloneDX's. */

export type BomFormat = 'JSON' | 'XML'

/** Every CycloneDX version Lookout reads (Dependency-Track stops at 1.6; 1.7 is accepted too). */
export const SPEC_VERSIONS = ['1.0', '1.1', '1.2', '1.3', '1.4', '1.5', '1.6', '1.7'] as const
export type SpecVersion = (typeof SPEC_VERSIONS)[number]

export function isSpecVersion(value: unknown): value is SpecVersion {
  return typeof value === 'string' && (SPEC_VERSIONS as readonly string[]).includes(value)
}

export interface OrganizationalContact {
  name?: string
  email?: string
  phone?: string
}

export interface OrganizationalEntity {
  name?: string
  urls?: string[]
  contacts?: OrganizationalContact[]
}

export interface ExternalReference {
  type?: string
  url: string
  comment?: string
}

export interface DataClassification {
  direction?: string
  name?: string
}

/** Column names of the twelve hash columns, in the order Dependency-Track lists them. */
export const HASH_COLUMNS = [
  'md5',
  'sha1',
  'sha256',
  'sha384',
  'sha512',
  'sha3_256',
  'sha3_384',
  'sha3_512',
  'blake2b_256',
  'blake2b_384',
  'blake2b_512',
  'blake3',
] as const
export type HashColumn = (typeof HASH_COLUMNS)[number]

export interface ComponentProperty {
  group: string | null
  name: string
  value: string | null
}

/** The stored fields of a component, as the BOM states them. */
export interface ComponentFields {
  name: string
  group: string | null
  version: string | null
  classifier: string
  scope: string | null
  description: string | null
  copyright: string | null
  cpe: string | null
  publisher: string | null
  purl: string | null
  purlCoordinates: string | null
  swidTagId: string | null
  hashes: Record<HashColumn, string | null>
  authors: OrganizationalContact[] | null
  supplier: OrganizationalEntity | null
  externalReferences: ExternalReference[] | null
  /** What the BOM said about the license; the four fields above are resolved from it. */
  licenseChoice: LicenseChoice | null
  license: string | null
  licenseId: string | null
  licenseUrl: string | null
  licenseExpression: string | null
  internal: boolean
}

export interface BomComponent extends ComponentFields {
  bomRef: string
  properties: ComponentProperty[]
}

export interface ServiceFields {
  name: string
  group: string | null
  version: string | null
  description: string | null
  provider: OrganizationalEntity | null
  endpoints: string[] | null
  authenticated: boolean | null
  crossesTrustBoundary: boolean | null
  data: DataClassification[] | null
  externalReferences: ExternalReference[] | null
}

export interface BomService extends ServiceFields {
  bomRef: string
}

/** Project fields a BOM's metadata.component overwrites (nulls included). */
export interface ProjectPatch {
  authors: OrganizationalContact[] | null
  publisher: string | null
  supplier: OrganizationalEntity | null
  manufacturer: OrganizationalEntity | null
  classifier: string
  externalReferences: ExternalReference[] | null
  cpe: string | null
  purl: string | null
  swidTagId: string | null
}

export interface ProjectMetadata {
  authors?: OrganizationalContact[]
  supplier?: OrganizationalEntity
}

export interface ConvertedBom {
  specVersion: string
  serialNumber: string | null
  bomVersion: number | null
  /** Present only when the BOM has metadata.component. */
  project: ProjectPatch | null
  /** Present only when the BOM has metadata; undefined leaves the stored value alone. */
  projectMetadata: ProjectMetadata | null | undefined
  /** The bom-ref of metadata.component: the root of the dependency graph. */
  rootRef: string | null
  components: BomComponent[]
  services: BomService[]
  /** bom-ref → the bom-refs it depends on (entries with no dependsOn are left out). */
  dependencies: Map<string, string[]>
  warnings: string[]
}
