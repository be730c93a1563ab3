import type { AliasField, Severity, VulnerabilitySource } from '../../../common/dt-vocabulary.ts'

/**
 * One piece of affected software as a source reports it: a CPE or a purl, and either an exact
 * version (in the identifier or `version`) or a range. Two entries with the same content are the
 * same row (see softwareContentKey).
 */
export interface VulnerableSoftwareInput {
  purl?: string | null
  purlType?: string | null
  purlNamespace?: string | null
  purlName?: string | null
  purlVersion?: string | null
  purlQualifiers?: string | null
  purlSubpath?: string | null
  cpe22?: string | null
  cpe23?: string | null
  part?: string | null
  vendor?: string | null
  product?: string | null
  version?: string | null
  update?: string | null
  edition?: string | null
  language?: string | null
  swEdition?: string | null
  targetSw?: string | null
  targetHw?: string | null
  other?: string | null
  versionEndExcluding?: string | null
  versionEndIncluding?: string | null
  versionStartExcluding?: string | null
  versionStartIncluding?: string | null
  vulnerable?: boolean
}

/** One group of identifiers naming the same flaw (VulnerabilityAlias without its uuid). */
export type AliasInput = Partial<Record<AliasField, string>>

/**
 * A vulnerability as every source's parser hands it to the catalogue writer: already mapped to
 * Dependency-Track's fields. `undefined` means "the source says nothing" (the stored value stays
 * where the sync rule says so); `null` means "the source says there is none".
 */
export interface VulnerabilityRecord {
  source: VulnerabilitySource
  vulnId: string
  friendlyVulnId?: string | null
  title?: string | null
  subTitle?: string | null
  description?: string | null
  detail?: string | null
  recommendation?: string | null
  /** Markdown, one `* [url](url)` line per reference. */
  references?: string | null
  credits?: string | null
  created?: Date | null
  published?: Date | null
  updated?: Date | null
  cwes?: number[] | null
  cvssV2Vector?: string | null
  cvssV2BaseScore?: number | null
  cvssV2ImpactSubScore?: number | null
  cvssV2ExploitabilitySubScore?: number | null
  cvssV3Vector?: string | null
  cvssV3BaseScore?: number | null
  cvssV3ImpactSubScore?: number | null
  cvssV3ExploitabilitySubScore?: number | null
  cvssV4Vector?: string | null
  cvssV4Score?: number | null
  owaspRRVector?: string | null
  owaspRRLikelihoodScore?: number | null
  owaspRRTechnicalImpactScore?: number | null
  owaspRRBusinessImpactScore?: number | null
  severity?: Severity | null
  vulnerableVersions?: string | null
  patchedVersions?: string | null
  /** Null or undefined leaves the stored vulnerable software as it is. */
  vulnerableSoftware?: VulnerableSoftwareInput[] | null
  /** Each entry is merged into the alias table (only when the source's alias sync is on). */
  aliases?: AliasInput[]
}

/**
 * How the writer treats a record that already exists (dt-behaviour §2.6):
 * - `replace-if-updated` (GitHub, OSV, Snyk, VulnDB): unchanged `updated` → nothing at all;
 *   otherwise every field is overwritten.
 * - `field-diff` (NVD): fields are overwritten one by one; CWEs only by a non-empty list.
 * - `keep-fields` (OSV records for NVD/GitHub ids whose own mirror is on): fields stay, aliases
 *   and vulnerable software are still reconciled.
 */
export type SyncPolicy = 'replace-if-updated' | 'field-diff' | 'keep-fields'

export interface CatalogueWriteOptions {
  /** The attribution every vulnerable-software link gets (the mirror's own source). */
  attributionSource: VulnerabilitySource
  syncAliases: boolean
  /** Per record; defaults to `replace-if-updated`. */
  policyFor?: (record: VulnerabilityRecord) => SyncPolicy
}

export interface CatalogueWriteResult {
  created: number
  updated: number
  unchanged: number
}
