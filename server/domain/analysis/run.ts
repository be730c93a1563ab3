import type { AnalysisLevel } from '../../../common/dt-vocabulary.ts'
import {
  componentsAfter,
  configGroup,
  insertFindings,
  markProjectAnalysed,
  projectExists,
  type AnalyzableRow,
} from '../../data/analysis.ts'
import type { Database } from '../../db/database.ts'
import { timeSlice } from '../../lib/time-slice.ts'
import type { Logger } from '../../logger.ts'
import { inheritDecisions } from '../audit/inherit.ts'
import { decryptValue } from '../config/crypto.ts'
import { truncateReferenceUrl } from './attribution.ts'
import type { AnalysisContext, AnalyzableComponent, Analyzer, AnalyzerMatch } from './model.ts'
import { enabledAnalyzers } from './registry.ts'

/** Components per batch: one candidate query and one findings write per analyzer and batch. */
export const ANALYSIS_BATCH = 2000

export interface AnalysisDeps {
  db: Database
  logger: Logger
  encryptionKey: Uint8Array
  signal?: AbortSignal
  serviceUrls?: AnalysisContext['serviceUrls']
  /** The analyzers to run; the enabled ones of the registry by default (tests replace them). */
  analyzers?: (settings: ReadonlyMap<string, string | null>) => readonly Analyzer[]
}

export interface AnalysisRequest {
  projectId: number
  level: AnalysisLevel
  componentIds?: readonly number[]
}

export interface AnalysisOutcome {
  components: number
  newFindings: number
}

/** The `scanner` group's settings, secrets decrypted (external analyzers need their keys). */
export async function scannerSettings(db: Database, encryptionKey: Uint8Array) {
  const settings = new Map<string, string | null>()
  for (const row of await configGroup(db, 'scanner')) {
    let value = row.property_value
    if (value !== null && row.property_type === 'ENCRYPTEDSTRING') {
      try {
        value = decryptValue(encryptionKey, value)
      } catch {
        value = null
      }
    }
    settings.set(row.property_name, value)
  }
  return settings
}

const toComponent = (row: AnalyzableRow): AnalyzableComponent => ({
  id: Number(row.id),
  uuid: row.uuid,
  projectId: Number(row.project_id),
  name: row.name,
  group: row.group,
  version: row.version,
  purl: row.purl,
  cpe: row.cpe,
  internal: row.internal,
  classifier: row.classifier,
})

/**
 * One analysis (4.13 §2.1): the project's components (or some of them) in batches; per batch
 * every enabled analyzer in order over the components it is capable of; findings added
 * set-based, the first analyzer to report one owning its attribution, none ever removed. Decision
 * rules are applied to the new findings in the same transaction. Sets lastVulnerabilityAnalysis
 * when the whole project was analysed.
 */
export async function analyzeProject(
  deps: AnalysisDeps,
  request: AnalysisRequest,
): Promise<AnalysisOutcome | undefined> {
  const { db, logger } = deps
  if (!(await projectExists(db, request.projectId))) return undefined
  const settings = await scannerSettings(db, deps.encryptionKey)
  const analyzers = (deps.analyzers ?? enabledAnalyzers)(settings)
  const context: AnalysisContext = {
    db,
    logger,
    level: request.level,
    settings,
    signal: deps.signal,
    serviceUrls: deps.serviceUrls,
  }
  const outcome: AnalysisOutcome = { components: 0, newFindings: 0 }
  const slice = timeSlice()
  for (let after = 0; ;) {
    const rows = await componentsAfter(
      db,
      request.projectId,
      after,
      ANALYSIS_BATCH,
      request.componentIds,
    )
    if (rows.length === 0) break
    after = Number(rows.at(-1)!.id)
    const batch = rows.map(toComponent)
    outcome.components += batch.length
    for (const analyzer of analyzers) {
      deps.signal?.throwIfAborted()
      // Deciding capability parses every purl: a 2,000-component batch would hold the event
      // loop for 100 ms and more in one go.
      const capable: AnalyzableComponent[] = []
      for (const component of batch) {
        if (analyzer.isCapable(component, settings)) capable.push(component)
        if (slice.due) await slice.pause()
      }
      if (capable.length === 0) continue
      const asked = new Set(capable.map((component) => component.id))
      const matches = (await analyzer.analyze(capable, context)).filter((match) =>
        asked.has(match.componentId),
      )
      outcome.newFindings += await addFindings(db, analyzer, matches)
    }
    if (rows.length < ANALYSIS_BATCH) break
  }
  if (!request.componentIds) await markProjectAnalysed(db, request.projectId)
  return outcome
}

async function addFindings(
  db: Database,
  analyzer: Analyzer,
  matches: readonly AnalyzerMatch[],
): Promise<number> {
  if (matches.length === 0) return 0
  const findings = matches.map((match) => ({
    componentId: match.componentId,
    vulnerabilityId: match.vulnerabilityId,
    alternateIdentifier: match.alternateIdentifier ?? null,
    referenceUrl: truncateReferenceUrl(match.referenceUrl),
  }))
  return db.transaction(async (tx) => {
    const ids = await insertFindings(tx, analyzer.identity, findings)
    if (ids.length > 0) await inheritDecisions(tx, ids)
    return ids.length
  })
}
