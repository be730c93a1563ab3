import { compareVersions } from '../../../../common/versions/index.ts'
import { baseOf, dateOf, getJson, memo } from './fetch.ts'
import type { ClientContext, MetaClient, RepositoryTarget } from './model.ts'

type Release = Record<string, unknown> & { version?: unknown; time?: unknown }

/** The repository's `packages.json` → its `metadata-url` (Packagist v2), once a run. */
function metadataUrl(repository: RepositoryTarget, context: ClientContext) {
  const base = baseOf(repository.url)
  return memo(context, `composer:${base}`, async () => {
    const root = await getJson<{ 'metadata-url'?: string }>(
      repository,
      `${base}/packages.json`,
      context,
    )
    return root?.['metadata-url']
  })
}

/**
 * Packagist v2 metadata is "minified": each release lists only what changed since the one
 * before (`__unset` removes a field). Expanded to full releases.
 */
export function expandMinified(releases: readonly Release[]): Release[] {
  const expanded: Release[] = []
  let previous: Release = {}
  for (const release of releases) {
    const full: Release = { ...previous }
    for (const [key, value] of Object.entries(release)) {
      if (value === '__unset') delete full[key]
      else full[key] = value
    }
    expanded.push(full)
    previous = full
  }
  return expanded
}

const isDev = (version: string) => /^dev-|[-.]dev$/i.test(version)

/** The highest version that is not a development branch, by Composer's ordering. */
export function highestStable(releases: readonly Release[]): Release | undefined {
  let best: Release | undefined
  for (const release of releases) {
    const version = release.version
    if (typeof version !== 'string' || isDev(version)) continue
    const current = best?.version as string | undefined
    if (current === undefined || (compareVersions('composer', version, current) ?? 0) > 0) {
      best = release
    }
  }
  return best
}

/**
 * Composer: the v2 metadata of `vendor/name` (the repository's `metadata-url`, Packagist's
 * `/p2/%package%.json`); the highest non-dev version, published = its `time`.
 */
export const composer: MetaClient = async (repository, query, context) => {
  if (!query.namespace) return null
  const pkg = `${query.namespace}/${query.name}`.toLowerCase()
  const template = (await metadataUrl(repository, context)) ?? '/p2/%package%.json'
  const path = template.replace('%package%', pkg)
  const url = /^https?:\/\//.test(path) ? path : `${new URL(repository.url).origin}${path}`
  const metadata = await getJson<{ packages?: Record<string, Release[]>; minified?: string }>(
    repository,
    url,
    context,
  )
  const listed = metadata?.packages?.[pkg]
  if (!Array.isArray(listed)) return null
  const releases = metadata?.minified ? expandMinified(listed) : listed
  const best = highestStable(releases)
  if (!best || typeof best.version !== 'string') return null
  return { latestVersion: best.version, published: dateOf(best.time) }
}
