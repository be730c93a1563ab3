import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/**
 * A loopback HTTP server for the analyzer fakes, with the faults the analyzers must survive:
 * `faults` answers the next requests with these statuses (or hangs for `hang` ms) before the
 * normal handler runs again.
 */
export interface Loopback {
  url: string
  /** A status, a whole answer (e.g. 429 with Retry-After), or a hang of `hang` ms. */
  faults: (number | { hang: number } | FakeAnswer)[]
  close(): Promise<void>
}

export interface FakeRequest {
  method: string
  url: URL
  headers: http.IncomingHttpHeaders
  body: string
}

export type FakeAnswer = {
  status: number
  json?: unknown
  /** A body that is not JSON (XML, a compressed file); `json` wins when both are given. */
  body?: string | Buffer
  headers?: Record<string, string>
}

/** Adds the server to `state` (one object, so tests may change its fields at any time). */
export async function startLoopback<T extends object>(
  state: T,
  handle: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>,
  port = 0,
): Promise<T & Loopback> {
  const sockets = new Set<Socket>()
  const loopback = Object.assign(state, {
    url: '',
    faults: [] as Loopback['faults'],
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  })
  const server = http.createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = []
    for await (const chunk of incoming) chunks.push(chunk as Buffer)
    const fault = loopback.faults.shift()
    if (typeof fault === 'object' && 'hang' in fault) {
      await new Promise((resolve) => setTimeout(resolve, fault.hang))
      if (!outgoing.destroyed) outgoing.end()
      return
    }
    const answer: FakeAnswer =
      typeof fault === 'object'
        ? fault
        : fault !== undefined
          ? { status: fault, json: { message: 'fault injected by the test' } }
          : await handle({
              method: incoming.method ?? 'GET',
              url: new URL(incoming.url ?? '/', 'http://127.0.0.1'),
              headers: incoming.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            })
    outgoing.writeHead(answer.status, {
      ...(answer.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...answer.headers,
    })
    outgoing.end(answer.json === undefined ? (answer.body ?? '') : JSON.stringify(answer.json))
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  loopback.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return loopback
}
