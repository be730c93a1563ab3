import fs from 'node:fs'
import fsp from 'node:fs/promises'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import yauzl from 'yauzl'

/**
 * What identifies one published archive: a stopped run resumes inside it only while the server
 * still serves the same one (ETag, else Last-Modified and size).
 */
export interface ArchiveIdentity {
  etag: string | null
  lastModified: string | null
  size: number
}

export const sameArchive = (a: ArchiveIdentity | undefined, b: ArchiveIdentity | undefined) =>
  a !== undefined &&
  b !== undefined &&
  (a.etag !== null && b.etag !== null
    ? a.etag === b.etag
    : a.lastModified === b.lastModified && a.size === b.size)

export type DownloadOutcome =
  | { kind: 'unchanged' }
  | { kind: 'downloaded'; identity: ArchiveIdentity }
  | { kind: 'failed'; message: string }

/**
 * Downloads `url` to `file`, streamed to disk (OSV archives reach a gigabyte). With `known`, the
 * request is conditional: `unchanged` means the server still has that archive.
 */
export async function downloadArchive(
  fetchImpl: typeof fetch,
  url: string,
  file: string,
  known?: ArchiveIdentity,
): Promise<DownloadOutcome> {
  const headers: Record<string, string> = {}
  if (known?.etag) headers['If-None-Match'] = known.etag
  else if (known?.lastModified) headers['If-Modified-Since'] = known.lastModified
  let response: Response
  try {
    response = await fetchImpl(url, { headers })
  } catch (error) {
    return { kind: 'failed', message: `${url}: ${(error as Error).message}` }
  }
  if (response.status === 304 && known) return { kind: 'unchanged' }
  if (response.status !== 200 || !response.body) {
    await response.body?.cancel().catch(() => undefined)
    return { kind: 'failed', message: `${url} answered HTTP ${response.status}` }
  }
  const partial = `${file}.part`
  let size = 0
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length
      callback(null, chunk)
    },
  })
  try {
    await pipeline(
      Readable.fromWeb(response.body as import('node:stream/web').ReadableStream),
      counter,
      fs.createWriteStream(partial),
    )
  } catch (error) {
    await fsp.rm(partial, { force: true })
    return { kind: 'failed', message: `${url}: download broke off (${(error as Error).message})` }
  }
  await fsp.rename(partial, file)
  const identity = {
    etag: response.headers.get('etag'),
    lastModified: response.headers.get('last-modified'),
    size,
  }
  if (known && sameArchive(known, identity)) return { kind: 'unchanged' }
  return { kind: 'downloaded', identity }
}

export interface ArchiveEntry {
  /** Position in the archive's central directory (what a resumed run skips to). */
  index: number
  name: string
  /** The entry's bytes; undefined for directories and entries that are not `.json`. */
  data: Buffer | undefined
}

export class CorruptArchive extends Error {}

/** Largest single entry read (the biggest real OSV record is a few megabytes). */
const ENTRY_MAX_BYTES = 64 * 1024 * 1024

export interface OsvArchive {
  entryCount: number
  /** The entries from `from` on, one at a time; only one entry's bytes are in memory at once. */
  entries(from: number): AsyncGenerator<ArchiveEntry>
  close(): void
}

export async function openArchive(file: string): Promise<OsvArchive> {
  let zip: yauzl.ZipFile
  try {
    zip = await yauzl.openPromise(file, { autoClose: false, strictFileNames: false })
  } catch (error) {
    throw new CorruptArchive(`not a readable zip archive (${(error as Error).message})`)
  }
  return {
    entryCount: zip.entryCount,
    close: () => zip.close(),
    async *entries(from) {
      let index = 0
      try {
        for await (const entry of zip.eachEntry()) {
          const current = index++
          if (current < from) continue
          const name = entry.fileName
          if (name.endsWith('/') || !/\.json$/i.test(name)) {
            yield { index: current, name, data: undefined }
            continue
          }
          if (entry.uncompressedSize > ENTRY_MAX_BYTES) {
            throw new CorruptArchive(`entry ${current} (${name}) is larger than 64 MiB`)
          }
          yield { index: current, name, data: await readEntry(zip, entry, current) }
        }
      } catch (error) {
        if (error instanceof CorruptArchive) throw error
        throw new CorruptArchive(`broken at entry ${index - 1} (${(error as Error).message})`)
      }
    },
  }
}

async function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, index: number) {
  try {
    const stream = await zip.openReadStreamPromise(entry)
    const chunks: Buffer[] = []
    for await (const chunk of stream) chunks.push(chunk as Buffer)
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)
  } catch (error) {
    throw new CorruptArchive(
      `entry ${index} (${entry.fileName}) cannot be read (${(error as Error).message})`,
    )
  }
}

/** Whether a file starts like a zip archive (local file header or an empty archive). */
export async function looksLikeZip(file: string): Promise<boolean> {
  const handle = await fsp.open(file, 'r')
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0)
    return (
      bytesRead === 4 &&
      buffer[0] === 0x50 &&
      buffer[1] === 0x4b &&
      (buffer[2] === 3 || buffer[2] === 5) &&
      (buffer[3] === 4 || buffer[3] === 6)
    )
  } finally {
    await handle.close()
  }
}
