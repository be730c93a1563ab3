import { describe, expect, it } from 'vitest'
import { AnalyzerHttpError, sendWithRetry, type HttpOptions } from './http.ts'
import { ossIndexCoordinates } from './ossindex.ts'
import { referenceUrl } from './shared.ts'
import { snykRange } from './snyk.ts'
import { trivySource } from './trivy.ts'
import { vulnDbSigner } from './vulndb.ts'

describe('external analyzer helpers (dt-behaviour §2.4)', () => {
  it('asks OSS Index about canonical coordinates without qualifiers, `@v1` as `@1`', () => {
    expect(ossIndexCoordinates('pkg:golang/github.com/gin-gonic/gin@v1.9.1?type=module')).toBe(
      'pkg:golang/github.com/gin-gonic/gin@1.9.1',
    )
    expect(ossIndexCoordinates('pkg:npm/%40scope/Name@1.0.0#dist')).toBe(
      'pkg:npm/%40scope/name@1.0.0',
    )
    expect(ossIndexCoordinates('not a purl')).toBeUndefined()
  })

  it('keeps reference URLs within 255 characters, the query string going first', () => {
    expect(referenceUrl(`https://x.test/a?${'q'.repeat(300)}`)).toBe('https://x.test/a')
    expect(referenceUrl(`https://x.test/${'p'.repeat(300)}`)).toHaveLength(255)
  })

  it('reads definite Snyk ranges and leaves the rest', () => {
    expect(snykRange('>=1.0.0 <1.2.3')).toEqual({
      versionStartIncluding: '1.0.0',
      versionEndExcluding: '1.2.3',
    })
    expect(snykRange('<=2.0')).toEqual({ versionEndIncluding: '2.0' })
    expect(snykRange('*')).toBeUndefined()
    expect(snykRange('[1.0,2.0)')).toBeUndefined()
  })

  it('names the Trivy source after the id prefix', () => {
    expect(['CVE-1', 'GHSA-x', 'OSV-1', 'SNYK-JS-1', 'DLA-1'].map(trivySource)).toEqual([
      'NVD',
      'GITHUB',
      'OSV',
      'SNYK',
      'UNKNOWN',
    ])
  })

  it('signs VulnDB requests with OAuth 1.0a HMAC-SHA1', () => {
    const header = vulnDbSigner('key', 'secret')('https://vulndb.test/api?cpe=a')
    expect(header).toMatch(/^OAuth /)
    expect(header).toContain('oauth_consumer_key="key"')
    expect(header).toContain('oauth_signature_method="HMAC-SHA1"')
    expect(header).not.toContain('secret')
  })

  it('backs off exponentially up to the ceiling and gives up after the retries', async () => {
    const waits: number[] = []
    const options: HttpOptions = {
      fetch: async () => new Response('busy', { status: 503 }),
      sleep: async (ms) => {
        waits.push(ms)
      },
      timeoutMs: 1_000,
      retries: 4,
      delayMs: 100,
      maxDelayMs: 500,
    }
    const failure = await sendWithRetry(options, 'http://x.test', {}, 'Test call').catch((e) => e)
    expect(failure).toBeInstanceOf(AnalyzerHttpError)
    expect(failure.message).toBe('Test call answered HTTP 503 after 5 attempts')
    expect(waits).toEqual([100, 200, 400, 500])
  })
})
