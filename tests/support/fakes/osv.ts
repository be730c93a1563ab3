import { createHash } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import yazl from 'yazl'

/**
 * A loopback stand-in for OSV's bucket (osv-vulnerabilities.storage.googleapis.com): serves
 * `ecosystems.txt` and each ecosystem's `all.zip` with ETag and Last-Modified, answering 304 to
 * a matching If-None-Match as the real bucket does.
 */

export interface FakeEntry {
  name: string
  /** Serialised as the entry's JSON. */
  json?: unknown
  /** The entry's bytes as given (for broken JSON). */
  text?: string
}

/** A zip of OSV entries, as OSV's all.zip is laid out (one JSON file per advisory). */
export function zipEntries(entries: readonly FakeEntry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile()
  for (const entry of entries) {
    const body = entry.text ?? JSON.stringify(entry.json)
    zip.addBuffer(Buffer.from(body, 'utf8'), entry.name, { mtime: new Date(0) })
  }
  zip.end()
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk))
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)))
    zip.outputStream.on('error', reject)
  })
}

interface Archive {
  etag: string
  lastModified: string
  bytes?: Buffer
  file?: string
  size: number
}

export interface FakeRequest {
  path: string
  ifNoneMatch: string | undefined
  status: number
}

export interface OsvFake {
  /** Ends with `/`, as `google.osv.base.url` does. */
  baseUrl: string
  requests: FakeRequest[]
  /** The ecosystems.txt lines; null makes it answer 500. */
  setEcosystems(names: string[] | null): void
  setArchive(ecosystem: string, entries: readonly FakeEntry[]): Promise<void>
  /** Serves these bytes as the archive (a corrupt zip, say). */
  setArchiveBytes(ecosystem: string, bytes: Buffer): void
  /** Serves a file from disk, streamed (benchmarks' large archives). */
  setArchiveFile(ecosystem: string, file: string): void
  removeArchive(ecosystem: string): void
  close(): Promise<void>
}

let generation = 0
const lastModified = () => new Date(Date.UTC(2025, 0, 1) + ++generation * 1000).toUTCString()

export async function startOsvFake(): Promise<OsvFake> {
  const archives = new Map<string, Archive>()
  let ecosystems: string[] | null = []
  const requests: FakeRequest[] = []

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    const ifNoneMatch = request.headers['if-none-match']
    const answer = (status: number) => {
      requests.push({ path: url.pathname, ifNoneMatch, status })
      response.statusCode = status
    }
    if (url.pathname === '/ecosystems.txt') {
      if (ecosystems === null) {
        answer(500)
        response.end('internal error')
        return
      }
      answer(200)
      response.setHeader('Content-Type', 'text/plain')
      response.end(`${ecosystems.join('\n')}\n`)
      return
    }
    const match = /^\/(.+)\/all\.zip$/.exec(url.pathname)
    const archive = match ? archives.get(decodeURIComponent(match[1]!)) : undefined
    if (!archive) {
      answer(404)
      response.end('<Error><Code>NoSuchKey</Code></Error>')
      return
    }
    response.setHeader('ETag', archive.etag)
    response.setHeader('Last-Modified', archive.lastModified)
    if (ifNoneMatch === archive.etag) {
      answer(304)
      response.end()
      return
    }
    answer(200)
    response.setHeader('Content-Type', 'application/zip')
    response.setHeader('Content-Length', String(archive.size))
    if (archive.bytes) response.end(archive.bytes)
    else fs.createReadStream(archive.file!).pipe(response)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  const fake: OsvFake = {
    baseUrl: `http://127.0.0.1:${port}/`,
    requests,
    setEcosystems(names) {
      ecosystems = names
    },
    async setArchive(ecosystem, entries) {
      fake.setArchiveBytes(ecosystem, await zipEntries(entries))
    },
    setArchiveBytes(ecosystem, bytes) {
      const etag = `"${createHash('sha1').update(bytes).digest('hex')}"`
      archives.set(ecosystem, { etag, lastModified: lastModified(), bytes, size: bytes.length })
    },
    setArchiveFile(ecosystem, file) {
      const stat = fs.statSync(file)
      const etag = `"${stat.size}-${stat.mtimeMs}"`
      archives.set(ecosystem, { etag, lastModified: lastModified(), file, size: stat.size })
    },
    removeArchive(ecosystem) {
      archives.delete(ecosystem)
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return fake
}
