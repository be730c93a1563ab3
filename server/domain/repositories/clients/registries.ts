import { baseOf, dateOf, found, getJson } from './fetch.ts'
import type { MetaClient } from './model.ts'

/** The JSON registries whose latest version is one field of one document (dt-behaviour §8.2). */

const segment = encodeURIComponent

/** npm: `{base}/-/package/{name, scoped as @ns/name, url-encoded}/dist-tags` → `latest`. */
export const npm: MetaClient = async (repository, query, context) => {
  const name = query.namespace ? `${query.namespace}/${query.name}` : query.name
  const tags = await getJson<{ latest?: unknown }>(
    repository,
    `${baseOf(repository.url)}/-/package/${segment(name)}/dist-tags`,
    context,
  )
  return found(tags?.latest)
}

interface PypiProject {
  info?: { version?: unknown }
  releases?: Record<string, Array<{ upload_time?: string; upload_time_iso_8601?: string }>>
}

/** PyPI: `{base}/pypi/{name}/json` → `info.version`; published = the first file's upload time. */
export const pypi: MetaClient = async (repository, query, context) => {
  const project = await getJson<PypiProject>(
    repository,
    `${baseOf(repository.url)}/pypi/${segment(query.name)}/json`,
    context,
  )
  const version = project?.info?.version
  if (typeof version !== 'string') return null
  const file = project?.releases?.[version]?.[0]
  const uploaded = file?.upload_time_iso_8601 ?? (file?.upload_time && `${file.upload_time}Z`)
  return found(version, dateOf(uploaded))
}

/** RubyGems: `{base}/api/v1/versions/{name}/latest.json` → `version`. */
export const gem: MetaClient = async (repository, query, context) => {
  const latest = await getJson<{ version?: unknown }>(
    repository,
    `${baseOf(repository.url)}/api/v1/versions/${segment(query.name)}/latest.json`,
    context,
  )
  return latest?.version === 'unknown' ? null : found(latest?.version)
}

interface Crate {
  crate?: { newest_version?: unknown; max_stable_version?: unknown }
  versions?: Array<{ num?: string; created_at?: string }>
}

/** Cargo: `{base}/api/v1/crates/{name}` → `crate.newest_version`, that version's `created_at`. */
export const cargo: MetaClient = async (repository, query, context) => {
  const crate = await getJson<Crate>(
    repository,
    `${baseOf(repository.url)}/api/v1/crates/${segment(query.name)}`,
    context,
  )
  const newest = crate?.crate?.newest_version
  const release = crate?.versions?.find((version) => version.num === newest)
  return found(newest, dateOf(release?.created_at))
}

/** Hex: `{base}/api/packages/{name}` → the first of `releases` (version, inserted_at). */
export const hex: MetaClient = async (repository, query, context) => {
  const pkg = await getJson<{ releases?: Array<{ version?: unknown; inserted_at?: string }> }>(
    repository,
    `${baseOf(repository.url)}/api/packages/${segment(query.name)}`,
    context,
  )
  const first = pkg?.releases?.[0]
  return found(first?.version, dateOf(first?.inserted_at))
}

/** CPAN: `{base}/module/{name}` → `version`, `date`. */
export const cpan: MetaClient = async (repository, query, context) => {
  const module = await getJson<{ version?: unknown; date?: string }>(
    repository,
    `${baseOf(repository.url)}/module/${segment(query.name)}`,
    context,
  )
  const version = typeof module?.version === 'number' ? String(module.version) : module?.version
  return found(version, dateOf(module?.date))
}

/** Hackage: `{base}/package/{name}/preferred` → the first normal version. */
export const hackage: MetaClient = async (repository, query, context) => {
  const preferred = await getJson<{ 'normal-version'?: unknown[] }>(
    repository,
    `${baseOf(repository.url)}/package/${segment(query.name)}/preferred`,
    context,
  )
  return found(preferred?.['normal-version']?.[0])
}

/** Go's module proxy escapes upper-case letters as `!` and the lower-case letter. */
export const caseEncode = (path: string) => path.replace(/[A-Z]/g, (c) => `!${c.toLowerCase()}`)

/** Go: `{base}/{case-encoded namespace}/{case-encoded name}/@latest` → `Version`, `Time`. */
export const goModules: MetaClient = async (repository, query, context) => {
  const path = [query.namespace, query.name]
    .filter(Boolean)
    .map((p) => caseEncode(p!))
    .join('/')
  const latest = await getJson<{ Version?: unknown; Time?: string }>(
    repository,
    `${baseOf(repository.url)}/${path}/@latest`,
    context,
  )
  return found(latest?.Version, dateOf(latest?.Time))
}
