import type { AnalysisLevel, AnalyzerIdentity } from '../../../common/dt-vocabulary.ts'
import type { Queryable } from '../../db/database.ts'
import type { Logger } from '../../logger.ts'

/**
 * SHARED CONTRACT of the analysis engine (orchestration, internal and external analyzers).
 */

/** What an analyzer needs to know of a component. */
export interface AnalyzableComponent {
  id: number
  uuid: string
  projectId: number
  name: string
  group: string | null
  version: string | null
  purl: string | null
  cpe: string | null
  internal: boolean
  classifier: string | null
}

/** One reported finding; the vulnerability already exists in the catalogue. */
export interface AnalyzerMatch {
  componentId: number
  vulnerabilityId: number
  alternateIdentifier?: string | null
  referenceUrl?: string | null
}

export interface AnalysisContext {
  db: Queryable
  logger: Logger
  level: AnalysisLevel
  /** Config properties of group `scanner` by property name. */
  settings: ReadonlyMap<string, string | null>
  /** Aborts long external calls when the job is cancelled or the process stops. */
  signal?: AbortSignal
  /**
   * Decrypts ENCRYPTEDSTRING settings (API tokens) for the external analyzers; without it those
   * settings are taken as already decrypted.
   */
  encryptionKey?: Uint8Array
  /**
   * Base URLs that 4.13 does not make configurable (env `LOOKOUT_OSSINDEX_URL`,
   * `LOOKOUT_VULNDB_URL`); the public services when absent.
   */
  serviceUrls?: { ossIndex?: string; vulnDb?: string }
}

/**
 * One analyzer in 4.13's order (Internal, OSS Index, Snyk, Trivy, VulnDB). `analyze` gets the
 * capable components of one batch and returns every match; the orchestrator writes findings.
 */
export interface Analyzer {
  identity: AnalyzerIdentity
  isEnabled(settings: ReadonlyMap<string, string | null>): boolean
  isCapable(component: AnalyzableComponent, settings: ReadonlyMap<string, string | null>): boolean
  analyze(
    components: readonly AnalyzableComponent[],
    context: AnalysisContext,
  ): Promise<AnalyzerMatch[]>
}

/** Job kind of one analysis run (a project, or some of its components). */
export const ANALYSIS_JOB = 'vulnerability.analysis'

export interface AnalysisJobPayload {
  projectId: number
  level: AnalysisLevel
  /** Only these components; all of the project's when absent. */
  componentIds?: number[]
}
