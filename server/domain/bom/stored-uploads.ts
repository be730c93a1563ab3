import type { Queryable } from '../../db/database.ts'
import { deleteBomUpload, findBomUpload, type BomUploadRow } from '../../data/bom-uploads.ts'

export type StoredUpload = BomUploadRow

/** The upload a bom.process job works on; its bytes only when no hand-off holds them already. */
export const loadStoredUpload = (db: Queryable, uploadId: number, withContent: boolean) =>
  findBomUpload(db, uploadId, withContent)

/** A processed or failed upload is not kept. */
export const discardStoredUpload = (db: Queryable, uploadId: number) =>
  deleteBomUpload(db, uploadId)
