import { setTimeout as delay } from 'node:timers/promises'

/**
 * HTTP for the external analyzers and the repository metadata clients: one request with a
 * timeout, tried again on a rate limit (429), a server error (5xx), a network error or a timeout,
 * after the answer's `Retry-After` when it has one, else with exponential backoff. Everything is
 * injectable so tests run against loopback fakes in milliseconds.
 */
export interface HttpOptions {
  fetch: typeof fetch
  /** Waits `ms`; rejects at once when `signal` aborts (the worker stopping). */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>
  /** One attempt's limit. */
  timeoutMs: number
  /** How many times a failed attempt is tried again (4.13: 10). */
  retries: number
  /** First wait; each further one doubles, up to `maxDelayMs` (4.13: 1 s, 600 s). */
  delayMs: number
  maxDelayMs: number
}

export const DEFAULT_HTTP: HttpOptions = {
  fetch: (...args) => fetch(...args),
  sleep: (ms, signal) => delay(ms, undefined, { signal }),
  timeoutMs: 30_000,
  retries: 10,
  delayMs: 1_000,
  maxDelayMs: 600_000,
}

/** A refusal worth reporting by status (401, 403, 404 … or a retryable one after the last try). */
export class AnalyzerHttpError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message)
  }
}

const retryable = (status: number) => status === 429 || status >= 500

/** `Retry-After` (seconds or an HTTP date) in ms; undefined when absent or unreadable. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get('retry-after')?.trim()
  if (!value) return undefined
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000
  const date = Date.parse(value)
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined
}

/**
 * Sends the request and answers the first response that is not retryable. A non-2xx answer throws
 * AnalyzerHttpError. `what` names the call in errors and never holds credentials.
 */
export async function sendWithRetry(
  options: HttpOptions,
  url: string,
  init: RequestInit,
  what: string,
  signal?: AbortSignal,
): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const wait = Math.min(options.delayMs * 2 ** attempt, options.maxDelayMs)
    const last = attempt >= options.retries
    let response: Response
    try {
      const timeout = AbortSignal.timeout(options.timeoutMs)
      response = await options.fetch(url, {
        ...init,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      })
    } catch (error) {
      if (signal?.aborted) throw error
      const reason =
        error instanceof Error && error.name === 'TimeoutError'
          ? `no answer within ${options.timeoutMs} ms`
          : error instanceof Error
            ? String(error.cause ?? error.message)
            : String(error)
      if (last) {
        throw new AnalyzerHttpError(
          `${what} failed after ${attempt + 1} attempts: ${reason}`,
          undefined,
        )
      }
      await options.sleep(wait, signal)
      continue
    }
    if (response.ok) return response
    await response.body?.cancel().catch(() => undefined)
    if (!retryable(response.status) || last) {
      const tries = attempt > 0 ? ` after ${attempt + 1} attempts` : ''
      throw new AnalyzerHttpError(
        `${what} answered HTTP ${response.status}${tries}`,
        response.status,
      )
    }
    // A rate limit or an outage that says when to come back is believed (within maxDelayMs).
    const asked = retryAfterMs(response.headers)
    await options.sleep(asked === undefined ? wait : Math.min(asked, options.maxDelayMs), signal)
  }
}

/** `base` and `path` joined with exactly one slash (settings may or may not end in one). */
export const joinUrl = (base: string, path: string) =>
  `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`

/** Runs `work` over `items` with at most `limit` at a time; the first failure stops new ones. */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0
  let failure: unknown
  const worker = async () => {
    while (failure === undefined && next < items.length) {
      const item = items[next++]!
      try {
        await work(item)
      } catch (error) {
        failure ??= error
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  if (failure !== undefined) throw failure
}
