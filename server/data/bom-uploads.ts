import type { Database, Queryable } from '../db/database.ts'
import { maybeOne } from '../db/database.ts'

/** SQL of a stored BOM upload; its project is resolved or auto-created by the project domain. */

export interface BomUploadRow {
  id: number
  project_id: number
  content?: Buffer
  format: string
  spec_version: string
}

const UPLOAD_PART_BYTES = 2 * 1024 * 1024

export async function insertBomUpload(
  db: Database,
  upload: { projectId: number; content: Uint8Array; format: string; specVersion: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ id: number }>(
      `INSERT INTO bom_upload (project_id, format, spec_version) VALUES ($1, $2, $3) RETURNING id`,
      [upload.projectId, upload.format, upload.specVersion],
    )
    const id = Number(rows[0]!.id)
    const content = Buffer.from(upload.content.buffer, upload.content.byteOffset, upload.content.length)
    for (let offset = 0, seq = 0; offset < content.length || seq === 0; offset += UPLOAD_PART_BYTES) {
      // Base64 text: drivers turn a bytea parameter into hex digits byte by byte, far slower.
      await tx.query(
        `INSERT INTO bom_upload_part (upload_id, seq, content) VALUES ($1, $2, decode($3, 'base64'))`,
        [id, seq++, content.subarray(offset, offset + UPLOAD_PART_BYTES).toString('base64')],
      )
    }
    return id
  })
}

export async function findBomUpload(
  db: Queryable,
  id: number,
  withContent: boolean,
): Promise<BomUploadRow | undefined> {
  const row = await maybeOne<BomUploadRow>(
    db,
    'SELECT id, project_id, format, spec_version FROM bom_upload WHERE id = $1',
    [id],
  )
  if (!row || !withContent) return row
  const parts: Buffer[] = []
  for (let seq = 0; ; seq++) {
    const [part] = await db.query<{ content: string }>(
      `SELECT encode(content, 'base64') AS content FROM bom_upload_part
       WHERE upload_id = $1 AND seq = $2`,
      [id, seq],
    )
    if (!part) break
    parts.push(Buffer.from(part.content, 'base64'))
  }
  return { ...row, content: Buffer.concat(parts) }
}

export async function deleteBomUpload(db: Queryable, id: number) {
  await db.query('DELETE FROM bom_upload WHERE id = $1', [id])
}

