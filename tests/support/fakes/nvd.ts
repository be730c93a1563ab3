/**
 * A loopback NVD: the CVE API 2.0 (`/rest/json/cves/2.0`, paging by startIndex/resultsPerPage,
 * the lastModStartDate/lastModEndDate filter with NVD's 120-day limit, the `apiKey` header) and
 * the JSON 2.0 feeds (`/feeds/json/cve/2.0/nvdcve-2.0-<name>.json.gz` with their `.meta`).
 * Tests script faults: statuses for the next requests, a page that fails until allowed, a page
 * that is not JSON, a feed whose content does not match its .meta.
 */
import { createHash } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'

export interface FakeCve {
  id: string
  lastModified: string
  [field: string]: unknown
}

export interface ApiRequest {
  startIndex: number
  resultsPerPage: number
  lastModStartDate: string | null
  lastModEndDate: string | null
  apiKey: string | undefined
}

type PageFault = { startIndex: number } & ({ status: number } | { corrupt: true })

export interface NvdFake {
  apiUrl: string
  feedsUrl: string
  /** The API's data set, in the order NVD pages it. */
  cves: FakeCve[]
  /** The most CVEs one page holds (NVD's is 2,000; small here to make tests page). */
  maxPageSize: number
  apiRequests: ApiRequest[]
  feedRequests: string[]
  /** Statuses answered, in turn, to the next API requests before serving normally. */
  nextStatuses: number[]
  /** A page (by startIndex) that fails every time until cleared. */
  pageFault: PageFault | undefined
  /** Feed name → CVEs; years not set serve an empty feed. */
  setFeed(name: string, cves: FakeCve[], options?: { mismatchMeta?: boolean }): void
  close(): Promise<void>
}

const DAY_MS = 86_400_000

/** NVD timestamps have no zone; their filter parameters carry an offset. */
const instant = (value: string) => new Date(/[zZ]|[+-]\d\d:\d\d$/.test(value) ? value : `${value}Z`)

function document(cves: FakeCve[], startIndex: number, totalResults: number) {
  return {
    resultsPerPage: cves.length,
    startIndex,
    totalResults,
    format: 'NVD_CVE',
    version: '2.0',
    timestamp: new Date().toISOString().slice(0, 23),
    vulnerabilities: cves.map((cve) => ({ cve })),
  }
}

export async function startNvdFake(): Promise<NvdFake> {
  const feeds = new Map<string, { json: Buffer; meta: string }>()
  const feedFor = (cves: FakeCve[], mismatchMeta = false) => {
    const json = Buffer.from(JSON.stringify(document(cves, 0, cves.length)))
    const hashed = mismatchMeta ? Buffer.concat([json, Buffer.from(' ')]) : json
    const sha256 = createHash('sha256').update(hashed).digest('hex').toUpperCase()
    const meta = `lastModifiedDate:2025-08-25T03:00:56-04:00\r\nsize:${hashed.length}\r\ngzSize:0\r\nsha256:${sha256}\r\n`
    return { json, meta }
  }
  const emptyFeed = feedFor([])

  const fake: NvdFake = {
    apiUrl: '',
    feedsUrl: '',
    cves: [],
    maxPageSize: 2000,
    apiRequests: [],
    feedRequests: [],
    nextStatuses: [],
    pageFault: undefined,
    setFeed(name, cves, options = {}) {
      feeds.set(name, feedFor(cves, options.mismatchMeta))
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }

  function api(url: URL, request: http.IncomingMessage, response: http.ServerResponse) {
    const params = url.searchParams
    const startIndex = Number(params.get('startIndex') ?? 0)
    const resultsPerPage = Number(params.get('resultsPerPage') ?? 2000)
    const start = params.get('lastModStartDate')
    const end = params.get('lastModEndDate')
    const apiKey = request.headers.apikey as string | undefined
    fake.apiRequests.push({
      startIndex,
      resultsPerPage,
      lastModStartDate: start,
      lastModEndDate: end,
      apiKey,
    })
    const status = fake.nextStatuses.shift()
    if (status !== undefined) return response.writeHead(status).end()
    const fault = fake.pageFault
    if (fault && fault.startIndex === startIndex) {
      if ('corrupt' in fault) {
        response.writeHead(200, { 'content-type': 'application/json' })
        return response.end('{"resultsPerPage": 2, "vulnerabilities": [{"cve": {"id": "CVE-20')
      }
      return response.writeHead(fault.status).end()
    }
    if ((start === null) !== (end === null)) {
      return response
        .writeHead(404, { message: 'Both lastModStartDate and lastModEndDate are required' })
        .end()
    }
    let selected = fake.cves
    if (start !== null && end !== null) {
      const from = instant(start).getTime()
      const to = instant(end).getTime()
      if (Number.isNaN(from) || Number.isNaN(to) || to - from > 120 * DAY_MS || to < from) {
        return response.writeHead(404, { message: 'Invalid lastModified date range' }).end()
      }
      selected = selected.filter((cve) => {
        const modified = instant(cve.lastModified).getTime()
        return modified >= from && modified <= to
      })
    }
    const size = Math.min(resultsPerPage, fake.maxPageSize)
    const page = selected.slice(startIndex, startIndex + size)
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify(document(page, startIndex, selected.length)))
  }

  function feed(url: URL, response: http.ServerResponse) {
    fake.feedRequests.push(url.pathname)
    const match = /^\/feeds\/json\/cve\/2\.0\/nvdcve-2\.0-([a-z0-9]+)\.(meta|json\.gz)$/.exec(
      url.pathname,
    )
    if (!match) return response.writeHead(404).end()
    const content = feeds.get(match[1]!) ?? emptyFeed
    if (match[2] === 'meta') {
      response.writeHead(200, { 'content-type': 'text/plain' })
      return response.end(content.meta)
    }
    response.writeHead(200, { 'content-type': 'application/x-gzip' })
    response.end(gzipSync(content.json))
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    if (url.pathname === '/rest/json/cves/2.0') return api(url, request, response)
    if (url.pathname.startsWith('/feeds/')) return feed(url, response)
    response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  fake.apiUrl = `http://127.0.0.1:${port}/rest/json/cves/2.0`
  fake.feedsUrl = `http://127.0.0.1:${port}/feeds`
  return fake
}

/**
 * A CVE in NVD's shape: English and Spanish descriptions, CVSS v3.1 (Primary and Secondary) and
 * v2 metrics, a CWE, references and a configuration with several cpeMatch ranges.
 */
export function fakeCve(
  id: string,
  lastModified: string,
  options: { description?: string; product?: string; baseScore?: number } = {},
): FakeCve {
  const product = options.product ?? `product_${id.toLowerCase().replace(/[^a-z0-9]/g, '_')}`
  const baseScore = options.baseScore ?? 9.8
  return {
    id,
    sourceIdentifier: 'cve@mitre.org',
    published: '2024-01-10T10:15:08.000',
    lastModified,
    vulnStatus: 'Analyzed',
    cveTags: [],
    descriptions: [
      {
        lang: 'en',
        value: options.description ?? `A flaw in ${product} lets a remote attacker run code.`,
      },
      { lang: 'es', value: `Un fallo en ${product}.` },
    ],
    metrics: {
      cvssMetricV31: [
        {
          source: 'cna@example.org',
          type: 'Secondary',
          cvssData: {
            version: '3.1',
            vectorString: 'CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:L/I:L/A:N',
            baseScore: 5.4,
            baseSeverity: 'MEDIUM',
          },
          exploitabilityScore: 2.8,
          impactScore: 2.5,
        },
        {
          source: 'nvd@nist.gov',
          type: 'Primary',
          cvssData: {
            version: '3.1',
            vectorString: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
            baseScore,
            baseSeverity: 'CRITICAL',
          },
          exploitabilityScore: 3.9,
          impactScore: 5.9,
        },
      ],
      cvssMetricV2: [
        {
          source: 'nvd@nist.gov',
          type: 'Primary',
          cvssData: { version: '2.0', vectorString: 'AV:N/AC:L/Au:N/C:P/I:P/A:P', baseScore: 7.5 },
          baseSeverity: 'HIGH',
          exploitabilityScore: 10.0,
          impactScore: 6.4,
          acInsufInfo: false,
          obtainAllPrivilege: false,
          obtainUserPrivilege: false,
          obtainOtherPrivilege: false,
          userInteractionRequired: false,
        },
      ],
    },
    weaknesses: [
      { source: 'nvd@nist.gov', type: 'Primary', description: [{ lang: 'en', value: 'CWE-787' }] },
    ],
    configurations: [
      {
        nodes: [
          {
            operator: 'OR',
            negate: false,
            cpeMatch: [
              {
                vulnerable: true,
                criteria: `cpe:2.3:a:example:${product}:*:*:*:*:*:*:*:*`,
                versionStartIncluding: '1.0.0',
                versionEndExcluding: '1.4.2',
                matchCriteriaId: '6A9B1B7C-0000-4000-8000-000000000001',
              },
              {
                vulnerable: true,
                criteria: `cpe:2.3:a:example:${product}:*:*:*:*:*:*:*:*`,
                versionStartIncluding: '2.0.0',
                versionEndExcluding: '2.1.7',
                matchCriteriaId: '6A9B1B7C-0000-4000-8000-000000000002',
              },
              {
                vulnerable: true,
                criteria: `cpe:2.3:a:example:${product}:3.0.0:beta1:*:*:*:*:*:*`,
                matchCriteriaId: '6A9B1B7C-0000-4000-8000-000000000003',
              },
            ],
          },
        ],
      },
      {
        operator: 'AND',
        nodes: [
          {
            operator: 'OR',
            negate: false,
            cpeMatch: [
              {
                vulnerable: true,
                criteria: `cpe:2.3:a:example:${product}_agent:*:*:*:*:*:*:*:*`,
                versionEndIncluding: '5.2',
                matchCriteriaId: '6A9B1B7C-0000-4000-8000-000000000004',
              },
            ],
          },
          {
            operator: 'OR',
            negate: false,
            cpeMatch: [
              {
                vulnerable: false,
                criteria: 'cpe:2.3:o:microsoft:windows:-:*:*:*:*:*:*:*',
                matchCriteriaId: 'A2572D17-1DE6-457B-99CC-64AFD54487EA',
              },
            ],
          },
        ],
      },
    ],
    references: [
      {
        url: `https://example.org/security/${id}`,
        source: 'cve@mitre.org',
        tags: ['Vendor Advisory'],
      },
      {
        url: `https://github.com/example/${product}/commit/0123456789abcdef`,
        source: 'cve@mitre.org',
        tags: ['Patch'],
      },
    ],
  }
}
