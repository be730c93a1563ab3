import type { Database } from '../db/database.ts'
import {
  applyIngest,
  ingestConvertedBom,
  internalPatterns,
  prepareIngest,
  type IngestResult,
} from '../domain/bom/ingest.ts'
import { requestProjectAnalysis } from '../domain/analysis/triggers.ts'
import { takeOver } from '../domain/bom/handoff.ts'
import {
  discardAbandonedBatches,
  discardStagedComponents,
  stageNewComponents,
} from '../domain/bom/new-components.ts'
import { requestProjectMetadata } from '../domain/repositories/triggers.ts'
import type { BomProcessPayload } from '../domain/bom/jobs.ts'
import type { BomFormat, ConvertedBom } from '../domain/bom/model.ts'
import type { BomWorkers } from '../domain/bom/workers.ts'
import {
  discardStoredUpload,
  loadStoredUpload,
  type StoredUpload,
} from '../domain/bom/stored-uploads.ts'
import type { Logger } from '../logger.ts'
import { enqueueJob } from './queue.ts'
import type { JobHandler } from './worker.ts'

const MAX_LOGGED_WARNINGS = 20
// Plans made outside the write transaction that another writer overtook are made again this
// often; then the plan is made inside the transaction, under the project's lock.
const OPTIMISTIC_TRIES = 2

/** One import per project at a time in this process, so this process's plans never overtake each other. */
const projectTurns = new Map<number, Promise<unknown>>()

async function inProjectTurn<T>(projectId: number, fn: () => Promise<T>): Promise<T> {
  const previous = projectTurns.get(projectId) ?? Promise.resolve()
  const turn = previous.then(fn, fn)
  const settled = turn.catch(() => undefined)
  projectTurns.set(projectId, settled)
  try {
    return await turn
  } finally {
    if (projectTurns.get(projectId) === settled) projectTurns.delete(projectId)
  }
}

export interface BomJobDeps {
  bomWorkers: BomWorkers
}

/** The stored upload read back (inflated, parsed, converted) in a BOM worker. */
async function storedBom(deps: BomJobDeps, db: Database, upload: StoredUpload, logger: Logger) {
  const internal = await internalPatterns(db, (pattern) =>
    logger.warn({ pattern }, 'invalid internal-component pattern ignored'),
  )
  const content = upload.content!
  upload.content = undefined
  const read = await deps.bomWorkers.run({
    kind: 'stored',
    content,
    format: upload.format as BomFormat,
    specVersion: upload.spec_version,
    internal,
  })
  return read.converted
}

/**
 * Plans outside any transaction and writes the new components as a pending batch, then writes
 * the rest in one short transaction that publishes the batch and removes the upload; 'stale'
 * when the project's inventory changed in between (the batch is discarded, nothing shows).
 */
async function ingestOptimistically(
  db: Database,
  projectId: number,
  uploadId: number,
  bom: ConvertedBom,
): Promise<IngestResult | 'stale'> {
  const prepared = await prepareIngest(db, projectId, bom)
  const batchId =
    prepared.status === 'ready' ? await stageNewComponents(db, prepared, uploadId) : undefined
  if (prepared.status === 'ready') prepared.batchId = batchId
  const discardBatch = async () => {
    if (batchId !== undefined) await discardStagedComponents(db, batchId)
  }
  let outcome: IngestResult | 'stale'
  try {
    outcome = await db.transaction(async (tx) => {
      const applied =
        prepared.status === 'ready'
          ? await applyIngest(tx, prepared, { checkStamp: true })
          : prepared
      if (applied !== 'stale') await discardStoredUpload(tx, uploadId)
      return applied
    })
  } catch (error) {
    // The failure is what gets reported; a batch left behind goes with the next upload.
    await discardBatch().catch(() => undefined)
    throw error
  }
  if (outcome === 'stale' || outcome.status !== 'ingested') await discardBatch()
  return outcome
}

/**
 * Parses, converts and ingests one uploaded BOM (§1.4). Everything the project holds is replaced
 * in one transaction, so readers see the old inventory or the new one, never a mix; the slow
 * planning happens before it (decision 008) and the new components are written ahead of it,
 * unseen until it commits (decision 027). A failure leaves the previous state intact, is
 * logged, and (the job being single-attempt) ends the token's processing.
 */
async function processBom(
  deps: BomJobDeps,
  payload: unknown,
  { db, job, logger }: Parameters<JobHandler>[1],
) {
  const { uploadId, handoff } = payload as BomProcessPayload
  const handedOver = takeOver(handoff)
  const upload = await loadStoredUpload(db, uploadId, handedOver === undefined)
  if (!upload) {
    logger.warn({ uploadId, token: job.chain_id }, 'BOM upload not found; nothing to process')
    return
  }
  const context = { uploadId, projectId: Number(upload.project_id), token: job.chain_id }
  const started = performance.now()
  try {
    await discardAbandonedBatches(db, uploadId)
    let bom = handedOver ?? (await storedBom(deps, db, upload, logger))
    upload.content = undefined
    let result: IngestResult | 'stale' = 'stale'
    for (let tries = 1; result === 'stale'; tries++) {
      if (tries > 1) {
        logger.info(context, 'BOM planned again: the project changed while it was planned')
        bom = await storedBom(deps, db, (await loadStoredUpload(db, uploadId, true))!, logger)
      }
      const current = bom
      result = await inProjectTurn(context.projectId, () =>
        tries <= OPTIMISTIC_TRIES
          ? ingestOptimistically(db, context.projectId, uploadId, current)
          : db.transaction(async (tx) => {
              const outcome = await ingestConvertedBom(tx, context.projectId, current)
              await discardStoredUpload(tx, uploadId)
              return outcome
            }),
      )
    }
    for (const warning of result.warnings.slice(0, MAX_LOGGED_WARNINGS))
      logger.warn(context, warning)
    if (result.warnings.length > MAX_LOGGED_WARNINGS) {
      logger.warn(context, `${result.warnings.length - MAX_LOGGED_WARNINGS} more BOM warnings`)
    }
    if (result.status === 'project-gone') {
      logger.warn(context, 'BOM not processed: the project no longer exists')
    } else if (result.status === 'collection-project') {
      logger.warn(context, 'BOM not processed: BOM cannot be uploaded to collection project.')
    } else {
      // Queued in the upload's chain before this job completes: the token stays "processing"
      // until the analysis of the new inventory ended (4.13 §1.4 step 5).
      await requestProjectAnalysis(
        db,
        enqueueJob,
        context.projectId,
        'BOM_UPLOAD_ANALYSIS',
        job.chain_id,
      )
      // Repository metadata runs beside the chain (4.13): the token does not wait for it.
      await requestProjectMetadata(db, enqueueJob, context.projectId)
      logger.info(
        {
          ...context,
          specVersion: bom.specVersion,
          ...result.plan?.stats,
          services: bom.services.length,
          ms: Math.round(performance.now() - started),
        },
        'BOM processed',
      )
    }
  } catch (error) {
    logger.error(
      { ...context, err: error instanceof Error ? error.message : String(error) },
      'BOM processing failed; the project keeps its previous components',
    )
    await discardStoredUpload(db, uploadId).catch(() => undefined)
    throw error
  }
}

export const processBomJob =
  (deps: BomJobDeps): JobHandler =>
  (payload, context) =>
    processBom(deps, payload, context)
