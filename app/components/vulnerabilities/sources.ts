import { ALIAS_FIELDS, VULNERABILITY_SOURCES } from '../../../common/dt-vocabulary.ts'

/**
 * Vulnerability sources as readers know them. Names of organisations and databases stay as
 * they are in every language; INTERNAL and UNKNOWN are words and are translated where shown.
 */
const SOURCE_NAMES: Record<string, string> = {
  NVD: 'National Vulnerability Database',
  NPM: 'NPM Advisories',
  GITHUB: 'GitHub Advisories',
  VULNDB: 'VulnDB (Risk Based Security)',
  OSSINDEX: 'Sonatype OSS Index',
  RETIREJS: 'Retire.js',
  OSV: 'Open Source Vulnerabilities (OSV)',
  SNYK: 'Snyk',
  TRIVY: 'Trivy',
  GSD: 'Global Security Database',
}

/** The source's full name, or the translation key of the word it is. */
export function sourceName(source: string): { name: string } | { key: string } {
  const name = SOURCE_NAMES[source]
  if (name) return { name }
  return {
    key:
      source === 'INTERNAL' ? 'vulnerabilities.source.internal' : 'vulnerabilities.source.unknown',
  }
}

/** Sources the list can filter by: those Lookout mirrors, then the rest 4.13 knows. */
export const FILTER_SOURCES = ['NVD', 'GITHUB', 'OSV', 'INTERNAL'] as const

export const KNOWN_SOURCES: readonly string[] = VULNERABILITY_SOURCES

/** The advisory page of a vulnerability at its source, where the source has public pages. */
export function advisoryUrl(source: string, vulnId: string): string | undefined {
  const id = encodeURIComponent(vulnId)
  switch (source) {
    case 'NVD':
      return `https://nvd.nist.gov/vuln/detail/${id}`
    case 'GITHUB':
      return `https://github.com/advisories/${id}`
    case 'OSV':
      return `https://osv.dev/vulnerability/${id}`
    case 'OSSINDEX':
      return `https://ossindex.sonatype.org/vulnerability/${id}`
    case 'SNYK':
      return `https://security.snyk.io/vuln/${id}`
    default:
      return undefined
  }
}

/** The console page of a vulnerability. */
export function vulnerabilityPath(source: string, vulnId: string) {
  return `/vulnerabilities/${encodeURIComponent(source)}/${encodeURIComponent(vulnId)}`
}

export interface ResolvedAlias {
  source: string
  vulnId: string
  /** The console page, when the source is one the catalogue holds. */
  path?: string
}

type AliasRecord = Partial<Record<(typeof ALIAS_FIELDS)[number][0], string>>

/**
 * The 4.13 console's alias list: every id from the alias records, except those of the
 * vulnerability's own source, once each, sorted by id.
 */
export function resolveAliases(vulnerability: {
  source: string
  vulnId: string
  aliases?: readonly AliasRecord[]
}): ResolvedAlias[] {
  const seen = new Map<string, ResolvedAlias>()
  for (const alias of vulnerability.aliases ?? []) {
    for (const [field, source] of ALIAS_FIELDS) {
      const vulnId = alias[field]
      if (!vulnId || source === vulnerability.source || vulnId === vulnerability.vulnId) continue
      if (seen.has(vulnId)) continue
      const catalogued = KNOWN_SOURCES.includes(source)
      seen.set(vulnId, {
        source,
        vulnId,
        path: catalogued ? vulnerabilityPath(source, vulnId) : undefined,
      })
    }
  }
  return [...seen.values()].sort((a, b) => a.vulnId.localeCompare(b.vulnId))
}
