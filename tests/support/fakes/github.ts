import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { buildSchema, graphql, GraphQLError } from 'graphql'

/**
 * A loopback GitHub GraphQL API for the advisories mirror: a slice of GitHub's real schema
 * (`securityAdvisories`, `securityAdvisory`, `rateLimit`), executed by graphql-js, so a query with
 * a field or argument GitHub does not have fails here as it would there. Cursor paging, the
 * `updatedSince` filter, Bearer tokens and GitHub's rate-limit headers behave like the service.
 */

const SCHEMA = buildSchema(`
  scalar DateTime
  scalar URI
  enum OrderDirection { ASC DESC }
  enum SecurityAdvisoryOrderField { PUBLISHED_AT UPDATED_AT }
  input SecurityAdvisoryOrder { field: SecurityAdvisoryOrderField! direction: OrderDirection! }
  enum SecurityVulnerabilityOrderField { UPDATED_AT }
  input SecurityVulnerabilityOrder { field: SecurityVulnerabilityOrderField! direction: OrderDirection! }
  enum SecurityAdvisoryEcosystem { ACTIONS COMPOSER ERLANG GO MAVEN NPM NUGET PIP PUB RUBYGEMS RUST SWIFT }
  enum SecurityAdvisorySeverity { LOW MODERATE HIGH CRITICAL }
  enum SecurityAdvisoryClassification { GENERAL MALWARE }
  type PageInfo { hasNextPage: Boolean! hasPreviousPage: Boolean! startCursor: String endCursor: String }
  type SecurityAdvisoryIdentifier { type: String! value: String! }
  type SecurityAdvisoryReference { url: URI! }
  type CVSS { score: Float! vectorString: String }
  type CvssSeverities { cvssV3: CVSS cvssV4: CVSS }
  type CWE { id: ID! cweId: String! name: String! description: String! }
  type CWEEdge { cursor: String! node: CWE }
  type CWEConnection { edges: [CWEEdge] nodes: [CWE] pageInfo: PageInfo! totalCount: Int! }
  type SecurityAdvisoryPackage { ecosystem: SecurityAdvisoryEcosystem! name: String! }
  type SecurityAdvisoryPackageVersion { identifier: String! }
  type SecurityVulnerability {
    firstPatchedVersion: SecurityAdvisoryPackageVersion
    package: SecurityAdvisoryPackage!
    severity: SecurityAdvisorySeverity!
    updatedAt: DateTime!
    vulnerableVersionRange: String!
  }
  type SecurityVulnerabilityEdge { cursor: String! node: SecurityVulnerability }
  type SecurityVulnerabilityConnection {
    edges: [SecurityVulnerabilityEdge] nodes: [SecurityVulnerability] pageInfo: PageInfo! totalCount: Int!
  }
  type SecurityAdvisory {
    id: ID!
    databaseId: Int
    ghsaId: String!
    summary: String!
    description: String!
    severity: SecurityAdvisorySeverity!
    classification: SecurityAdvisoryClassification!
    origin: String!
    permalink: URI
    publishedAt: DateTime!
    updatedAt: DateTime!
    withdrawnAt: DateTime
    identifiers: [SecurityAdvisoryIdentifier!]!
    references: [SecurityAdvisoryReference!]!
    cvss: CVSS! @deprecated(reason: "use cvssSeverities")
    cvssSeverities: CvssSeverities!
    cwes(first: Int, after: String, last: Int, before: String): CWEConnection!
    vulnerabilities(
      first: Int, after: String, last: Int, before: String
      ecosystem: SecurityAdvisoryEcosystem, package: String
      orderBy: SecurityVulnerabilityOrder = {field: UPDATED_AT, direction: ASC}
    ): SecurityVulnerabilityConnection!
  }
  type SecurityAdvisoryEdge { cursor: String! node: SecurityAdvisory }
  type SecurityAdvisoryConnection {
    edges: [SecurityAdvisoryEdge] nodes: [SecurityAdvisory] pageInfo: PageInfo! totalCount: Int!
  }
  type RateLimit { cost: Int! limit: Int! remaining: Int! resetAt: DateTime! used: Int! }
  type Query {
    securityAdvisories(
      first: Int, after: String, last: Int, before: String
      orderBy: SecurityAdvisoryOrder = {field: UPDATED_AT, direction: DESC}
      updatedSince: DateTime, publishedSince: DateTime
      classifications: [SecurityAdvisoryClassification!]
    ): SecurityAdvisoryConnection!
    securityAdvisory(ghsaId: String!): SecurityAdvisory
    rateLimit(dryRun: Boolean = false): RateLimit
  }
`)

export interface FakeVulnerability {
  ecosystem: string
  name: string
  range: string
  firstPatched?: string | null
}

/** An advisory as the fake holds it; the schema's resolvers turn it into GitHub's shape. */
export interface FakeAdvisory {
  ghsaId: string
  updatedAt: string
  summary?: string
  description?: string
  severity?: 'LOW' | 'MODERATE' | 'HIGH' | 'CRITICAL'
  publishedAt?: string
  withdrawnAt?: string | null
  identifiers?: { type: string; value: string }[]
  references?: string[]
  cvssV3?: string | null
  cvssV4?: string | null
  cwes?: string[]
  vulnerabilities?: FakeVulnerability[]
}

export interface FakeGithubRequest {
  /** 0-based, over the fake's life. */
  index: number
  authorization: string | undefined
  query: string
  variables: Record<string, unknown>
  at: number
}

/** A scripted answer instead of the GraphQL result; `destroy` drops the connection. */
export type CannedResponse =
  { status: number; headers?: Record<string, string>; body?: unknown } | 'destroy'

export interface FakeGithub {
  url: string
  token: string
  advisories: FakeAdvisory[]
  requests: FakeGithubRequest[]
  /** Answers a request itself when it returns a response; the schema answers otherwise. */
  intercept: ((request: FakeGithubRequest) => CannedResponse | undefined) | undefined
  /** The `securityAdvisories` requests only, with their variables. */
  pageRequests(): FakeGithubRequest[]
  close(): Promise<void>
}

export const encodeCursor = (kind: string, index: number) =>
  Buffer.from(`cursor:v2:${kind}:${index}`).toString('base64')

function decodeCursor(kind: string, cursor: string | undefined): number {
  if (cursor === undefined || cursor === null) return -1
  const match = new RegExp(`^cursor:v2:${kind}:(\\d+)$`).exec(
    Buffer.from(cursor, 'base64').toString('utf8'),
  )
  if (!match) throw new GraphQLError(`\`${cursor}\` does not appear to be a valid cursor.`)
  return Number(match[1])
}

interface PageArgs {
  first?: number
  after?: string
  last?: number
}

function page<T>(kind: string, items: readonly T[], args: PageArgs) {
  if (args.first === undefined && args.last === undefined) {
    throw new GraphQLError(
      `You must provide a \`first\` or \`last\` value to properly paginate the \`${kind}\` connection.`,
    )
  }
  if ((args.first ?? 0) > 100) {
    throw new GraphQLError(
      `Requesting ${args.first} records on the \`${kind}\` connection exceeds the \`first\` limit of 100 records.`,
    )
  }
  const start = decodeCursor(kind, args.after) + 1
  const slice = items.slice(start, start + (args.first ?? 100))
  const end = start + slice.length - 1
  return {
    nodes: slice,
    edges: slice.map((node, offset) => ({ cursor: encodeCursor(kind, start + offset), node })),
    totalCount: items.length,
    pageInfo: {
      hasNextPage: end + 1 < items.length,
      hasPreviousPage: start > 0,
      startCursor: slice.length > 0 ? encodeCursor(kind, start) : null,
      endCursor: slice.length > 0 ? encodeCursor(kind, end) : null,
    },
  }
}

const cvss = (vector: string | null | undefined) =>
  vector ? { score: 0, vectorString: vector } : null

function resolvedAdvisory(advisory: FakeAdvisory) {
  const vulnerabilities = (advisory.vulnerabilities ?? []).map((vulnerability) => ({
    package: { ecosystem: vulnerability.ecosystem, name: vulnerability.name },
    vulnerableVersionRange: vulnerability.range,
    firstPatchedVersion: vulnerability.firstPatched
      ? { identifier: vulnerability.firstPatched }
      : null,
    severity: advisory.severity ?? 'MODERATE',
    updatedAt: advisory.updatedAt,
  }))
  const cwes = (advisory.cwes ?? []).map((cweId) => ({
    id: `CWE_${cweId}`,
    cweId,
    name: `Weakness ${cweId}`,
    description: '',
  }))
  return {
    id: Buffer.from(`SecurityAdvisory:${advisory.ghsaId}`).toString('base64'),
    databaseId: 1,
    ghsaId: advisory.ghsaId,
    summary: advisory.summary ?? `Summary of ${advisory.ghsaId}`,
    description: advisory.description ?? `Description of ${advisory.ghsaId}`,
    severity: advisory.severity ?? 'MODERATE',
    classification: 'GENERAL',
    origin: 'UNSPECIFIED_SOURCE',
    permalink: `https://github.com/advisories/${advisory.ghsaId}`,
    publishedAt: advisory.publishedAt ?? advisory.updatedAt,
    updatedAt: advisory.updatedAt,
    withdrawnAt: advisory.withdrawnAt ?? null,
    identifiers: advisory.identifiers ?? [{ type: 'GHSA', value: advisory.ghsaId }],
    references: (advisory.references ?? []).map((url) => ({ url })),
    cvss: { score: 0, vectorString: advisory.cvssV3 ?? null },
    cvssSeverities: { cvssV3: cvss(advisory.cvssV3), cvssV4: cvss(advisory.cvssV4) },
    cwes: (args: PageArgs) => page('cwes', cwes, args),
    vulnerabilities: (args: PageArgs) => page('vulnerabilities', vulnerabilities, args),
  }
}

export async function startFakeGithub(
  options: { token?: string; advisories?: FakeAdvisory[] } = {},
): Promise<FakeGithub> {
  const fake: FakeGithub = {
    url: '',
    token: options.token ?? 'ghp_fakeTokenForTheLoopbackGithub0123456',
    advisories: options.advisories ?? [],
    requests: [],
    intercept: undefined,
    pageRequests: () =>
      fake.requests.filter((request) => /securityAdvisories\s*\(/.test(request.query)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
  let used = 0

  const rootValue = {
    securityAdvisories(
      args: PageArgs & {
        orderBy: { field: string; direction: string }
        updatedSince?: string
        publishedSince?: string
      },
    ) {
      const since = args.updatedSince ? Date.parse(args.updatedSince) : undefined
      const published = args.publishedSince ? Date.parse(args.publishedSince) : undefined
      const field = args.orderBy.field === 'PUBLISHED_AT' ? 'publishedAt' : 'updatedAt'
      const sign = args.orderBy.direction === 'ASC' ? 1 : -1
      const matching = fake.advisories
        .map(resolvedAdvisory)
        .filter((advisory) => since === undefined || Date.parse(advisory.updatedAt) >= since)
        .filter(
          (advisory) => published === undefined || Date.parse(advisory.publishedAt) >= published,
        )
        .sort(
          (a, b) =>
            sign * (Date.parse(a[field]) - Date.parse(b[field])) || (a.ghsaId < b.ghsaId ? -1 : 1),
        )
      return page('securityAdvisories', matching, args)
    },
    securityAdvisory({ ghsaId }: { ghsaId: string }) {
      const advisory = fake.advisories.find((candidate) => candidate.ghsaId === ghsaId)
      return advisory ? resolvedAdvisory(advisory) : null
    },
    rateLimit: () => ({
      cost: 1,
      limit: 5000,
      remaining: 5000 - used,
      used,
      resetAt: new Date(Date.now() + 3_600_000).toISOString(),
    }),
  }

  const rateHeaders = () => ({
    'x-ratelimit-limit': '5000',
    'x-ratelimit-remaining': String(Math.max(0, 5000 - used)),
    'x-ratelimit-used': String(used),
    'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600),
    'x-ratelimit-resource': 'graphql',
  })

  const send = (
    response: http.ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body)
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
    response.end(text)
  }

  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    if (request.method !== 'POST') {
      send(response, 404, { message: 'Not Found' })
      return
    }
    let payload: { query?: string; variables?: Record<string, unknown> }
    try {
      payload = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    } catch {
      send(response, 400, { message: 'Problems parsing JSON' })
      return
    }
    const recorded: FakeGithubRequest = {
      index: fake.requests.length,
      authorization: request.headers.authorization,
      query: payload.query ?? '',
      variables: payload.variables ?? {},
      at: Date.now(),
    }
    fake.requests.push(recorded)
    const canned = fake.intercept?.(recorded)
    if (canned === 'destroy') {
      request.socket.destroy()
      return
    }
    if (canned) {
      send(response, canned.status, canned.body ?? '', canned.headers)
      return
    }
    if (request.headers.authorization !== `Bearer ${fake.token}`) {
      send(response, 401, {
        message: 'Bad credentials',
        documentation_url: 'https://docs.github.com/graphql',
      })
      return
    }
    used++
    const result = await graphql({
      schema: SCHEMA,
      source: recorded.query,
      rootValue,
      variableValues: recorded.variables,
    })
    send(response, 200, result, rateHeaders())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`
  return fake
}

/** An advisory for a test, updated at `minute` minutes past a fixed hour. */
export function fakeAdvisory(index: number, overrides: Partial<FakeAdvisory> = {}): FakeAdvisory {
  const id = index.toString(36).padStart(4, '0')
  return {
    ghsaId: `GHSA-${id}-${id}-${id}`,
    updatedAt: new Date(Date.UTC(2024, 0, 1, 0, index)).toISOString().replace('.000Z', 'Z'),
    publishedAt: '2023-12-01T00:00:00Z',
    severity: 'HIGH',
    vulnerabilities: [{ ecosystem: 'NPM', name: `package-${index}`, range: '< 1.0.0' }],
    ...overrides,
  }
}
