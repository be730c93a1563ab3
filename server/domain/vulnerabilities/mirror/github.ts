import path from 'node:path'
import { z } from 'zod'
import { advanceEpochSecondsProperty } from '../../../data/mirror-markers.ts'
import type { VulnerabilityRecord } from '../model.ts'
import { githubGraphqlClient, GithubAdvisoriesError, type GraphqlClient } from './github-client.ts'
import { githubAdvisoriesInFile } from './github-file.ts'
import {
  advisoryId,
  connectionNodes,
  githubAdvisorySchema,
  mapGithubAdvisory,
  type GithubAdvisory,
  type GithubConnection,
} from './github-mapping.ts'
import type { ConfigReader, MirrorRunContext, MirrorSource } from './source.ts'

const GROUP = 'vuln-source'
export const GITHUB_MARKER_PROPERTY = 'github.advisories.last.modified.epoch.seconds'
const DEFAULT_API_URL = 'https://api.github.com/graphql'
const IMPORT_BATCH = 100

const VULNERABILITY_FIELDS = `package { ecosystem name } vulnerableVersionRange
  firstPatchedVersion { identifier }`

/** The advisory fields 4.13 asks for (dt-behaviour §2.6), CVSS v4 included. */
const ADVISORY_FIELDS = `id ghsaId summary description severity publishedAt updatedAt withdrawnAt
  identifiers { type value }
  references { url }
  cvssSeverities { cvssV3 { score vectorString } cvssV4 { score vectorString } }
  cwes(first: 50) { totalCount pageInfo { hasNextPage endCursor } nodes { cweId } }
  vulnerabilities(first: 100) {
    totalCount pageInfo { hasNextPage endCursor } nodes { ${VULNERABILITY_FIELDS} }
  }`

export const ADVISORIES_QUERY = `query SecurityAdvisories($updatedSince: DateTime, $after: String) {
  securityAdvisories(first: 100, orderBy: {field: UPDATED_AT, direction: ASC},
      updatedSince: $updatedSince, after: $after) {
    totalCount
    pageInfo { hasNextPage endCursor }
    nodes { ${ADVISORY_FIELDS} }
  }
}`

/** The rest of an advisory's affected packages or CWEs, past the first page of each. */
const SUB_PAGE_QUERIES = {
  vulnerabilities: `query AdvisoryVulnerabilities($ghsaId: String!, $after: String) {
  securityAdvisory(ghsaId: $ghsaId) {
    vulnerabilities(first: 100, after: $after) {
      pageInfo { hasNextPage endCursor } nodes { ${VULNERABILITY_FIELDS} }
    }
  }
}`,
  cwes: `query AdvisoryCwes($ghsaId: String!, $after: String) {
  securityAdvisory(ghsaId: $ghsaId) {
    cwes(first: 50, after: $after) { pageInfo { hasNextPage endCursor } nodes { cweId } }
  }
}`,
} as const

const pageSchema = z.object({
  securityAdvisories: z.object({
    totalCount: z.number().nullish(),
    pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullish() }),
    nodes: z.array(z.unknown()),
  }),
})

/** Where a stopped run resumes: the same `updatedSince` and the cursor after its last page. */
const positionSchema = z.object({ updatedSince: z.string().nullable(), after: z.string() })
type Position = { updatedSince: string | null; after: string | null }

interface Settings {
  url: string
  token: string | null
  syncAliases: boolean
}

async function readSettings(config: ConfigReader): Promise<Settings> {
  return {
    url: (await config(GROUP, 'github.advisories.api.url'))?.trim() || DEFAULT_API_URL,
    token: (await config(GROUP, 'github.advisories.access.token'))?.trim() || null,
    syncAliases: (await config(GROUP, 'github.advisories.alias.sync.enabled')) !== 'false',
  }
}

/** GitHub's DateTime for `updatedSince`, to the second as 4.13 sends it. */
const gitHubTime = (epochSeconds: number) =>
  new Date(epochSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z')

function parseAdvisory(node: unknown, where: string): GithubAdvisory {
  const parsed = githubAdvisorySchema.safeParse(node)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const at = issue?.path.length ? ` at ${issue.path.join('.')}` : ''
  throw new GithubAdvisoriesError(
    `${where} holds an advisory GitHub would not send: ${issue?.message ?? 'invalid'}${at}`,
  )
}

/** Fetches what lies beyond the first page of an advisory's packages and CWEs. */
async function completeSubPages(
  client: GraphqlClient,
  advisory: GithubAdvisory,
): Promise<GithubAdvisory> {
  const complete = { ...advisory }
  for (const field of ['vulnerabilities', 'cwes'] as const) {
    const first = advisory[field] as GithubConnection<unknown> | undefined
    let pageInfo = first?.pageInfo
    if (!pageInfo?.hasNextPage || !pageInfo.endCursor) continue
    const nodes = [...connectionNodes(first)]
    while (pageInfo?.hasNextPage && pageInfo.endCursor) {
      const data: { securityAdvisory: Record<string, GithubConnection<unknown>> | null } =
        await client.query(SUB_PAGE_QUERIES[field], {
          ghsaId: advisoryId(advisory),
          after: pageInfo.endCursor,
        })
      const next: GithubConnection<unknown> | undefined = data.securityAdvisory?.[field]
      nodes.push(...connectionNodes(next))
      pageInfo = next?.pageInfo
    }
    ;(complete as Record<string, unknown>)[field] = { nodes }
  }
  return complete
}

const epochSecondsOf = (advisories: readonly GithubAdvisory[]) =>
  Math.max(
    0,
    ...advisories.map((advisory) =>
      Math.floor(new Date(advisory.updatedAt ?? 0).getTime() / 1000 || 0),
    ),
  )

function mapAll(context: MirrorRunContext, advisories: readonly GithubAdvisory[]) {
  const warn = (message: string, details: Record<string, unknown>) =>
    context.logger.warn({ source: 'GITHUB', ...details }, message)
  return advisories.flatMap((advisory): VulnerabilityRecord[] => {
    const record = mapGithubAdvisory(advisory, { warn })
    return record ? [record] : []
  })
}

type Page = z.infer<typeof pageSchema>['securityAdvisories']

async function fetchPage(client: GraphqlClient, position: Position): Promise<Page> {
  const data = await client.query<unknown>(ADVISORIES_QUERY, position)
  const page = pageSchema.safeParse(data)
  if (!page.success) {
    throw new GithubAdvisoriesError(
      'GitHub Advisories answered a page without securityAdvisories { nodes pageInfo }',
    )
  }
  return page.data.securityAdvisories
}

/**
 * Mirrors GitHub's advisories page by page (100 at a time, oldest change first). Each page lands
 * in one transaction with the cursor reached and the last-modified marker, so a run that dies
 * resumes after its last page and the next run asks only for what changed since.
 */
async function run(context: MirrorRunContext): Promise<void> {
  const settings = await readSettings(context.config)
  if (!settings.token) {
    throw new GithubAdvisoriesError(
      'GitHub Advisories mirroring needs an access token: set github.advisories.access.token',
    )
  }
  const client = githubGraphqlClient({
    url: settings.url,
    token: settings.token,
    fetch: context.fetch,
    sleep: context.sleep,
    logger: context.logger,
  })
  const fresh = async (): Promise<Position> => {
    const last = Number(await context.config(GROUP, GITHUB_MARKER_PROPERTY))
    return { updatedSince: last > 0 ? gitHubTime(last) : null, after: null }
  }
  const resumed = positionSchema.safeParse(context.state.position)
  let position: Position = resumed.success ? resumed.data : await fresh()
  let page: Page
  try {
    page = await fetchPage(client, position)
    if (resumed.success) context.logger.info({ source: 'GITHUB', ...position }, 'mirror resumed')
  } catch (error) {
    // A cursor GitHub no longer knows: start again from the committed marker instead.
    if (!resumed.success || !(error instanceof GithubAdvisoriesError) || !error.graphql) throw error
    context.logger.warn({ source: 'GITHUB', err: error.message }, 'resume cursor refused')
    position = await fresh()
    page = await fetchPage(client, position)
  }
  const writeOptions = { attributionSource: 'GITHUB' as const, syncAliases: settings.syncAliases }
  const { updatedSince } = position
  for (let pages = 1; ; pages++) {
    const advisories: GithubAdvisory[] = []
    for (const node of page.nodes) {
      advisories.push(
        await completeSubPages(client, parseAdvisory(node, `GitHub Advisories page ${pages}`)),
      )
    }
    const after = (page.pageInfo.hasNextPage && page.pageInfo.endCursor) || null
    // The next page downloads while this one is written; its failure surfaces after the commit.
    const following = after ? fetchPage(client, { updatedSince, after }) : undefined
    following?.catch(() => undefined)
    const newest = epochSecondsOf(advisories)
    await context.commit({
      records: mapAll(context, advisories),
      writeOptions,
      write: async (tx) => {
        if (newest > 0) await advanceEpochSecondsProperty(tx, GROUP, GITHUB_MARKER_PROPERTY, newest)
      },
      position: { updatedSince, after: page.pageInfo.endCursor ?? position.after },
      recordCount: advisories.length,
      recordsTotal: page.totalCount ?? null,
      currentStep: updatedSince ? `Advisories updated since ${updatedSince}` : 'All advisories',
    })
    if (!following) break
    page = await following
    position = { updatedSince, after }
  }
}

/**
 * Imports a GitHub Advisories dump (see githubAdvisoriesInFile for the shapes) with the same
 * mapping and writer, 100 advisories per transaction. It leaves the last-modified marker alone:
 * a dump need not hold everything up to its newest change.
 */
async function importFile(context: MirrorRunContext, file: string): Promise<void> {
  const settings = await readSettings(context.config)
  const name = path.basename(file)
  const resumeFrom = z
    .object({ file: z.literal(name), done: z.number().int().nonnegative() })
    .safeParse(context.state.position)
  const skip = resumeFrom.success ? resumeFrom.data.done : 0
  const writeOptions = { attributionSource: 'GITHUB' as const, syncAliases: settings.syncAliases }
  let seen = 0
  let batch: GithubAdvisory[] = []
  const flush = async () => {
    if (batch.length === 0) return
    await context.commit({
      records: mapAll(context, batch),
      writeOptions,
      position: { file: name, done: seen },
      recordCount: batch.length,
      currentStep: `Importing ${name}`,
    })
    batch = []
  }
  for await (const node of githubAdvisoriesInFile(file)) {
    seen++
    if (seen <= skip) continue
    batch.push(parseAdvisory(node, `${name}, advisory ${seen},`))
    if (batch.length >= IMPORT_BATCH) await flush()
  }
  await flush()
  if (seen === 0) throw new Error(`${name} holds no GitHub advisory`)
}

export const githubMirror: MirrorSource = {
  name: 'GITHUB',
  cadenceProperty: 'ghsa.mirror.cadence',
  defaultCadenceHours: 24,
  initialDelayMs: 10000,
  isEnabled: async (config) => (await config(GROUP, 'github.advisories.enabled')) === 'true',
  importFile,
  run,
}
