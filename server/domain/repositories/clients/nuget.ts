import { compareVersions } from '../../../../common/versions/index.ts'
import { baseOf, dateOf, getJson, memo } from './fetch.ts'
import type { ClientContext, MetaClient, RepositoryTarget } from './model.ts'

interface ServiceIndex {
  resources?: Array<{ '@id'?: string; '@type'?: string }>
}

interface Services {
  packageBaseAddress: string | undefined
  registrationsBaseUrl: string | undefined
}

const resource = (index: ServiceIndex | undefined, prefix: string) =>
  index?.resources?.find((r) => typeof r['@type'] === 'string' && r['@type'].startsWith(prefix))?.[
    '@id'
  ]

/** The service index (`{base}/v3/index.json`, or the URL itself when it names a .json), once a run. */
function services(repository: RepositoryTarget, context: ClientContext): Promise<Services> {
  const base = baseOf(repository.url)
  const url = base.endsWith('.json') ? base : `${base}/v3/index.json`
  return memo(context, `nuget:${url}`, async () => {
    const index = await getJson<ServiceIndex>(repository, url, context)
    return {
      packageBaseAddress: resource(index, 'PackageBaseAddress'),
      registrationsBaseUrl: resource(index, 'RegistrationsBaseUrl'),
    }
  })
}

/** The highest of the versions without a pre-release part (`-`), by NuGet's ordering. */
export function highestRelease(versions: readonly string[]): string | undefined {
  let best: string | undefined
  for (const version of versions) {
    if (version.includes('-')) continue
    if (best === undefined || (compareVersions('nuget', version, best) ?? 0) > 0) best = version
  }
  return best
}

/**
 * NuGet: the service index gives PackageBaseAddress and RegistrationsBaseUrl; the versions come
 * from `{PackageBaseAddress}/{lower-case id}/index.json` (pre-releases ignored, the highest
 * wins); published from the registration leaf of that version.
 */
export const nuget: MetaClient = async (repository, query, context) => {
  const { packageBaseAddress, registrationsBaseUrl } = await services(repository, context)
  if (!packageBaseAddress) return null
  const id = query.name.toLowerCase()
  const listing = await getJson<{ versions?: string[] }>(
    repository,
    `${baseOf(packageBaseAddress)}/${encodeURIComponent(id)}/index.json`,
    context,
  )
  const latest = highestRelease(listing?.versions ?? [])
  if (!latest) return null
  let published: Date | null = null
  if (registrationsBaseUrl) {
    const leaf = await getJson<{ published?: string }>(
      repository,
      `${baseOf(registrationsBaseUrl)}/${encodeURIComponent(id)}/${encodeURIComponent(latest.toLowerCase())}.json`,
      context,
    )
    published = dateOf(leaf?.published)
    // nuget.org gives unlisted packages the date 1900-01-01.
    if (published && published.getUTCFullYear() <= 1900) published = null
  }
  return { latestVersion: latest, published }
}
