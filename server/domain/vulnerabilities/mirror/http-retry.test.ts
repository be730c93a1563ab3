import { describe, expect, it } from 'vitest'
import { createLogger } from '../../../logger.ts'
import { fetchWithRetry, joinUrl } from './http-retry.ts'

const policy = { retries: 3, delayMs: 600, retryStatuses: new Set([403, 429, 503]) }

/** A fetch answering from a script: a status, or 'network' for a refused connection. */
function scripted(steps: (number | 'network')[]) {
  const calls: { url: string; headers: Record<string, string> }[] = []
  const fetch = (async (url: string, init: { headers: Record<string, string> }) => {
    calls.push({ url, headers: init.headers })
    const step = steps.shift() ?? 200
    if (step === 'network')
      throw new TypeError('fetch failed', { cause: new Error('ECONNREFUSED') })
    return new Response(step === 200 ? 'ok' : 'no', { status: step })
  }) as unknown as typeof globalThis.fetch
  const slept: number[] = []
  const sleep = async (ms: number) => {
    slept.push(ms)
  }
  return { context: { fetch, sleep, logger: createLogger('silent') }, calls, slept }
}

describe('fetchWithRetry', () => {
  it('waits the delay and tries again on 429, 403, 503 and network errors', async () => {
    const { context, calls, slept } = scripted([429, 403, 'network', 200])
    const response = await fetchWithRetry(context, 'http://x/', { apiKey: 'k' }, policy, 'page')
    expect(await response.text()).toBe('ok')
    expect(calls).toHaveLength(4)
    expect(calls[0]!.headers).toEqual({ apiKey: 'k' })
    expect(slept).toEqual([600, 600, 600])
  })

  it('gives up after the last retry with the status in the message', async () => {
    const { context, calls } = scripted([503, 503, 503, 503, 200])
    await expect(fetchWithRetry(context, 'http://x/', {}, policy, 'NVD page 3')).rejects.toThrow(
      'NVD page 3 answered HTTP 503 after 4 attempts',
    )
    expect(calls).toHaveLength(4)
  })

  it('does not retry other statuses', async () => {
    const { context, calls } = scripted([404])
    await expect(fetchWithRetry(context, 'http://x/', {}, policy, 'feed')).rejects.toThrow(
      'feed answered HTTP 404',
    )
    expect(calls).toHaveLength(1)
  })

  it('also tries again when the body is cut short while being read', async () => {
    const { context, calls, slept } = scripted([200, 200])
    let reads = 0
    const text = await fetchWithRetry(
      context,
      'http://x/',
      {},
      policy,
      'page',
      async (response) => {
        if (++reads === 1) throw new TypeError('terminated')
        return response.text()
      },
    )
    expect(text).toBe('ok')
    expect(calls).toHaveLength(2)
    expect(slept).toEqual([600])
  })

  it('reports the network error after the last retry', async () => {
    const { context } = scripted(['network', 'network', 'network', 'network'])
    await expect(fetchWithRetry(context, 'http://x/', {}, policy, 'feed')).rejects.toThrow(
      /feed failed after 4 attempts: Error: ECONNREFUSED/,
    )
  })
})

describe('joinUrl', () => {
  it('joins with exactly one slash', () => {
    expect(joinUrl('https://epss.cyentia.com/', 'epss_scores-current.csv.gz')).toBe(
      'https://epss.cyentia.com/epss_scores-current.csv.gz',
    )
    expect(joinUrl('https://nvd.nist.gov/feeds', '/json/x')).toBe(
      'https://nvd.nist.gov/feeds/json/x',
    )
  })
})
