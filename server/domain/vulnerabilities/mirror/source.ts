import type { Database, Queryable } from '../../../db/database.ts'
import type { MirrorStateRow } from '../../../data/mirror-state.ts'
import type { Logger } from '../../../logger.ts'
import type { CatalogueWriteOptions, VulnerabilityRecord } from '../model.ts'

export { MIRROR_SOURCES, type MirrorSourceName } from '../../../../common/mirror-shapes.ts'
import type { MirrorSourceName } from '../../../../common/mirror-shapes.ts'

/** Reads `vuln-source` (or another group's) configuration, secrets decrypted. */
export type ConfigReader = (groupName: string, propertyName: string) => Promise<string | null>

export interface MirrorRunContext {
  db: Database
  config: ConfigReader
  logger: Logger
  /** The state row when the run began; `position` is where a stopped run left off (or null). */
  state: MirrorStateRow
  /** A folder for downloads that may be large (streamed to disk, never held in memory). */
  workDir: string
  /** HTTP client; tests hand the real fetch and point base URLs at loopback servers. */
  fetch: typeof fetch
  /** Commits one batch atomically with the position reached, so a killed run resumes after it. */
  commit(batch: MirrorBatch): Promise<void>
  /** Sets the step shown in the console (e.g. the window or ecosystem) without a batch. */
  step(currentStep: string, recordsTotal?: number): Promise<void>
  /** Waits without holding anything; resolves early when the worker stops. */
  sleep(ms: number): Promise<void>
}

export interface MirrorBatch {
  /** Catalogue records to write with writeCatalogueBatch. */
  records?: readonly VulnerabilityRecord[]
  writeOptions?: CatalogueWriteOptions
  /** Other writes in the same transaction (EPSS and KEV rows, an incremental marker). */
  write?: (tx: Queryable) => Promise<void>
  /** Counted in records done; defaults to records.length. */
  recordCount?: number
  position: unknown
  recordsTotal?: number | null
  currentStep?: string | null
}

export interface MirrorSource {
  name: MirrorSourceName
  /** The `task-scheduler` property giving the cadence in hours, if 4.13 has one. */
  cadenceProperty: string | null
  /** Fallback cadence and the delay after start-up before the first run (4.13's defaults). */
  defaultCadenceHours: number
  initialDelayMs: number
  isEnabled(config: ConfigReader): Promise<boolean>
  run(context: MirrorRunContext): Promise<void>
  /**
   * Imports a bulk file an administrator uploaded (air-gapped sites) with the same parsing and
   * writing code as run(): an OSV zip, an NVD feed or API page dump, an EPSS CSV, a KEV JSON.
   * Throws an Error with a clear message when the file is not of that kind.
   */
  importFile(context: MirrorRunContext, file: string): Promise<void>
}
