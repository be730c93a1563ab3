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
// distinct string is parsed once per scheme. A Map bounded first-in-first-out: lru-cache's
// bookkeeping cost a quarter of the comparison time in the accuracy bench, and what is reused
// (a component's version against the bounds it meets) is recent. INVALID remembers strings that
// are not versions of the scheme.
const INVALID = Symbol('invalid')
const CACHE_SIZE = 20_000

interface Scheme {
  ordering: Ordering<unknown>
  keys: Map<string, object | typeof INVALID>
}

const SCHEMES = new Map<string, Scheme>(
  Object.entries(ORDERINGS).map(([name, ordering]) => [name, { ordering, keys: new Map() }]),
)
const GENERIC = SCHEMES.get('generic')!

function parsed(scheme: Scheme, version: string): unknown {
  let key = scheme.keys.get(version)
  if (key === undefined) {
    key = (scheme.ordering.parse(version) as object | undefined) ?? INVALID
    if (scheme.keys.size >= CACHE_SIZE) scheme.keys.delete(scheme.keys.keys().next().value!)
    scheme.keys.set(version, key)
  }
  return key === INVALID ? undefined : key
}

export function compareVersions(scheme: VersionScheme, a: string, b: string): number | undefined {
  const known = SCHEMES.get(scheme) ?? GENERIC
  const left = parsed(known, a)
  if (left === undefined) return undefined
  const right = parsed(known, b)
  if (right === undefined) return undefined
  const diff = known.ordering.compare(left, right)
  return diff < 0 ? -1 : diff > 0 ? 1 : 0
}
