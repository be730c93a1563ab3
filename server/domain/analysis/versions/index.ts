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

// Placeholder until the per-ecosystem comparators land: 4.13's generic ComponentVersion (§2.5).
const TOKEN = /\d+[a-z]{1,3}$|[a-z]{1,3}[_-]?\d+|\d+|(rc|release|snapshot|beta|alpha)$/gi
const UBUNTU = /^([0-9]+:)?(.*)(-[^-]+ubuntu[^-]+)$/

function genericTokens(version: string): string[] {
  let value = version.toLowerCase()
  const ubuntu = UBUNTU.exec(value)
  if (ubuntu) value = ubuntu[2]!
  const tokens = value.match(TOKEN)
  return tokens && tokens.length > 0 ? tokens : [version]
}

function compareGeneric(a: string, b: string): number {
  const left = genericTokens(a)
  const right = genericTokens(b)
  const common = Math.min(left.length, right.length)
  for (let i = 0; i < common; i++) {
    const x = left[i]!
    const y = right[i]!
    if (x === y) continue
    const nx = /^\d+$/.test(x) ? Number(x) : NaN
    const ny = /^\d+$/.test(y) ? Number(y) : NaN
    if (!Number.isNaN(nx) && !Number.isNaN(ny)) return nx - ny
    return x < y ? -1 : 1
  }
  if (left.length === right.length) return 0
  const longer = left.length > right.length ? left : right
  if (longer.length - common === 1 && longer[common] === '0') return 0
  return left.length - right.length
}

export function compareVersions(scheme: VersionScheme, a: string, b: string): number | undefined {
  void scheme
  return compareGeneric(a, b)
}
