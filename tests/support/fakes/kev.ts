import { createHash } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A loopback copy of CISA's KEV feed: one JSON document at `/feeds/known_exploited_vulnerabilities.json`
 * with an ETag and Last-Modified, answering conditional GETs with 304 as the real site does.
 */

export interface KevEntry {
  cveID: string
  vendorProject: string
  product: string
  vulnerabilityName: string
  dateAdded: string
  shortDescription: string
  requiredAction: string
  dueDate: string
  knownRansomwareCampaignUse: string
  notes: string
  cwes: string[]
}

export interface KevDocument {
  title: string
  catalogVersion: string
  dateReleased: string
  count: number
  vulnerabilities: unknown[]
}

export interface FakeKevRequest {
  ifNoneMatch: string | undefined
  ifModifiedSince: string | undefined
  status: number
}

export interface FakeKev {
  url: string
  requests: FakeKevRequest[]
  /** Publishes a catalogue (a new Last-Modified); a string is served as the body verbatim. */
  publish(document: KevDocument | string): void
  /** Whether the feed sends ETag and Last-Modified (and so can answer 304). */
  validators: boolean
  /** Answers this status instead of the document while set. */
  failWith: number | undefined
  close(): Promise<void>
}

export function kevEntry(cveID: string, overrides: Partial<KevEntry> = {}): KevEntry {
  return {
    cveID,
    vendorProject: 'Example',
    product: 'Widget',
    vulnerabilityName: `Example Widget flaw ${cveID}`,
    dateAdded: '2025-01-10',
    shortDescription: `Widget allows remote code execution (${cveID}).`,
    requiredAction: 'Apply mitigations per vendor instructions or discontinue use of the product.',
    dueDate: '2025-01-31',
    knownRansomwareCampaignUse: 'Unknown',
    notes: `https://example.com/advisories/${cveID}`,
    cwes: ['CWE-78'],
    ...overrides,
  }
}

export function kevDocument(catalogVersion: string, vulnerabilities: unknown[]): KevDocument {
  return {
    title: 'CISA Catalog of Known Exploited Vulnerabilities',
    catalogVersion,
    dateReleased: `${catalogVersion.replaceAll('.', '-')}T16:00:00.0000Z`,
    count: vulnerabilities.length,
    vulnerabilities,
  }
}

export async function startFakeKev(): Promise<FakeKev> {
  let body = ''
  let etag = ''
  let lastModified = ''
  let published = Date.UTC(2025, 0, 1) / 1000
  const fake: FakeKev = {
    url: '',
    requests: [],
    validators: true,
    failWith: undefined,
    publish(document) {
      body = typeof document === 'string' ? document : JSON.stringify(document, null, 4)
      etag = `"${createHash('sha1').update(body).digest('hex')}"`
      published += 86_400
      lastModified = new Date(published * 1000).toUTCString()
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
  const server = http.createServer((request, response) => {
    const record: FakeKevRequest = {
      ifNoneMatch: request.headers['if-none-match'],
      ifModifiedSince: request.headers['if-modified-since'],
      status: 200,
    }
    fake.requests.push(record)
    const answer = (status: number, headers: Record<string, string> = {}, text = '') => {
      record.status = status
      response.writeHead(status, headers)
      response.end(text)
    }
    if (request.url !== '/feeds/known_exploited_vulnerabilities.json') return answer(404)
    if (fake.failWith) return answer(fake.failWith, {}, 'Service Unavailable')
    if (!body) return answer(404)
    const validators: Record<string, string> = fake.validators
      ? { etag, 'last-modified': lastModified }
      : {}
    if (fake.validators) {
      const unchanged = record.ifNoneMatch
        ? record.ifNoneMatch === etag
        : record.ifModifiedSince !== undefined &&
          Date.parse(record.ifModifiedSince) >= Date.parse(lastModified)
      if (unchanged) return answer(304, validators)
    }
    answer(200, { 'content-type': 'application/json', ...validators }, body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feeds/known_exploited_vulnerabilities.json`
  return fake
}
