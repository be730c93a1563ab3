import type { RepositoryType } from '../../../common/repository-shapes.ts'
import { enabledRepositories, type RepositoryRow } from '../../data/repositories.ts'
import {
  componentsForMetadata,
  findRepositoryCache,
  repositoryMeta,
  saveRepositoryCache,
  upsertRepositoryMeta,
} from '../../data/repository-meta.ts'
import type { Queryable } from '../../db/database.ts'
import type { Logger } from '../../logger.ts'
import {
  AnalyzerHttpError,
  DEFAULT_HTTP,
  eachLimited,
  type HttpOptions,
} from '../analysis/external/http.ts'
import { decryptValue } from '../config/crypto.ts'
import { META_CLIENTS, type ClientContext, type LatestVersion } from './clients/index.ts'
import { safeUrl } from './clients/fetch.ts'
import { packageKeyText, packageOf, purlTypeOf, versionOf, type PackageKey } from './packages.ts'

/** A package's metadata is not fetched again within this time, nor a repository's answer (§8.2). */
export const CACHE_VALIDITY_MS = 12 * 3_600_000
/** Components read at a time (4.13's portfolio run pages by 1000). */
export const PAGE_SIZE = 1000

/** The repository clients' HTTP: shorter waits than the analyzers' (a run asks many packages). */
export const METADATA_HTTP: HttpOptions = {
  ...DEFAULT_HTTP,
  timeoutMs: 20_000,
  retries: 3,
  delayMs: 1_000,
  maxDelayMs: 60_000,
}

export interface MetadataDeps {
  db: Queryable
  logger: Logger
  encryptionKey: Uint8Array
  signal?: AbortSignal
  http?: HttpOptions
  /** Packages asked at the same time (each asks its repositories one after another). */
  concurrency?: number
}

export interface MetadataScope {
  projectId?: number
  componentIds?: number[]
  /** The portfolio run: components of active projects only. */
  activeOnly?: boolean
}

export interface MetadataOutcome {
  packages: number
  fresh: number
  fetched: number
  found: number
  failures: number
}

interface PackageWork {
  key: PackageKey
  internal: boolean
  version: string | null
}

/** Per repository type and internal flag, the enabled repositories in resolution order, once a run. */
function repositoryLookup(db: Queryable) {
  const byType = new Map<string, Promise<RepositoryRow[]>>()
  return (type: string, internal: boolean) => {
    const key = `${type}:${internal}`
    let rows = byType.get(key)
    if (!rows) byType.set(key, (rows = enabledRepositories(db, type, internal)))
    return rows
  }
}

/** The package's coordinates as a purl without version (GitHub's with it: its answer depends on it). */
const cacheTarget = (work: PackageWork) => {
  const { repositoryType, namespace, name } = work.key
  const path = [namespace, name]
    .filter(Boolean)
    .map((p) => encodeURIComponent(p!))
    .join('/')
  const coordinates = `pkg:${purlTypeOf(repositoryType as RepositoryType)}/${path}`
  return repositoryType === 'GITHUB' && work.version
    ? `${coordinates}@${encodeURIComponent(work.version)}`
    : coordinates
}

function fromCache(result: { latestVersion?: string; published?: string } | null) {
  if (!result?.latestVersion) return null
  return {
    latestVersion: result.latestVersion,
    published: result.published ? new Date(result.published) : null,
  }
}

/**
 * Repository metadata analysis (dt-behaviour §8.2) over the components in scope, page by page:
 * packages checked within 12 h are skipped; the others ask the enabled repositories of their
 * type in resolution order (internal repositories for internal components, the others for the
 * rest), each answer cached per repository for 12 h, empty ones too; the first repository that
 * knows a latest version wins and its answer is stored, one record per package. A repository
 * that fails is logged (one JSON line, no credentials) and the next one asked. Running it again
 * is harmless: what was done within 12 h is skipped, so an interrupted run resumes.
 */
export async function fetchRepositoryMetadata(
  deps: MetadataDeps,
  scope: MetadataScope,
): Promise<MetadataOutcome> {
  const outcome: MetadataOutcome = { packages: 0, fresh: 0, fetched: 0, found: 0, failures: 0 }
  const repositories = repositoryLookup(deps.db)
  const context: ClientContext = {
    http: deps.http ?? METADATA_HTTP,
    signal: deps.signal,
    memo: new Map(),
  }
  const done = new Set<string>()
  for (let after = 0; ;) {
    const rows = await componentsForMetadata(deps.db, scope, after, PAGE_SIZE)
    const page = new Map<string, PackageWork>()
    for (const row of rows) {
      const key = packageOf(row.purl)
      if (!key) continue
      const work = { key, internal: row.internal, version: versionOf(row.purl) }
      const id = `${cacheTarget(work)} ${row.internal}`
      if (!done.has(id) && !page.has(id)) page.set(id, work)
    }
    for (const id of page.keys()) done.add(id)
    const due = await packagesDue(deps.db, [...page.values()])
    outcome.packages += page.size
    outcome.fresh += page.size - due.length
    await eachLimited(due, deps.concurrency ?? 4, async (work) => {
      const result = await firstAnswer(deps, context, repositories, work, outcome)
      if (result) {
        await upsertRepositoryMeta(deps.db, work.key, result.latestVersion, result.published)
        outcome.found++
      }
    })
    if (rows.length < PAGE_SIZE) return outcome
    after = Number(rows.at(-1)!.id)
  }
}

/** The packages whose metadata was not checked within the cache validity. */
async function packagesDue(db: Queryable, work: PackageWork[]) {
  const known = await repositoryMeta(
    db,
    work.map((w) => w.key),
  )
  const fresh = new Set(
    known
      .filter((row) => Date.now() - new Date(row.last_check).getTime() < CACHE_VALIDITY_MS)
      .map((row) =>
        packageKeyText({
          repositoryType: row.repository_type,
          namespace: row.namespace,
          name: row.name,
        }),
      ),
  )
  return work.filter((w) => !fresh.has(packageKeyText(w.key)))
}

async function firstAnswer(
  deps: MetadataDeps,
  context: ClientContext,
  repositories: ReturnType<typeof repositoryLookup>,
  work: PackageWork,
  outcome: MetadataOutcome,
): Promise<LatestVersion | null> {
  const type = work.key.repositoryType as Exclude<RepositoryType, 'UNSUPPORTED'>
  const client = META_CLIENTS[type]
  if (!client) return null
  const target = cacheTarget(work)
  const validFrom = new Date(Date.now() - CACHE_VALIDITY_MS)
  for (const repository of await repositories(type, work.internal)) {
    const [cached] = await findRepositoryCache(deps.db, repository.url, [target], validFrom)
    if (cached) {
      const answer = fromCache(cached.result)
      if (answer) return answer
      continue
    }
    try {
      outcome.fetched++
      const answer = await client(
        { url: repository.url, credentials: credentialsOf(repository, deps.encryptionKey) },
        { ...work.key, version: work.version },
        context,
      )
      await saveRepositoryCache(
        deps.db,
        repository.url,
        target,
        answer
          ? { latestVersion: answer.latestVersion, published: answer.published?.toISOString() }
          : null,
      )
      if (answer) return answer
    } catch (error) {
      if (deps.signal?.aborted) throw error
      outcome.failures++
      // 4.13 sends a SYSTEM notification (group REPOSITORY); Lookout has none yet: one log line.
      deps.logger.warn(
        {
          repositoryType: type,
          repository: repository.identifier,
          url: safeUrl(repository.url),
          package: target,
          status: error instanceof AnalyzerHttpError ? error.status : undefined,
          err: error instanceof Error ? error.message : String(error),
        },
        'Repository Error: repository metadata could not be fetched',
      )
    }
  }
  return null
}

function credentialsOf(repository: RepositoryRow, key: Uint8Array) {
  if (!repository.authentication_required) return null
  let password: string | null = null
  if (repository.password) {
    try {
      password = decryptValue(key, repository.password)
    } catch {
      password = null
    }
  }
  return { username: repository.username, password }
}
