import { describe, expect, it } from 'vitest'
import {
  GITHUB_MAX_RETRIES,
  githubGraphqlClient,
  GithubAdvisoriesError,
  retryDecision,
} from './github-client.ts'

// dt-behaviour §2.6 "GitHub Advisories" retries: up to 6 on 403/429/503 and network errors,
// retry-after or the x-ratelimit headers, at most 3 minutes of waiting, a bare 403 not retried.

const TOKEN = 'ghp_secretTokenThatMustNeverLeak0123456789'
const NOW = Date.UTC(2025, 0, 1, 12, 0, 0)

type Answer = Response | Error

/** A fetch that answers from a script and records what it was asked; sleeps are recorded too. */
function scripted(...answers: Answer[]) {
  const requests: { url: string; init: RequestInit }[] = []
  const sleeps: number[] = []
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    requests.push({ url: String(url), init: init ?? {} })
    const answer = answers.shift() ?? json({ data: { ok: true } })
    if (answer instanceof Error) throw answer
    return answer
  }
  const client = githubGraphqlClient({
    url: 'http://127.0.0.1:1/graphql',
    token: TOKEN,
    fetch: fetch as typeof globalThis.fetch,
    sleep: async (ms) => void sleeps.push(ms),
    now: () => NOW,
  })
  return { client, requests, sleeps }
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })

async function failure(promise: Promise<unknown>): Promise<GithubAdvisoriesError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(GithubAdvisoriesError)
  expect((error as Error).message).not.toContain(TOKEN)
  return error as GithubAdvisoriesError
}

describe('githubGraphqlClient', () => {
  it('POSTs the query and variables with the token as Bearer and answers `data`', async () => {
    const { client, requests } = scripted(json({ data: { securityAdvisories: { nodes: [] } } }))
    const data = await client.query('query { x }', { after: 'abc' })
    expect(data).toEqual({ securityAdvisories: { nodes: [] } })
    expect(requests).toHaveLength(1)
    expect(requests[0]!.init.method).toBe('POST')
    expect(new Headers(requests[0]!.init.headers).get('authorization')).toBe(`Bearer ${TOKEN}`)
    expect(JSON.parse(String(requests[0]!.init.body))).toEqual({
      query: 'query { x }',
      variables: { after: 'abc' },
    })
  })

  it('waits `retry-after` seconds after a 429, then goes on', async () => {
    const { client, sleeps, requests } = scripted(
      json({ message: 'slow down' }, 429, { 'retry-after': '7' }),
      json({ data: { ok: 1 } }),
    )
    expect(await client.query('q', {})).toEqual({ ok: 1 })
    expect(sleeps).toEqual([7000])
    expect(requests).toHaveLength(2)
  })

  it('waits until `x-ratelimit-reset` when the quota is used up (403 and 429)', async () => {
    const reset = String(NOW / 1000 + 42)
    const headers = {
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': reset,
    }
    const { client, sleeps } = scripted(
      json({ message: 'API rate limit exceeded' }, 403, headers),
      json({ message: 'API rate limit exceeded' }, 429, headers),
      json({ data: { ok: 1 } }),
    )
    await client.query('q', {})
    expect(sleeps).toEqual([43_000, 43_000])
  })

  it('treats a GraphQL RATE_LIMITED error like an exhausted quota', async () => {
    const reset = String(NOW / 1000 + 10)
    const { client, sleeps } = scripted(
      json({ errors: [{ type: 'RATE_LIMITED', message: 'API rate limit exceeded' }] }, 200, {
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': reset,
      }),
      json({ data: { ok: 1 } }),
    )
    await client.query('q', {})
    expect(sleeps).toEqual([11_000])
  })

  it('gives up when the wait would exceed 3 minutes, without waiting', async () => {
    const { client, sleeps } = scripted(
      json({ message: 'API rate limit exceeded' }, 403, {
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(NOW / 1000 + 3600),
      }),
    )
    const error = await failure(client.query('q', {}))
    expect(error.message).toMatch(/rate limit.*3601 s exceeds 180 s/)
    expect(sleeps).toEqual([])
  })

  it('does not retry a 403 without rate-limit headers', async () => {
    const { client, requests, sleeps } = scripted(
      json({ message: 'Resource not accessible by personal access token' }, 403),
    )
    const error = await failure(client.query('q', {}))
    expect(error.message).toContain('HTTP 403 (Resource not accessible by personal access token)')
    expect(error.message).toContain('not retried')
    expect(requests).toHaveLength(1)
    expect(sleeps).toEqual([])
  })

  it('retries network errors and 503s with a growing wait, 6 times, then fails', async () => {
    const { client, requests, sleeps } = scripted(
      new TypeError('fetch failed'),
      json({}, 503),
      ...Array.from({ length: 10 }, () => new TypeError('fetch failed')),
    )
    const error = await failure(client.query('q', {}))
    expect(error.message).toMatch(/after 6 retries: network error \(fetch failed\)/)
    expect(requests).toHaveLength(GITHUB_MAX_RETRIES + 1)
    expect(sleeps).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000])
  })

  it('recovers from a dropped connection', async () => {
    const { client, sleeps } = scripted(
      new TypeError('other side closed'),
      json({ data: { ok: 2 } }),
    )
    expect(await client.query('q', {})).toEqual({ ok: 2 })
    expect(sleeps).toEqual([1000])
  })

  it('fails at once on 401 and names the property to check', async () => {
    const { client, requests } = scripted(json({ message: 'Bad credentials' }, 401))
    const error = await failure(client.query('q', {}))
    expect(error.message).toBe(
      'GitHub Advisories refused the request: HTTP 401 (Bad credentials); check github.advisories.access.token',
    )
    expect(requests).toHaveLength(1)
  })

  it('turns GraphQL errors into a clear error', async () => {
    const { client } = scripted(
      json({ data: null, errors: [{ message: "Field 'nope' doesn't exist on type 'Query'" }] }),
    )
    const error = await failure(client.query('q', {}))
    expect(error.message).toBe(
      "GitHub Advisories answered with GraphQL errors: Field 'nope' doesn't exist on type 'Query'",
    )
    expect(error.graphql).toBe(true)
  })

  it('fails clearly on an answer that is not GraphQL', async () => {
    const { client } = scripted(new Response('<html>proxy login</html>', { status: 200 }))
    const error = await failure(client.query('q', {}))
    expect(error.message).toBe('GitHub Advisories answered HTTP 200 without GraphQL data')
  })
})

describe('retryDecision', () => {
  const headers = (values: Record<string, string>) => new Headers(values)

  it('reads retry-after as seconds or as an HTTP date', () => {
    expect(retryDecision(429, headers({ 'retry-after': '3' }), 0, NOW)).toEqual({ waitMs: 3000 })
    const date = new Date(NOW + 5000).toUTCString()
    expect(retryDecision(503, headers({ 'retry-after': date }), 0, NOW)).toEqual({ waitMs: 5000 })
  })

  it('waits a minute on a secondary rate limit (403 with quota left and no retry-after)', () => {
    const limited = headers({ 'x-ratelimit-limit': '5000', 'x-ratelimit-remaining': '4000' })
    expect(retryDecision(403, limited, 0, NOW)).toEqual({ waitMs: 60_000 })
  })

  it('refuses to retry a bare 403 and backs off on a bare 429', () => {
    expect(retryDecision(403, headers({}), 0, NOW)).toEqual({ refuse: 'access denied' })
    expect(retryDecision(429, headers({}), 3, NOW)).toEqual({ waitMs: 8000 })
  })
})
