import fs from 'node:fs'
import fsp from 'node:fs/promises'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { inflateRawSync } from 'node:zlib'
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
      Readable.fromWeb(response.body as WebReadableStream),
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
  /** The entries from `from` on, one at a time; only a small window of the file is in memory. */
  entries(from: number): AsyncGenerator<ArchiveEntry>
  close(): void
}

const WINDOW_BYTES = 4 * 1024 * 1024
/** zlib's smallest output chunk. */
const MIN_INFLATE_CHUNK = 64
const LOCAL_HEADER_BYTES = 30

/**
 * Positioned reads served from a window of the file; a miss refills it with one 4 MiB read into
 * the same buffer (a fresh 4 MiB buffer per refill left the allocator's heap growing by hundreds
 * of MiB over a large archive, decision 025). A slice is valid until the next call.
 */
class FileWindow {
  private start = 0
  private length = 0
  private readonly buffer = Buffer.allocUnsafe(WINDOW_BYTES)

  constructor(private readonly fd: number) {}

  slice(position: number, length: number): Buffer {
    if (position < this.start || position + length > this.start + this.length) {
      if (length > WINDOW_BYTES) return this.readAlone(position, length)
      const bytesRead = fs.readSync(this.fd, this.buffer, 0, WINDOW_BYTES, position)
      this.start = position
      this.length = bytesRead
      if (bytesRead < length) throw new Error('unexpected end of file')
    }
    return this.buffer.subarray(position - this.start, position - this.start + length)
  }

  /** A range larger than the window (a rare multi-megabyte entry) gets a buffer of its own. */
  private readAlone(position: number, length: number): Buffer {
    const buffer = Buffer.allocUnsafe(length)
    if (fs.readSync(this.fd, buffer, 0, length, position) < length) {
      throw new Error('unexpected end of file')
    }
    return buffer
  }
}

/** yauzl's reader over a window of the file, so the central directory is read from memory. */
class WindowedReader extends yauzl.RandomAccessReader {
  private readonly window: FileWindow

  constructor(
    private readonly file: string,
    private readonly fd: number,
  ) {
    super()
    this.window = new FileWindow(fd)
  }

  override _readStreamForRange(start: number, end: number) {
    return fs.createReadStream(this.file, { fd: this.fd, autoClose: false, start, end: end - 1 })
  }

  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (error: Error | null, bytesRead?: number) => void,
  ) {
    try {
      this.window.slice(position, length).copy(buffer, offset)
    } catch (error) {
      callback(error as Error)
      return
    }
    callback(null, length)
  }

  override close(callback: (error: Error | null) => void) {
    fs.close(this.fd, callback)
  }
}

/**
 * Reads the archive's entries in central-directory order. yauzl reads the central directory
 * (names, sizes, offsets, zip64) through a window of the file; the entries' bytes are read here
 * through another window and inflated in one call each: several times faster than yauzl's
 * stream per entry on archives of hundreds of thousands of small JSON files.
 */
export async function openArchive(file: string): Promise<OsvArchive> {
  const fd = fs.openSync(file, 'r')
  let zip: yauzl.ZipFile
  try {
    zip = await yauzl.fromRandomAccessReaderPromise(
      new WindowedReader(file, fd),
      fs.fstatSync(fd).size,
      { autoClose: false, strictFileNames: false },
    )
  } catch (error) {
    fs.closeSync(fd)
    throw new CorruptArchive(`not a readable zip archive (${(error as Error).message})`)
  }
  const data = new FileWindow(fd)
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
          yield { index: current, name, data: readEntry(data, entry, current) }
        }
      } catch (error) {
        if (error instanceof CorruptArchive) throw error
        throw new CorruptArchive(`broken at entry ${index - 1} (${(error as Error).message})`)
      }
    },
  }
}

function readEntry(window: FileWindow, entry: yauzl.Entry, index: number): Buffer {
  const where = `entry ${index} (${entry.fileName})`
  if (entry.uncompressedSize > ENTRY_MAX_BYTES) {
    throw new CorruptArchive(`${where} is larger than 64 MiB`)
  }
  if (entry.isEncrypted()) throw new CorruptArchive(`${where} is encrypted`)
  try {
    const offset = entry.relativeOffsetOfLocalHeader
    const header = window.slice(offset, LOCAL_HEADER_BYTES)
    if (header.readUInt32LE(0) !== 0x04034b50) throw new Error('no local file header')
    const dataStart =
      offset + LOCAL_HEADER_BYTES + header.readUInt16LE(26) + header.readUInt16LE(28)
    const compressed = window.slice(dataStart, entry.compressedSize)
    let data: Buffer
    if (entry.compressionMethod === 0) data = Buffer.from(compressed)
    else if (entry.compressionMethod === 8) {
      // The output in one allocation of the entry's size (a slice of Node's buffer pool for the
      // typical few-KB record), not 16 KiB chunks joined by a copy for larger entries.
      data = inflateRawSync(compressed, {
        maxOutputLength: ENTRY_MAX_BYTES,
        chunkSize: Math.max(MIN_INFLATE_CHUNK, entry.uncompressedSize),
      })
    } else throw new Error(`compression method ${entry.compressionMethod} is not supported`)
    if (data.length !== entry.uncompressedSize) {
      throw new Error(`${data.length} bytes instead of ${entry.uncompressedSize}`)
    }
    return data
  } catch (error) {
    throw new CorruptArchive(`${where} cannot be read (${(error as Error).message})`)
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
