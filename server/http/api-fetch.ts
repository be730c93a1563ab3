import { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import type { FastifyInstance } from 'fastify'
import type { ApiFetch } from './console.ts'

/** In-process calls from the console to the API: no socket, same handlers and checks. */
export function injectFetch(app: FastifyInstance): ApiFetch {
  return async (url, init = {}) => {
    const headers = Object.fromEntries(new Headers(init.headers).entries())
    const body = init.body
    const response = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers,
      payload:
        body === undefined || body === null
          ? undefined
          : typeof body === 'string' || Buffer.isBuffer(body)
            ? body
            : body instanceof ReadableStream
              ? // Streamed on (an upload of gigabytes is never held whole in memory).
                Readable.fromWeb(body as WebReadableStream)
              : Buffer.from(await new Response(body).arrayBuffer()),
    })
    const nullBody = [101, 204, 205, 304].includes(response.statusCode)
    const responseHeaders = new Headers()
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue
      for (const item of Array.isArray(value) ? value : [value])
        responseHeaders.append(name, String(item))
    }
    return new Response(nullBody ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers: responseHeaders,
    })
  }
}

export function remoteFetch(baseUrl: string): ApiFetch {
  const base = baseUrl.replace(/\/+$/, '')
  return (url, init) =>
    fetch(`${base}${url}`, { ...init, signal: init?.signal ?? AbortSignal.timeout(30_000) })
}
