import type { MirrorRunContext } from './source.ts'

export interface RetryPolicy {
  /** How many times a failed request is tried again. */
  retries: number
  delayMs: number
  /** Statuses worth another try (rate limits, a busy server); anything else fails at once. */
  retryStatuses: ReadonlySet<number>
}

export class HttpStatusError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

/** NVD explains a refusal in a `message` header; kept short, it makes the stored error useful. */
function serverMessage(response: Response): string {
  const message = response.headers.get('message')?.trim()
  return message ? ` (${message.slice(0, 200)})` : ''
}

/**
 * GETs `url` and hands the response to `read` (which consumes the body), trying again after
 * `delayMs` on a retryable status or a network error, also one that cuts the body short, up to
 * `retries` times. `what` names the request in errors; it never holds credentials (they travel
 * in headers, which are not logged). Without `read` the response is returned unread.
 */
export async function fetchWithRetry<T = Response>(
  context: Pick<MirrorRunContext, 'fetch' | 'sleep' | 'logger'>,
  url: string,
  headers: Record<string, string>,
  policy: RetryPolicy,
  what: string,
  read: (response: Response) => Promise<T> = async (response) => response as T,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    let response: Response
    try {
      response = await context.fetch(url, { headers })
      if (response.ok) return await read(response)
    } catch (error) {
      const reason = error instanceof Error ? (error.cause ?? error).toString() : String(error)
      if (attempt >= policy.retries) {
        throw new Error(`${what} failed after ${attempt + 1} attempts: ${reason}`)
      }
      context.logger.warn({ what, attempt: attempt + 1, reason }, 'mirror request failed; retrying')
      await context.sleep(policy.delayMs)
      continue
    }
    await response.body?.cancel().catch(() => undefined)
    const retryable = policy.retryStatuses.has(response.status)
    if (!retryable || attempt >= policy.retries) {
      const tries = attempt > 0 ? ` after ${attempt + 1} attempts` : ''
      throw new HttpStatusError(
        `${what} answered HTTP ${response.status}${serverMessage(response)}${tries}`,
        response.status,
      )
    }
    context.logger.warn(
      { what, status: response.status, attempt: attempt + 1 },
      'mirror request refused; retrying',
    )
    await context.sleep(policy.delayMs)
  }
}

/** `base` and `path` joined with exactly one slash (config URLs may or may not end in one). */
export const joinUrl = (base: string, path: string) =>
  `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
