import type { ConditionOperator, Severity } from '../../../../common/dt-vocabulary.ts'
import type { ResolvedLicense } from './license-expression.ts'
import type { Distance } from './version-distance.ts'

/** A vulnerability of a component that no analysis suppressed. */
export interface VulnerabilityFacts {
  vulnId: string
  /** Stored, else derived from CVSS and OWASP scores (as findings show it). */
  severity: Severity
  /** null when the vulnerability names no CWE. */
  cwes: readonly number[] | null
  /** Only NVD vulnerabilities carry one. */
  epss: number | null
}

/** What the package's repository says (§8.2), when Lookout has a record of it. */
export interface RepositoryFacts {
  published: Date | null
  /** From the component's version to the latest one; null when either cannot be read. */
  distance: Distance | null
}

/** Everything a condition looks at, for one component (loaded a batch at a time). */
export interface ComponentFacts {
  id: number
  group: string | null
  name: string
  version: string | null
  /** ComponentVersion tokens of the version (none for a missing version). */
  versionTokens: readonly string[]
  /** Stored canonical, qualifiers included. */
  purl: string | null
  cpe: string | null
  swidTagId: string | null
  /** Lower-case hash values by the condition's algorithm name (`SHA-256`). */
  hashes: ReadonlyMap<string, string>
  license: ResolvedLicense
  vulnerabilities: readonly VulnerabilityFacts[]
  repository: RepositoryFacts | null
  /** Listed in the project's directDependencies. */
  directDependency: boolean
}

export interface LocalDate {
  year: number
  month: number
  day: number
}

/** What conditions are prepared with, loaded once per evaluation. */
export interface PrepareContext {
  /** License group UUID → the licenseIds in it. */
  licenseGroups: ReadonlyMap<string, ReadonlySet<string>>
  /** License UUID → its licenseId. */
  licenses: ReadonlyMap<string, string>
  /** The server's local date. */
  today: LocalDate
}

/**
 * One condition subject: `prepare` reads a condition once (null when it can never produce a
 * violation: an operator the subject does not support, a value it cannot read, a license group
 * that does not exist); `violates` decides for one component.
 */
export interface SubjectRule<Prepared> {
  prepare(operator: ConditionOperator, value: string, context: PrepareContext): Prepared | null
  violates(prepared: Prepared, component: ComponentFacts): boolean
}

/** The facts beyond the component row that a subject needs (each one bulk query per batch). */
export type FactKind = 'vulnerabilities' | 'license' | 'repository'
