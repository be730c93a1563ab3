import { createHmac } from 'node:crypto'
import OAuth from 'oauth-1.0a'
import { startLoopback, type Loopback } from './loopback.ts'

/**
 * A loopback VulnDB API: `GET /api/v1/vulnerabilities/find_by_cpe?cpe=…&size=…&page=…`, signed
 * with OAuth 1.0a HMAC-SHA1 by the consumer key and secret it knows (a wrong signature is 401),
 * answering the stored results for the CPE page by page.
 */
export interface FakeVulnDb extends Loopback {
  consumerKey: string
  consumerSecret: string
  /** VulnDB results by CPE. */
  results: Map<string, Record<string, unknown>[]>
  /** Every accepted request: CPE and page. */
  calls: { cpe: string; page: number; size: number }[]
}

export function vulnDbResult(id: number, overrides: Record<string, unknown> = {}) {
  return {
    vulndb_id: id,
    title: `Example Server heap overflow #${id}`,
    description: `A crafted request overflows a buffer (${id}).`,
    solution: 'Upgrade to the latest version.',
    disclosure_date: '2023-05-01T00:00:00Z',
    vulndb_last_modified: '2023-06-01T00:00:00Z',
    ext_references: [
      { type: 'CVE ID', value: `2023-${id}` },
      { type: 'Vendor Specific Advisory URL', value: `https://example.com/advisory/${id}` },
    ],
    cvss_version_three_metrics: [{ score: 7.5 }],
    ...overrides,
  }
}

function parseAuthorization(header: string | undefined) {
  if (!header?.startsWith('OAuth ')) return undefined
  const params: Record<string, string> = {}
  for (const part of header.slice(6).split(/,\s*/)) {
    const match = /^(\w+)="([^"]*)"$/.exec(part.trim())
    if (match) params[match[1]!] = decodeURIComponent(match[2]!)
  }
  return params
}

export async function startFakeVulnDb(): Promise<FakeVulnDb> {
  const fake: Omit<FakeVulnDb, keyof Loopback> = {
    consumerKey: 'vulndb-key',
    consumerSecret: 'vulndb-secret',
    results: new Map(),
    calls: [],
  }
  const server = await startLoopback(fake, (request) => {
    if (
      request.method !== 'GET' ||
      request.url.pathname !== '/api/v1/vulnerabilities/find_by_cpe'
    ) {
      return { status: 404 }
    }
    const oauthParams = parseAuthorization(request.headers.authorization)
    const oauth = new OAuth({
      consumer: { key: fake.consumerKey, secret: fake.consumerSecret },
      signature_method: 'HMAC-SHA1',
      hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
    })
    const url = `${server.url}${request.url.pathname}${request.url.search}`
    const expected =
      oauthParams &&
      oauthParams.oauth_consumer_key === fake.consumerKey &&
      oauthParams.oauth_signature_method === 'HMAC-SHA1' &&
      oauth.getSignature({ url, method: 'GET' }, '', {
        oauth_consumer_key: oauthParams.oauth_consumer_key,
        oauth_nonce: oauthParams.oauth_nonce!,
        oauth_signature_method: 'HMAC-SHA1',
        oauth_timestamp: Number(oauthParams.oauth_timestamp),
        oauth_version: oauthParams.oauth_version ?? '1.0',
      })
    if (!expected || expected !== oauthParams.oauth_signature) {
      return { status: 401, json: { error: 'Invalid OAuth signature' } }
    }
    const cpe = request.url.searchParams.get('cpe') ?? ''
    const size = Number(request.url.searchParams.get('size') ?? 20)
    const page = Number(request.url.searchParams.get('page') ?? 1)
    fake.calls.push({ cpe, page, size })
    const all = fake.results.get(cpe) ?? []
    return {
      status: 200,
      json: {
        current_page: page,
        total_entries: all.length,
        results: all.slice((page - 1) * size, page * size),
      },
    }
  })
  return server
}
