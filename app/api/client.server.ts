import type { AppLoadContext } from '@remix-run/node'
import type { z } from 'zod'
import type { FailedResponse } from '~/utils/api-errors.ts'
import { consoleContext } from '~/utils/context.server.ts'

export class ApiError extends Error {
  constructor(
    readonly response: FailedResponse,
    readonly headers: Headers = new Headers(),
  ) {
    super(`API answered ${response.status} ${response.statusText}`)
  }
  get status() {
    return this.response.status
  }
}

/** The API could not be reached at all (network error, timeout). */
export class ApiUnreachableError extends Error {}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  query?: Record<string, string | number | boolean | undefined>
  json?: unknown
  form?: Record<string, string>
  text?: string
  /** Sent as multipart/form-data, streamed (files are not copied into the request first). */
  multipart?: FormData
  /** A body passed on as it arrived (e.g. a browser's multipart upload), never held whole. */
  stream?: { body: ReadableStream<Uint8Array>; contentType: string }
  /** Statuses that are answers, not failures (e.g. 304). */
  accept?: number[]
  /** The media type asked for instead of JSON (a CSV download). */
  mediaType?: string
}

export type ApiClient = ReturnType<typeof createApiClient>

/** One typed client for /api: bearer token from the session, every JSON answer parsed with zod. */
export function createApiClient(context: AppLoadContext, token?: string) {
  const { apiFetch } = consoleContext(context)

  async function send(path: string, options: RequestOptions = {}): Promise<Response> {
    const headers = new Headers({
      Accept: options.mediaType ?? 'application/json, text/plain;q=0.9',
    })
    if (token) headers.set('Authorization', `Bearer ${token}`)
    let body: string | ReadableStream<Uint8Array> | undefined
    if (options.json !== undefined) {
      headers.set('Content-Type', 'application/json')
      body = JSON.stringify(options.json)
    } else if (options.form) {
      headers.set('Content-Type', 'application/x-www-form-urlencoded')
      body = new URLSearchParams(options.form).toString()
    } else if (options.text !== undefined) {
      headers.set('Content-Type', 'text/plain; charset=utf-8')
      body = options.text
    } else if (options.multipart) {
      const encoded = new Response(options.multipart)
      headers.set('Content-Type', encoded.headers.get('Content-Type')!)
      body = encoded.body!
    } else if (options.stream) {
      headers.set('Content-Type', options.stream.contentType)
      body = options.stream.body
    }
    const search = new URLSearchParams()
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined && value !== '') search.set(key, String(value))
    }
    const url = `/api${path}${search.size > 0 ? `?${search}` : ''}`
    let response: Response
    try {
      const streamed = typeof body === 'object' ? { duplex: 'half' as const } : {}
      response = await apiFetch(url, {
        method: options.method ?? 'GET',
        headers,
        body,
        ...streamed,
      })
    } catch (error) {
      throw new ApiUnreachableError(error instanceof Error ? error.message : String(error))
    }
    if (!response.ok && !options.accept?.includes(response.status)) {
      throw new ApiError(
        {
          status: response.status,
          statusText: response.statusText,
          contentType: response.headers.get('Content-Type'),
          body: await response.text().catch(() => ''),
        },
        response.headers,
      )
    }
    return response
  }

  return {
    send,
    async json<Schema extends z.ZodType>(
      schema: Schema,
      path: string,
      options?: RequestOptions,
    ): Promise<z.infer<Schema>> {
      const response = await send(path, options)
      return schema.parse(await response.json())
    },
    async text(path: string, options?: RequestOptions): Promise<string> {
      return (await send(path, options)).text()
    },
  }
}
