import { startLoopback, type Loopback } from './loopback.ts'

/**
 * A loopback Sonatype OSS Index: `POST /api/v3/component-report` with `{coordinates}` (at most
 * 128), Basic authentication when credentials are set, reports from `reports` by coordinates.
 */
export interface OssIndexReportVulnerability {
  id: string
  displayName?: string
  title: string
  description: string
  cvssScore?: number
  cvssVector?: string
  cwe?: string
  cve?: string
  reference: string
  externalReferences?: string[]
}

export interface FakeOssIndex extends Loopback {
  /** Vulnerabilities by coordinates (`pkg:npm/lodash@4.17.20`). */
  reports: Map<string, OssIndexReportVulnerability[]>
  /** Username and token the fake accepts; anonymous requests are refused when set. */
  credentials: { username: string; token: string } | undefined
  /** The coordinates of every accepted request, in order. */
  batches: string[][]
  authorizations: (string | undefined)[]
}

/** `port` 0 picks a free one. */
export async function startFakeOssIndex(port = 0): Promise<FakeOssIndex> {
  const fake: Omit<FakeOssIndex, keyof Loopback> = {
    reports: new Map(),
    credentials: undefined,
    batches: [],
    authorizations: [],
  }
  return startLoopback(
    fake,
    (request) => {
      if (request.method !== 'POST' || request.url.pathname !== '/api/v3/component-report') {
        return { status: 404 }
      }
      fake.authorizations.push(request.headers.authorization)
      if (fake.credentials) {
        const expected = Buffer.from(
          `${fake.credentials.username}:${fake.credentials.token}`,
        ).toString('base64')
        if (request.headers.authorization !== `Basic ${expected}`) {
          return { status: 401, json: { code: 401, message: 'Unauthorized' } }
        }
      }
      const { coordinates } = JSON.parse(request.body) as { coordinates: string[] }
      if (!Array.isArray(coordinates) || coordinates.length > 128) {
        return { status: 400, json: { code: 400, message: 'Too many coordinates' } }
      }
      fake.batches.push(coordinates)
      return {
        status: 200,
        json: coordinates.map((coordinate) => ({
          coordinates: coordinate,
          description: '',
          reference: `https://ossindex.sonatype.org/component/${coordinate}`,
          vulnerabilities: fake.reports.get(coordinate) ?? [],
        })),
      }
    },
    port,
  )
}
