import { once } from 'node:events'
import { promisify } from 'node:util'
import { createGzip, gzip } from 'node:zlib'

/**
 * An uploaded BOM's bytes plus their compressed copy for storage. The bytes sit in a buffer of
 * their own, which a BOM worker takes over without a copy (workers.ts); they are decoded there.
 */
export interface ReceivedBom {
  bytes: Uint8Array
  compressed: Promise<Buffer>
}

const gzipAsync = promisify(gzip)
const ignore = () => undefined

export function receiveBomBytes(bytes: Uint8Array): ReceivedBom {
  const compressed = gzipAsync(bytes, { level: 1 })
  compressed.catch(ignore)
  // Compressing reads `bytes` on libuv's thread pool meanwhile: the check gets its own copy.
  return { bytes: new Uint8Array(bytes), compressed }
}

/** A streamed upload is compressed chunk by chunk as it arrives. */
export async function receiveBomStream(stream: AsyncIterable<Buffer>): Promise<ReceivedBom> {
  const zip = createGzip({ level: 1 })
  const parts: Buffer[] = []
  zip.on('data', (part: Buffer) => parts.push(part))
  const compressed = new Promise<Buffer>((resolve, reject) => {
    zip.on('end', () => resolve(Buffer.concat(parts)))
    zip.on('error', reject)
  })
  compressed.catch(ignore)
  const chunks: Buffer[] = []
  let length = 0
  for await (const chunk of stream) {
    if (!zip.write(chunk)) await once(zip, 'drain')
    chunks.push(chunk)
    length += chunk.length
  }
  zip.end()
  const bytes = new Uint8Array(length)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.length
  }
  return { bytes, compressed }
}
