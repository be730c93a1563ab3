import { decompressBom, ingestConvertedBom, internalMatcher } from '../domain/bom/ingest.ts'
import { takeOver } from '../domain/bom/handoff.ts'
import type { BomProcessPayload } from '../domain/bom/jobs.ts'
import type { BomFormat } from '../domain/bom/model.ts'
import { readStoredBom } from '../domain/bom/read.ts'
import { discardStoredUpload, loadStoredUpload } from '../domain/bom/stored-uploads.ts'
import type { JobHandler } from './worker.ts'

const MAX_LOGGED_WARNINGS = 20

/**
 * Parses, converts and ingests one uploaded BOM (§1.4). Everything the project holds is replaced
 * in one transaction; a failure leaves the previous state intact, is logged, and (the job being
 * single-attempt) ends the token's processing.
 */
export const processBomJob: JobHandler = async (payload, { db, job, logger }) => {
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
    const bom =
      handedOver ??
      readStoredBom(
        decompressBom(upload.content!),
        upload.format as BomFormat,
        upload.spec_version,
        await internalMatcher(db, (pattern) =>
          logger.warn({ pattern }, 'invalid internal-component pattern ignored'),
        ),
      )
    upload.content = undefined
    const result = await db.transaction(async (tx) => {
      const outcome = await ingestConvertedBom(tx, context.projectId, bom)
      await discardStoredUpload(tx, uploadId)
      return outcome
    })
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
