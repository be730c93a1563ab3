import { LRUCache } from 'lru-cache'
import { apk } from './apk.ts'
import { composer } from './composer.ts'
import { cran } from './cran.ts'
import { deb } from './deb.ts'
import { gem } from './gem.ts'
import { generic } from './generic.ts'
import { golang } from './golang.ts'
import { maven } from './maven.ts'
import { npm } from './npm.ts'
import { nuget } from './nuget.ts'
import type { Ordering } from './ordering.ts'
import { pypi } from './pypi.ts'
import { rpm } from './rpm.ts'
import { semver } from './semver.ts'

/**
 * Version ordering per ecosystem. Every comparison in analysis goes through here, chosen by the
 * purl type of the vulnerable software (or of the component, for CPE matches).
 *
 * SHARED CONTRACT (do not change the exported signatures without telling every user):
 * - `schemeForPurlType(type)` maps a purl type to its ordering scheme, `generic` when unknown.
 * - `compareVersions(scheme, a, b)` returns <0, 0 or >0, or `undefined` when either side is
 *   not a valid version of that scheme (callers then fall back to `generic`).
 */
export const VERSION_SCHEMES = [
  'semver',
  'npm',
  'pypi',
  'maven',
  'gem',
  'nuget',
  'composer',
  'golang',
  'deb',
  'rpm',
  'apk',
  'cargo',
  'hex',
  'cran',
  'generic',
] as const
export type VersionScheme = (typeof VERSION_SCHEMES)[number]

const BY_PURL_TYPE: Record<string, VersionScheme> = {
  npm: 'npm',
  pypi: 'pypi',
  maven: 'maven',
  gem: 'gem',
  nuget: 'nuget',
  composer: 'composer',
  golang: 'golang',
  deb: 'deb',
  rpm: 'rpm',
  apk: 'apk',
  alpm: 'generic',
  cargo: 'cargo',
  hex: 'hex',
  cran: 'cran',
  swift: 'semver',
  pub: 'semver',
  cocoapods: 'semver',
}

export function schemeForPurlType(type: string | null | undefined): VersionScheme {
  return (type && BY_PURL_TYPE[type.toLowerCase()]) || 'generic'
}

const ORDERINGS: Record<VersionScheme, Ordering<unknown>> = {
  semver,
  npm,
  pypi,
  maven,
  gem,
  nuget,
  composer,
  golang,
  deb,
  rpm,
  apk,
  cargo: semver,
  hex: semver,
  cran,
  generic,
} as Record<VersionScheme, Ordering<unknown>>

// Analysis compares the same few range bounds and component versions over and over: each
// distinct string is parsed once per scheme. INVALID marks strings that are not versions.
const INVALID = Symbol('invalid')
const CACHE_SIZE = 50_000
const caches = new Map<VersionScheme, LRUCache<string, object | typeof INVALID>>()

function parsed(scheme: VersionScheme, version: string): unknown {
  let cache = caches.get(scheme)
  if (!cache) {
    cache = new LRUCache({ max: CACHE_SIZE })
    caches.set(scheme, cache)
  }
  let key = cache.get(version)
  if (key === undefined) {
    key = (ORDERINGS[scheme].parse(version) as object | undefined) ?? INVALID
    cache.set(version, key)
  }
  return key === INVALID ? undefined : key
}

export function compareVersions(scheme: VersionScheme, a: string, b: string): number | undefined {
  const ordering = ORDERINGS[scheme] ?? generic
  const left = parsed(scheme, a)
  if (left === undefined) return undefined
  const right = parsed(scheme, b)
  if (right === undefined) return undefined
  return Math.sign(ordering.compare(left, right))
}
