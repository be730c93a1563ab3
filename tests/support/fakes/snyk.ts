import { startLoopback, type Loopback } from './loopback.ts'

/**
 * A loopback Snyk REST API: `GET /rest/orgs/{org}/packages/{purl}/issues?version=…` with
 * `Authorization: token …` (any of `tokens`) and `Accept: application/vnd.api+json`, answering
 * JSON:API documents of the issues stored for the purl.
 */
export interface FakeSnyk extends Loopback {
  orgId: string
  apiVersion: string
  tokens: Set<string>
  /** Issues (JSON:API `data` items) by purl coordinates. */
  issues: Map<string, unknown[]>
  /** A `Sunset` header on every answer while set. */
  sunset: string | undefined
  /** Every accepted request: the purl asked about and the token used. */
  calls: { purl: string; token: string }[]
}

export function snykIssue(key: string, overrides: Record<string, unknown> = {}) {
  return {
    id: key,
    type: 'issue',
    attributes: {
      key,
      title: `Prototype pollution (${key})`,
      type: 'package_vulnerability',
      description: `Affected versions are vulnerable (${key}).`,
      created_at: '2024-03-01T10:00:00Z',
      updated_at: '2024-03-05T10:00:00Z',
      problems: [
        { id: 'CVE-2024-1111', source: 'CVE' },
        { id: 'GHSA-aaaa-bbbb-cccc', source: 'GHSA' },
        { id: 'CWE-1321', source: 'CWE' },
      ],
      coordinates: [
        {
          remedies: [{ description: 'Upgrade to 4.17.21 or later.', type: 'indeterminate' }],
          representation: ['>=4.0.0 <4.17.21'],
        },
      ],
      severities: [
        {
          source: 'Snyk',
          level: 'high',
          score: 8.1,
          vector: 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H',
        },
        {
          source: 'NVD',
          level: 'critical',
          score: 9.8,
          vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
        },
      ],
      slots: {
        publication_time: '2024-03-02T10:00:00Z',
        references: [{ url: `https://security.snyk.io/vuln/${key}`, title: 'Snyk advisory' }],
      },
      ...overrides,
    },
  }
}

export async function startFakeSnyk(): Promise<FakeSnyk> {
  const fake: Omit<FakeSnyk, keyof Loopback> = {
    orgId: 'org-1234',
    apiVersion: '2023-06-22',
    tokens: new Set(['snyk-token-a']),
    issues: new Map(),
    sunset: undefined,
    calls: [],
  }
  return startLoopback(fake, (request) => {
    const path = /^\/rest\/orgs\/([^/]+)\/packages\/([^/]+)\/issues$/.exec(request.url.pathname)
    if (request.method !== 'GET' || !path) return { status: 404 }
    const token = /^token (.+)$/.exec(request.headers.authorization ?? '')?.[1]
    if (!token || !fake.tokens.has(token)) {
      return { status: 401, json: { errors: [{ status: '401', detail: 'Unauthorized' }] } }
    }
    if (request.headers.accept !== 'application/vnd.api+json') return { status: 406 }
    if (decodeURIComponent(path[1]!) !== fake.orgId) return { status: 404 }
    if (request.url.searchParams.get('version') !== fake.apiVersion) return { status: 400 }
    const purl = decodeURIComponent(path[2]!)
    fake.calls.push({ purl, token })
    return {
      status: 200,
      headers: {
        'content-type': 'application/vnd.api+json',
        ...(fake.sunset ? { sunset: fake.sunset } : {}),
      },
      json: { jsonapi: { version: '1.0' }, data: fake.issues.get(purl) ?? [], links: {} },
    }
  })
}
