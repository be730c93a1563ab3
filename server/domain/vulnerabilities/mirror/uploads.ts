import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { AppContext } from '../../../context.ts'
import { markMirrorQueued } from '../../../data/mirror-state.ts'
import type { Queryable } from '../../../db/database.ts'
import { payloadTooLarge, textError } from '../../../lib/errors.ts'
import { MIRROR_JOB, type MirrorJobPayload } from './run.ts'
import type { MirrorSourceName } from './source.ts'

/** Uploaded bulk files wait here (under the data folder) until their import is over. */
export const MIRROR_UPLOADS_DIR = path.join('mirror', 'uploads')

/**
 * The client's file name reduced to letters, digits, dots, dashes and underscores: the sources
 * tell `.json.gz` from `.json` or `.zip` by it, and no path or odd character reaches the disk.
 */
export function safeUploadName(filename: string | undefined): string {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? ''
  const cleaned = base
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._-]+/, '')
    .slice(-120)
  return cleaned || 'upload'
}

/** 413 for a bulk file over LOOKOUT_MIRROR_UPLOAD_LIMIT_BYTES. */
export const uploadTooLarge = (limitBytes: number) =>
  payloadTooLarge(limitBytes, 'A larger bulk file needs LOOKOUT_MIRROR_UPLOAD_LIMIT_BYTES raised.')

/** A multipart file part: a stream the parser marks as truncated when it passed the limit. */
export type UploadStream = Readable & { truncated?: boolean }

/**
 * Streams an uploaded file to `<data>/mirror/uploads/<uuid>-<name>` (never whole in memory) and
 * answers its path relative to the data folder. A file over the limit, an empty one or a failed
 * write leaves nothing behind.
 */
export async function storeMirrorUpload(
  dataDir: string,
  filename: string | undefined,
  stream: UploadStream,
  limitBytes: number,
): Promise<string> {
  const folder = path.join(dataDir, MIRROR_UPLOADS_DIR)
  await fs.mkdir(folder, { recursive: true })
  const name = `${randomUUID()}-${safeUploadName(filename)}`
  const target = path.join(folder, name)
  try {
    await pipeline(stream, createWriteStream(target, { flags: 'wx' }))
    if (stream.truncated) throw uploadTooLarge(limitBytes)
    if ((await fs.stat(target)).size === 0) throw textError(400, 'The uploaded file is empty.')
  } catch (error) {
    await fs.rm(target, { force: true })
    throw error
  }
  return path.join(MIRROR_UPLOADS_DIR, name)
}

/** Queues the import of a stored upload; answers its token. The file goes if queueing fails. */
export async function queueMirrorUpload(
  db: Queryable,
  enqueue: AppContext['enqueue'],
  dataDir: string,
  name: MirrorSourceName,
  storedFile: string,
): Promise<string> {
  try {
    await markMirrorQueued(db, name)
    // One attempt: a file the source cannot read stays unreadable. A worker that dies while
    // importing still hands the job on (its lease runs out), and the import starts again.
    const job = await enqueue(
      db,
      MIRROR_JOB,
      { source: name, bulkFile: storedFile } satisfies MirrorJobPayload,
      { maxAttempts: 1 },
    )
    if (!job) throw new Error('The upload could not be queued')
    return job.chainId
  } catch (error) {
    await fs.rm(path.resolve(dataDir, storedFile), { force: true })
    throw error
  }
}

/** A job's bulk file: a path relative to the data folder (an upload) or an absolute one. */
export const resolveBulkFile = (dataDir: string, bulkFile: string) =>
  path.resolve(dataDir, bulkFile)

/** Deletes a bulk file once its import is over, if it is an upload (other files are left). */
export async function removeUploadedFile(dataDir: string, file: string): Promise<void> {
  const folder = path.resolve(dataDir, MIRROR_UPLOADS_DIR) + path.sep
  if (!path.resolve(file).startsWith(folder)) return
  await fs.rm(file, { force: true })
}
