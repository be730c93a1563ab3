import type { Severity, VulnerabilitySource } from '../../../../common/dt-vocabulary.ts'
import { parsePurl, purlParts } from '../../components/purl.ts'
import { cweById, parseCweId } from '../cwe.ts'
import type { AliasInput, VulnerabilityRecord, VulnerableSoftwareInput } from '../model.ts'
import { SEVERITY_LEVEL, scoreCvss, severityOfCvssV2, severityOfCvssV3 } from '../scoring.ts'

// One OSV document (https://ossf.github.io/osv-schema/) mapped as Dependency-Track 4.13's
// OsvAdvisoryParser and OsvDownloadTask do (dt-behaviour §2.6 OSV).

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const objectsOf = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : [])
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

const SUMMARY_MAX = 255

/** 4.13 cuts summaries to 255 characters: the first 253 and `..`. */
export function trimSummary(summary: string | undefined): string | null {
  if (summary === undefined) return null
  return summary.length > SUMMARY_MAX ? `${summary.slice(0, SUMMARY_MAX - 2)}..` : summary
}

/** The vulnerability's source from its id prefix: GHSA → GITHUB, CVE → NVD, anything else OSV. */
export function osvSourceOf(id: string): VulnerabilitySource {
  const prefix = id.split('-')[0]
  return prefix === 'GHSA' ? 'GITHUB' : prefix === 'CVE' ? 'NVD' : 'OSV'
}

function dateOf(value: unknown): Date | null {
  const raw = text(value)
  if (!raw) return null
  const date = new Date(raw)
  return Number.isNaN(date.getTime()) ? null : date
}

// Vectors repeat across thousands of advisories; scoring each once keeps the mirror fast.
const scoreCache = new Map<string, number | null>()
function baseScore(vector: string): number | undefined {
  let score = scoreCache.get(vector)
  if (score === undefined) {
    score = scoreCvss(vector)?.baseScore ?? null
    if (scoreCache.size > 10_000) scoreCache.clear()
    scoreCache.set(vector, score)
  }
  return score ?? undefined
}

function namedSeverity(value: string | undefined, alsoMedium: boolean): Severity | undefined {
  switch (value?.toUpperCase()) {
    case 'CRITICAL':
      return 'CRITICAL'
    case 'HIGH':
      return 'HIGH'
    case 'MODERATE':
      return 'MEDIUM'
    case 'MEDIUM':
      return alsoMedium ? 'MEDIUM' : undefined
    case 'LOW':
      return 'LOW'
    default:
      return undefined
  }
}

/** An affected package's own severity: its `database_specific.cvss` vector, else `ecosystem_specific.severity`. */
function packageSeverity(affected: Json): Severity {
  const databaseSpecific = isObject(affected.database_specific) ? affected.database_specific : {}
  const vector = text(databaseSpecific.cvss)
  const score = vector === undefined ? undefined : baseScore(vector)
  if (score !== undefined) return severityOfCvssV3(score)
  const ecosystemSpecific = isObject(affected.ecosystem_specific) ? affected.ecosystem_specific : {}
  return namedSeverity(text(ecosystemSpecific.severity), true) ?? 'UNASSIGNED'
}

interface Vectors {
  cvssV2?: string
  cvssV3?: string
  cvssV4?: string
}

/** `severity[]` entries of type CVSS_V2, CVSS_V3 and (beyond 4.13) CVSS_V4; the last of each wins. */
function vectorsOf(document: Json): Vectors {
  const vectors: Vectors = {}
  for (const entry of objectsOf(document.severity)) {
    const vector = text(entry.score)
    if (vector === undefined) continue
    const type = text(entry.type)?.toUpperCase()
    if (type === 'CVSS_V3') vectors.cvssV3 = vector
    else if (type === 'CVSS_V2') vectors.cvssV2 = vector
    else if (type === 'CVSS_V4') vectors.cvssV4 = vector
  }
  return vectors
}

/**
 * CVSSv3 vector score → CVSSv2 vector score → `database_specific.severity` → the highest severity
 * of an affected package → UNASSIGNED.
 */
export function osvSeverity(document: Json, vectors: Vectors = vectorsOf(document)): Severity {
  const v3 = vectors.cvssV3 === undefined ? undefined : baseScore(vectors.cvssV3)
  if (v3 !== undefined) return severityOfCvssV3(v3)
  const v2 = vectors.cvssV2 === undefined ? undefined : baseScore(vectors.cvssV2)
  if (v2 !== undefined) return severityOfCvssV2(v2)
  const databaseSpecific = isObject(document.database_specific) ? document.database_specific : {}
  const named = namedSeverity(text(databaseSpecific.severity), false)
  if (named) return named
  let highest: Severity = 'UNASSIGNED'
  for (const affected of objectsOf(document.affected)) {
    const severity = packageSeverity(affected)
    if (SEVERITY_LEVEL[severity] > SEVERITY_LEVEL[highest]) highest = severity
  }
  return highest
}

interface Bounds {
  versionStartIncluding?: string
  versionEndExcluding?: string
  versionEndIncluding?: string
}

/** GitHub's `last_known_affected_version_range` (`<= x` or `< x`) for ranges without an end. */
function lastKnownAffected(affected: Json): Bounds {
  const databaseSpecific = isObject(affected.database_specific) ? affected.database_specific : {}
  const range = text(databaseSpecific.last_known_affected_version_range)
  if (range === undefined) return {}
  if (range.startsWith('<=')) return { versionEndIncluding: range.slice(2).trim() }
  if (range.startsWith('<')) return { versionEndExcluding: range.replaceAll('<', '').trim() }
  return {}
}

/**
 * ECOSYSTEM and SEMVER ranges only (GIT ranges need the repository's history). Every `introduced`
 * starts a range; the event right after it ends it (`fixed` and `limit` exclusive,
 * `last_affected` inclusive). Events are taken in the order given, as the specification advises.
 */
function rangeBounds(affected: Json): Bounds[] {
  const bounds: Bounds[] = []
  for (const range of objectsOf(affected.ranges)) {
    const type = text(range.type)?.toUpperCase()
    if (type !== 'ECOSYSTEM' && type !== 'SEMVER') continue
    const events = objectsOf(range.events)
    for (let i = 0; i < events.length; i++) {
      const introduced = text(events[i]!.introduced)
      if (introduced === undefined) continue
      const bound: Bounds = {}
      if (introduced !== '0') bound.versionStartIncluding = introduced
      const next = events[i + 1]
      if (next) {
        const fixed = text(next.fixed)
        const lastAffected = text(next.last_affected)
        const limit = text(next.limit)
        if (fixed !== undefined) bound.versionEndExcluding = fixed
        else if (lastAffected !== undefined) bound.versionEndIncluding = lastAffected
        else if (limit !== undefined) bound.versionEndExcluding = limit
        if (fixed !== undefined || lastAffected !== undefined || limit !== undefined) i++
      }
      if (bound.versionEndExcluding === undefined && bound.versionEndIncluding === undefined) {
        Object.assign(bound, lastKnownAffected(affected))
      }
      bounds.push(bound)
    }
  }
  return bounds
}

interface PackageIdentity {
  purl: string
  purlType: string
  purlNamespace: string | null
  purlName: string
}

// The same packages recur across a whole ecosystem; parse each purl once per process.
const purlCache = new Map<string, PackageIdentity | null>()
function packageIdentity(purl: string): PackageIdentity | undefined {
  let identity = purlCache.get(purl)
  if (identity === undefined) {
    const parsed = parsePurl(purl)
    const parts = parsed && purlParts(parsed.purl)
    identity =
      parsed && parts?.type && parts.name
        ? {
            purl: parsed.purl,
            purlType: parts.type,
            purlNamespace: parts.namespace,
            purlName: parts.name,
          }
        : null
    if (purlCache.size > 50_000) purlCache.clear()
    purlCache.set(purl, identity)
  }
  return identity ?? undefined
}

/**
 * One affected package as vulnerable software: one entry per range; without a usable range one
 * per listed version; without either one entry without version (it never matches). Packages
 * without a valid `package.purl` are skipped.
 */
export function osvAffectedSoftware(affected: Json): VulnerableSoftwareInput[] {
  const pkg = isObject(affected.package) ? affected.package : {}
  const purl = text(pkg.purl)
  const identity = purl === undefined ? undefined : packageIdentity(purl)
  if (!identity) return []
  const ranges = rangeBounds(affected)
  if (ranges.length > 0) return ranges.map((bound) => ({ ...identity, ...bound, vulnerable: true }))
  const versions = Array.isArray(affected.versions)
    ? affected.versions.filter((version): version is string => typeof version === 'string')
    : []
  if (versions.length > 0)
    return versions.map((version) => ({ ...identity, version, vulnerable: true }))
  return [{ ...identity, vulnerable: true }]
}

/**
 * CVE and GHSA aliases, each paired with the advisory's own id in the column of its source (an
 * OSV-native id goes to osvId). Other alias kinds are not kept, as in 4.13.
 */
export function osvAliases(id: string, aliases: unknown): AliasInput[] {
  if (!Array.isArray(aliases)) return []
  const source = osvSourceOf(id)
  const own: AliasInput =
    source === 'NVD' ? { cveId: id } : source === 'GITHUB' ? { ghsaId: id } : { osvId: id }
  const result: AliasInput[] = []
  for (const alias of aliases) {
    if (typeof alias !== 'string') continue
    if (alias.startsWith('CVE') && source !== 'NVD') result.push({ ...own, cveId: alias })
    else if (alias.startsWith('GHSA') && source !== 'GITHUB') result.push({ ...own, ghsaId: alias })
  }
  return result
}

const markdownReferences = (references: unknown) => {
  const urls = objectsOf(references).flatMap((reference) => text(reference.url) ?? [])
  return urls.length > 0 ? urls.map((url) => `* [${url}](${url})`).join('\n') : null
}

function knownCweIds(ids: unknown): number[] | null {
  if (!Array.isArray(ids)) return null
  const known = [...new Set(ids.map(parseCweId))].filter(
    (id): id is number => id !== undefined && cweById(id) !== undefined,
  )
  return known.length > 0 ? known : null
}

export class InvalidOsvDocument extends Error {}

/**
 * Maps one OSV document; undefined for a withdrawn advisory (it is skipped and any stored copy
 * left as it is). Throws InvalidOsvDocument when the document is not an OSV record at all.
 */
export function mapOsvDocument(document: unknown): VulnerabilityRecord | undefined {
  if (!isObject(document) || typeof document.id !== 'string' || document.id.trim() === '') {
    throw new InvalidOsvDocument('not an OSV record (no "id")')
  }
  if (document.withdrawn != null) return undefined
  const id = document.id
  const vectors = vectorsOf(document)
  const credits = objectsOf(document.credits).flatMap((credit) => text(credit.name) ?? [])
  const databaseSpecific = isObject(document.database_specific) ? document.database_specific : {}
  return {
    source: osvSourceOf(id),
    vulnId: id,
    title: trimSummary(text(document.summary)),
    description: text(document.details) ?? null,
    published: dateOf(document.published),
    updated: dateOf(document.modified),
    references: markdownReferences(document.references),
    credits: credits.length > 0 ? credits.join(', ') : null,
    cwes: knownCweIds(databaseSpecific.cwe_ids),
    // Only the vectors are stored: 4.13 fills no base scores from OSV.
    cvssV2Vector: vectors.cvssV2 ?? null,
    cvssV3Vector: vectors.cvssV3 ?? null,
    cvssV4Vector: vectors.cvssV4 ?? null,
    severity: osvSeverity(document, vectors),
    vulnerableSoftware: objectsOf(document.affected).flatMap(osvAffectedSoftware),
    aliases: osvAliases(id, document.aliases),
  }
}
