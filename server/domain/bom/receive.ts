import { once } from 'node:events'
import { promisify } from 'node:util'
import { createGzip, gzip } from 'node:zlib'
import { decodeBom, InvalidBomError } from './inspect.ts'

/**
 * An uploaded BOM as text plus its compressed copy for storage. A streamed upload is decoded and
 * compressed chunk by chunk, so the raw bytes of a 100 MB BOM are never held all at once.
 */
export interface ReceivedBom {
  text: string
  /** Set when the bytes are not UTF-8; reported once the project checks have passed. */
  error?: InvalidBomError
  compressed: Promise<Buffer>
}

const gzipAsync = promisify(gzip)
const ignore = () => undefined

export function receiveBomBytes(bytes: Uint8Array): ReceivedBom {
  const compressed = gzipAsync(bytes, { level: 1 })
  compressed.catch(ignore)
  try {
    return { text: decodeBom(bytes), compressed }
  } catch (error) {
    return { text: '', error: error as InvalidBomError, compressed }
  }
}

export async function receiveBomStream(stream: AsyncIterable<Buffer>): Promise<ReceivedBom> {
  const zip = createGzip({ level: 1 })
  const parts: Buffer[] = []
  zip.on('data', (part: Buffer) => parts.push(part))
  const compressed = new Promise<Buffer>((resolve, reject) => {
    zip.on('end', () => resolve(Buffer.concat(parts)))
    zip.on('error', reject)
  })
  compressed.catch(ignore)
  const decoder = new TextDecoder('utf-8', { fatal: true })
  let text = ''
  let error: InvalidBomError | undefined
  const decode = (chunk?: Buffer) => {
    if (error) return
    try {
      text += chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode()
    } catch {
      error = new InvalidBomError('BOM is neither valid JSON nor XML', [
        'The BOM is not valid UTF-8 text',
      ])
      text = ''
    }
  }
  for await (const chunk of stream) {
    if (!zip.write(chunk)) await once(zip, 'drain')
    decode(chunk)
  }
  decode()
  zip.end()
  return { text, error, compressed }
}
