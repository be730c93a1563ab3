import { z } from 'zod'
import type { Severity } from '../../../../common/dt-vocabulary.ts'
import { buildPurl } from '../../components/purl.ts'
import { knownCwes, parseCweId } from '../cwe.ts'
import type { AliasInput, VulnerabilityRecord, VulnerableSoftwareInput } from '../model.ts'
import { markdownReferences } from '../references.ts'
import { scoreCvss } from '../scoring.ts'

// GitHub's GraphQL shapes (SecurityAdvisory and its connections). Connections are read from
// `nodes` or from `edges { node }`, so dumps made with either form import alike.

const text = z.string().nullish()

const connection = <T extends z.ZodType>(node: T) =>
  z
    .object({
      nodes: z.array(node.nullable()).nullish(),
      edges: z.array(z.object({ node: node.nullable() }).nullable()).nullish(),
      totalCount: z.number().nullish(),
      pageInfo: z.object({ hasNextPage: z.boolean().nullish(), endCursor: text }).nullish(),
    })
    .nullish()

const cvss = z.object({ score: z.number().nullish(), vectorString: text }).nullish()

export const githubVulnerabilitySchema = z.object({
  package: z.object({ ecosystem: text, name: text }).nullish(),
  vulnerableVersionRange: text,
  firstPatchedVersion: z.object({ identifier: text }).nullish(),
})
export type GithubVulnerability = z.infer<typeof githubVulnerabilitySchema>

const cweSchema = z.object({ cweId: text })

export const githubAdvisorySchema = z
  .object({
    id: text,
    ghsaId: text,
    summary: text,
    description: text,
    severity: text,
    publishedAt: text,
    updatedAt: text,
    withdrawnAt: text,
    identifiers: z.array(z.object({ type: text, value: text })).nullish(),
    references: z.array(z.object({ url: text })).nullish(),
    cvssSeverities: z.object({ cvssV3: cvss, cvssV4: cvss }).nullish(),
    /** The deprecated single CVSS field, still found in older dumps. */
    cvss,
    cwes: connection(cweSchema),
    vulnerabilities: connection(githubVulnerabilitySchema),
  })
  .refine((advisory) => advisoryId(advisory) !== undefined, {
    message: 'an advisory needs a GHSA id (ghsaId)',
  })
export type GithubAdvisory = z.infer<typeof githubAdvisorySchema>

export type GithubConnection<T> = {
  nodes?: (T | null)[] | null
  edges?: ({ node: T | null } | null)[] | null
  totalCount?: number | null
  pageInfo?: { hasNextPage?: boolean | null; endCursor?: string | null } | null
} | null

/** The entries of a connection, whichever form it came in. */
export function connectionNodes<T>(value: GithubConnection<T> | undefined): T[] {
  if (!value) return []
  const nodes = value.nodes ?? value.edges?.map((edge) => edge?.node ?? null) ?? []
  return nodes.filter((node): node is T => node !== null && node !== undefined)
}

const GHSA_ID = /^GHSA(-[a-z0-9]{4}){3}$/i

/** The GHSA id: `ghsaId`, or `id` when that already is one (Dependency-Track's own fixtures). */
export function advisoryId(advisory: { id?: string | null; ghsaId?: string | null }) {
  const id = advisory.ghsaId?.trim() || advisory.id?.trim()
  return id && GHSA_ID.test(id) ? id : undefined
}

/** GitHub's ecosystems → purl types (4.13's map); anything else is `generic`. */
const PURL_TYPE: Record<string, string> = {
  composer: 'composer',
  erlang: 'hex',
  go: 'golang',
  maven: 'maven',
  npm: 'npm',
  nuget: 'nuget',
  other: 'generic',
  pip: 'pypi',
  pub: 'pub',
  rubygems: 'gem',
  rust: 'cargo',
  swift: 'swift',
}

export function purlTypeOfEcosystem(ecosystem: string): { type: string; known: boolean } {
  const type = PURL_TYPE[ecosystem.trim().toLowerCase()]
  return type ? { type, known: true } : { type: 'generic', known: false }
}

const SPLIT_ON_LAST_SLASH = new Set(['composer', 'golang', 'npm', 'generic'])

/** Namespace and name of a package: maven `group:artifact`; a few types split on the last `/`. */
export function splitPackageName(
  type: string,
  name: string,
): { namespace: string | null; name: string } {
  const separator = type === 'maven' ? ':' : SPLIT_ON_LAST_SLASH.has(type) ? '/' : undefined
  const at = separator ? name.lastIndexOf(separator) : -1
  if (at <= 0 || at === name.length - 1) return { namespace: null, name }
  return { namespace: name.slice(0, at), name: name.slice(at + 1) }
}

export interface VersionBounds {
  version?: string
  versionStartIncluding?: string
  versionStartExcluding?: string
  versionEndIncluding?: string
  versionEndExcluding?: string
}

/**
 * GitHub's `vulnerableVersionRange` (`>= 1.0, < 1.4.2`, `<= 2.0`, `= 0.3.1`): parts split on `,`,
 * each prefix to its bound, `=` to the exact version. Parts without an operator are dropped.
 */
export function versionBounds(range: string | null | undefined): VersionBounds {
  const bounds: VersionBounds = {}
  for (const part of (range ?? '').split(',').map((item) => item.trim())) {
    const match = /^(<=|<|>=|>|=)\s*(.+)$/.exec(part)
    if (!match) continue
    const [, operator, version] = match as unknown as [string, string, string]
    if (operator === '<=') bounds.versionEndIncluding = version
    else if (operator === '<') bounds.versionEndExcluding = version
    else if (operator === '>=') bounds.versionStartIncluding = version
    else if (operator === '>') bounds.versionStartExcluding = version
    else bounds.version = version
  }
  return bounds
}

export interface MappingNotes {
  /** Called for ecosystems 4.13 does not know (mapped to `generic`) and unusable packages. */
  warn?: (message: string, details: Record<string, unknown>) => void
}

/** One affected package of an advisory as vulnerable software; undefined when it has no name. */
export function vulnerableSoftwareOf(
  vulnerability: GithubVulnerability,
  notes: MappingNotes = {},
): VulnerableSoftwareInput | undefined {
  const ecosystem = vulnerability.package?.ecosystem?.trim()
  const packageName = vulnerability.package?.name?.trim()
  if (!ecosystem || !packageName) return undefined
  const { type, known } = purlTypeOfEcosystem(ecosystem)
  if (!known) notes.warn?.('unknown GitHub ecosystem mapped to generic', { ecosystem })
  const { namespace, name } = splitPackageName(type, packageName)
  const purl = buildPurl({ type, namespace, name, version: null, qualifiers: null, subpath: null })
  if (!purl) {
    notes.warn?.('package skipped: no valid purl', { ecosystem, name: packageName })
    return undefined
  }
  return {
    purl: purl.purl,
    purlType: type,
    purlNamespace: namespace,
    purlName: name,
    ...versionBounds(vulnerability.vulnerableVersionRange),
    vulnerable: true,
  }
}

const SEVERITY: Record<string, Severity> = {
  LOW: 'LOW',
  MODERATE: 'MEDIUM',
  HIGH: 'HIGH',
  CRITICAL: 'CRITICAL',
}

/** GitHub's severity, which wins over any CVSS score; none (or unknown) is UNASSIGNED. */
export const severityOfGithub = (severity: string | null | undefined): Severity =>
  SEVERITY[severity?.trim().toUpperCase() ?? ''] ?? 'UNASSIGNED'

const dateOf = (value: string | null | undefined) => {
  if (!value) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** 4.13 ignores CVSS v4; Lookout keeps it beside v3 (vector and score). */
function cvssFields(advisory: GithubAdvisory): Partial<VulnerabilityRecord> {
  const v3Vector = advisory.cvssSeverities?.cvssV3?.vectorString || advisory.cvss?.vectorString
  const v3 = scoreCvss(v3Vector)
  const v4 = scoreCvss(advisory.cvssSeverities?.cvssV4?.vectorString)
  return {
    cvssV3Vector: v3?.version === 3 ? v3.vector : null,
    cvssV3BaseScore: v3?.version === 3 ? v3.baseScore : null,
    cvssV3ImpactSubScore: v3?.version === 3 ? v3.impactSubScore : null,
    cvssV3ExploitabilitySubScore: v3?.version === 3 ? v3.exploitabilitySubScore : null,
    cvssV4Vector: v4?.version === 4 ? v4.vector : null,
    cvssV4Score: v4?.version === 4 ? v4.baseScore : null,
  }
}

/**
 * A GitHub advisory as a catalogue record (dt-behaviour §2.6), or undefined for a withdrawn one:
 * withdrawn advisories are skipped and a stored copy stays as it is.
 */
export function mapGithubAdvisory(
  advisory: GithubAdvisory,
  notes: MappingNotes = {},
): VulnerabilityRecord | undefined {
  const ghsaId = advisoryId(advisory)
  if (!ghsaId || advisory.withdrawnAt) return undefined
  const cwes = knownCwes(
    connectionNodes(advisory.cwes).flatMap((cwe) => parseCweId(cwe.cweId) ?? []),
  ).map((cwe) => cwe.cweId)
  const cveIds = (advisory.identifiers ?? [])
    .filter((identifier) => identifier.type?.trim().toUpperCase() === 'CVE')
    .flatMap((identifier) => identifier.value?.trim() || [])
  const aliases: AliasInput[] = [...new Set(cveIds)].map((cveId) => ({ ghsaId, cveId }))
  const software = connectionNodes(advisory.vulnerabilities).flatMap(
    (vulnerability) => vulnerableSoftwareOf(vulnerability, notes) ?? [],
  )
  return {
    source: 'GITHUB',
    vulnId: ghsaId,
    title: advisory.summary ?? null,
    description: advisory.description ?? null,
    published: dateOf(advisory.publishedAt),
    updated: dateOf(advisory.updatedAt),
    references: markdownReferences((advisory.references ?? []).map((reference) => reference.url)),
    cwes: cwes.length > 0 ? cwes : null,
    ...cvssFields(advisory),
    severity: severityOfGithub(advisory.severity),
    vulnerableSoftware: software,
    aliases,
  }
}
