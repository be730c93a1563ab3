import fs from 'node:fs'
import { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import zlib from 'node:zlib'
import chain from 'stream-chain'
import { parser } from 'stream-json'
import { pick } from 'stream-json/filters/pick.js'
import { streamArray } from 'stream-json/streamers/stream-array.js'

/** A file as a byte stream, gunzipped on the way when it starts with the gzip magic bytes. */
export async function openMaybeGzipped(file: string): Promise<Readable> {
  const handle = await fs.promises.open(file, 'r')
  let head: Buffer
  try {
    head = Buffer.alloc(2)
    await handle.read(head, 0, 2, 0)
  } finally {
    await handle.close()
  }
  const raw = fs.createReadStream(file, { highWaterMark: 1 << 20 })
  return head[0] === 0x1f && head[1] === 0x8b ? raw.pipe(gunzipOf(raw)) : raw
}

/** A gunzip stage whose source's errors (a failed read, a dropped download) reach its readers. */
function gunzipOf(source: Readable) {
  const gunzip = zlib.createGunzip()
  source.once('error', (error) => gunzip.destroy(error))
  return gunzip
}

export const gunzipped = (source: Readable): Readable => source.pipe(gunzipOf(source))

/** A fetch response body as a Node stream. */
export function bodyStream(response: Response): Readable {
  if (!response.body) throw new Error(`${response.url} answered without a body`)
  return Readable.fromWeb(response.body as unknown as WebReadableStream<Uint8Array>)
}

/**
 * The elements of the top-level `vulnerabilities` list of an NVD CVE 2.0 document (a feed file
 * or an API page), one at a time: a year's feed (~170 MB of JSON) is never held whole.
 */
export async function* nvdVulnerabilityItems(input: Readable): AsyncGenerator<unknown> {
  const items = chain([
    input,
    parser({ streamValues: false }),
    pick({ filter: 'vulnerabilities' }),
    streamArray(),
  ])
  for await (const { value } of items as AsyncIterable<{ value: unknown }>) yield value
}

/** Groups an async sequence into arrays of at most `size`. */
export async function* batches<T>(items: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = []
  for await (const item of items) {
    batch.push(item)
    if (batch.length >= size) {
      yield batch
      batch = []
    }
  }
  if (batch.length > 0) yield batch
}
