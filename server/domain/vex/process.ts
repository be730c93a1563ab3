import { deleteBomUpload, findBomUpload } from '../../data/bom-uploads.ts'
import { findConfigProperty } from '../../data/config-properties.ts'
import { findVexProject, insertVexRecord } from '../../data/vex.ts'
import type { Database } from '../../db/database.ts'
import type { Logger } from '../../logger.ts'
import { decompressBom } from '../bom/ingest.ts'
import { applyVex } from './import.ts'
import { STORED_VEX_FORMAT } from './jobs.ts'
import { parseVex } from './parse.ts'

const num = (value: unknown) => (typeof value === 'number' ? value : null)
const str = (value: unknown) => (typeof value === 'string' ? value : null)

/**
 * Applies a stored VEX (§7.2) in one transaction, with its Vex record, then drops the upload.
 * With `artifact/cyclonedx.enabled` off a CycloneDX VEX is only logged.
 */
export async function processStoredVex(
  db: Database,
  uploadId: number,
  logger: Logger,
  token: string,
) {
  const upload = await findBomUpload(db, uploadId, true)
  if (!upload || upload.format !== STORED_VEX_FORMAT) {
    logger.warn({ uploadId, token }, 'VEX upload not found; nothing to process')
    return
  }
  const context = { uploadId, token, projectId: Number(upload.project_id) }
  try {
    const vex = await parseVex(await decompressBom(upload.content!), false)
    if (vex.kind === 'CYCLONEDX') {
      const enabled = await findConfigProperty(db, 'artifact', 'cyclonedx.enabled')
      if (enabled?.property_value?.trim().toLowerCase() === 'false') {
        logger.info(context, 'VEX ignored: CycloneDX is disabled (artifact/cyclonedx.enabled)')
        return
      }
    }
    const outcome = await db.transaction(async (tx) => {
      const project = await findVexProject(tx, context.projectId)
      if (!project) return undefined
      const result = await applyVex(tx, project, vex)
      const document = vex.document
      await insertVexRecord(tx, {
        projectId: project.id,
        format: vex.kind,
        specVersion: vex.specVersion,
        version: num(document.version),
        serialNumber: str(document.serialNumber) ?? str(document['@id']),
      })
      return result
    })
    if (outcome) logger.info({ ...context, ...outcome, format: vex.kind }, 'VEX processed')
    else logger.warn(context, 'VEX not processed: the project no longer exists')
  } catch (error) {
    logger.error(
      { ...context, err: error instanceof Error ? error.message : String(error) },
      'VEX processing failed; no analysis was changed',
    )
    throw error
  } finally {
    await deleteBomUpload(db, uploadId).catch(() => undefined)
  }
}
