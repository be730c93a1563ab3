import type { Logger } from '../../../logger.ts'
import { retryAfterMs } from '../../analysis/external/http.ts'

/** 4.13's retry rules for the GitHub GraphQL API (dt-behaviour §2.6). */
export const GITHUB_MAX_RETRIES = 6
export const GITHUB_MAX_WAIT_MS = 3 * 60_000
/** A secondary rate limit without `retry-after`: GitHub asks for at least a minute. */
const SECONDARY_LIMIT_WAIT_MS = 60_000
const BACKOFF_BASE_MS = 1000
const REQUEST_TIMEOUT_MS = 120_000

/** Anything that stops a GitHub Advisories request; the message is safe to show and store. */
export class GithubAdvisoriesError extends Error {
  override name = 'GithubAdvisoriesError'
  constructor(
    message: string,
    /** GitHub understood the request and answered GraphQL `errors` (e.g. an unknown cursor). */
    readonly graphql = false,
  ) {
    super(message)
  }
}

export interface GithubClientOptions {
  url: string
  /** Sent as a Bearer token; never logged nor put into an error. */
  token: string
  fetch: typeof fetch
  sleep: (ms: number) => Promise<void>
  logger?: Logger
  now?: () => number
}

export interface GraphqlClient {
  query<T>(query: string, variables: Record<string, unknown>): Promise<T>
}

const RETRIED_STATUSES = new Set([403, 429, 503])

/** A wait in ms before retrying, or why not to retry. */
export type RetryDecision = { waitMs: number } | { refuse: string }

/**
 * How long to wait before retrying a refused request: `retry-after` (seconds or an HTTP date)
 * first, else `x-ratelimit-reset` when `x-ratelimit-remaining` is 0. A 403 with rate-limit
 * headers but quota left is GitHub's secondary limit (a minute); a 403 without them is a plain
 * refusal and is not retried; 429 and 503 without headers back off exponentially.
 */
export function retryDecision(
  status: number,
  headers: Headers,
  retry: number,
  now: number,
): RetryDecision {
  const retryAfter = retryAfterMs(headers, now)
  if (retryAfter !== undefined) return { waitMs: retryAfter }
  const remaining = headers.get('x-ratelimit-remaining')
  const reset = Number(headers.get('x-ratelimit-reset'))
  if (remaining !== null && Number(remaining) <= 0 && Number.isFinite(reset) && reset > 0) {
    // The reset time is in whole seconds: one more second makes sure the window has turned.
    return { waitMs: Math.max(0, reset * 1000 - now) + 1000 }
  }
  if (status === 403) {
    const limited = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'].some(
      (name) => headers.get(name) !== null,
    )
    if (!limited) return { refuse: 'access denied' }
    return { waitMs: SECONDARY_LIMIT_WAIT_MS }
  }
  return { waitMs: BACKOFF_BASE_MS * 2 ** retry }
}

interface GraphqlError {
  message?: unknown
  type?: unknown
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text()
  try {
    return text ? JSON.parse(text) : undefined
  } catch {
    return text.slice(0, 200)
  }
}

function messageOf(body: unknown): string {
  if (typeof body === 'string') return body.trim()
  if (body && typeof body === 'object' && 'message' in body) return String(body.message)
  return ''
}

const errorsOf = (body: unknown): GraphqlError[] =>
  body && typeof body === 'object' && 'errors' in body && Array.isArray(body.errors)
    ? (body.errors as GraphqlError[])
    : []

/** A GraphQL client over fetch with GitHub's retry and rate-limit rules. */
export function githubGraphqlClient(options: GithubClientOptions): GraphqlClient {
  const now = options.now ?? Date.now
  const log = options.logger

  async function attempt(body: string) {
    try {
      return await options.fetch(options.url, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${options.token}`,
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'User-Agent': 'Lookout',
        },
        body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      })
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error))
    }
  }

  return {
    async query<T>(query: string, variables: Record<string, unknown>): Promise<T> {
      const body = JSON.stringify({ query, variables })
      for (let retry = 0; ; retry++) {
        const response = await attempt(body)
        let decision: RetryDecision
        let problem: string
        if (response instanceof Error) {
          problem = `network error (${response.message})`
          decision = { waitMs: BACKOFF_BASE_MS * 2 ** retry }
        } else {
          const payload = await readBody(response).catch(() => undefined)
          const errors = errorsOf(payload)
          const rateLimited = errors.some((error) => error.type === 'RATE_LIMITED')
          if (response.ok && !rateLimited) {
            if (errors.length > 0) {
              const messages = errors.map((error) => String(error.message ?? error.type))
              throw new GithubAdvisoriesError(
                `GitHub Advisories answered with GraphQL errors: ${messages.join('; ')}`,
                true,
              )
            }
            const data = payload && typeof payload === 'object' && 'data' in payload
            if (!data) {
              throw new GithubAdvisoriesError(
                `GitHub Advisories answered HTTP ${response.status} without GraphQL data`,
              )
            }
            return (payload as { data: T }).data
          }
          const detail = messageOf(payload) || errors.map((error) => error.message).join('; ')
          problem = `HTTP ${response.status}${detail ? ` (${detail})` : ''}`
          if (!RETRIED_STATUSES.has(response.status) && !rateLimited) {
            throw new GithubAdvisoriesError(
              `GitHub Advisories refused the request: ${problem}` +
                (response.status === 401 ? '; check github.advisories.access.token' : ''),
            )
          }
          decision = retryDecision(
            rateLimited ? 429 : response.status,
            response.headers,
            retry,
            now(),
          )
        }
        if ('refuse' in decision) {
          throw new GithubAdvisoriesError(
            `GitHub Advisories refused the request: ${problem}, without rate-limit headers, so it is not retried; check the access token's permissions`,
          )
        }
        if (retry >= GITHUB_MAX_RETRIES) {
          throw new GithubAdvisoriesError(
            `GitHub Advisories failed after ${GITHUB_MAX_RETRIES} retries: ${problem}`,
          )
        }
        if (decision.waitMs > GITHUB_MAX_WAIT_MS) {
          throw new GithubAdvisoriesError(
            `GitHub Advisories rate limit: ${problem}; waiting ${Math.ceil(decision.waitMs / 1000)} s exceeds ${GITHUB_MAX_WAIT_MS / 1000} s, so this run stops and the next one resumes`,
          )
        }
        log?.warn(
          { source: 'GITHUB', problem, waitMs: decision.waitMs, retry: retry + 1 },
          'GitHub Advisories request retried',
        )
        await options.sleep(decision.waitMs)
      }
    },
  }
}
