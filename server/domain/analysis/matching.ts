import type { CandidateRow } from '../../data/analysis-candidates.ts'
import { purlParts, type PurlParts } from '../components/purl.ts'
import { parseCpe, type ParsedCpe } from '../vulnerabilities/cpe.ts'
import { compareCpeAttribute, cpeAttributesMatch, type CpeAttributes } from './cpe-relations.ts'
import {
  compareVersions,
  schemeForPurlType,
  type VersionScheme,
} from '../../../common/versions/index.ts'

/** A candidate piece of vulnerable software, as the candidate query returns it. */
export interface SoftwareRange extends CpeAttributes {
  id: number
  purlType: string | null
  purlNamespace: string | null
  purlName: string | null
  cpe23: string | null
  versionEndExcluding: string | null
  versionEndIncluding: string | null
  versionStartExcluding: string | null
  versionStartIncluding: string | null
}

/** What the internal analyzer reads of a component: its identifiers and target versions. */
export interface AnalysisTarget {
  cpe: ParsedCpe | undefined
  purl: PurlParts | undefined
  /** The version compared with CPE-identified ranges (a Go pseudo-version becomes its date). */
  cpeVersion: string | null
  /** The version compared with purl-identified ranges (the ecosystem's own form). */
  purlVersion: string | null
  /** Scheme of the component's own ecosystem (its purl type), generic without a purl. */
  scheme: VersionScheme
}

/**
 * The parts of a stored purl. Stored purls are canonical (every component's purl went through
 * parsePurl), so splitting the string gives what packageurl-js would, at a fraction of the cost;
 * anything unexpected takes the full parser.
 */
export function canonicalPurlParts(text: string): PurlParts | undefined {
  const match = /^pkg:([a-z0-9.+-]+)\/([^@?#]+)(?:@([^?#]*))?(?:[?#].*)?$/.exec(text)
  if (!match) return purlParts(text)
  try {
    const segments = match[2]!.split('/').map(decodeURIComponent)
    const name = segments.pop()!
    const version = match[3] === undefined ? null : decodeURIComponent(match[3])
    if (!name) return purlParts(text)
    return {
      type: match[1]!,
      namespace: segments.length > 0 ? segments.join('/') : null,
      name,
      version: version === '' ? null : version,
      qualifiers: null,
      subpath: null,
    }
  } catch {
    return purlParts(text)
  }
}

const GO_PSEUDO = /^v?0\.0\.0-(\d{4})(\d{2})(\d{2})\d{6}-[0-9a-f]{12}$/

const stripV = (version: string) =>
  version.length > 1 && version.startsWith('v') ? version.slice(1) : version

/**
 * 4.13's target version (§2.2): the CPE's version when the CPE parses, else the purl's; a
 * leading `v` dropped. Go pseudo-versions become `YYYY-MM-DD` only against CPE ranges (NVD dates
 * such software); purl ranges are compared in the golang scheme, which orders pseudo-versions.
 */
export function analysisTarget(component: {
  cpe: string | null
  purl: string | null
}): AnalysisTarget {
  const cpe = component.cpe ? parseCpe(component.cpe) : undefined
  const purl = component.purl ? canonicalPurlParts(component.purl) : undefined
  const raw = cpe ? cpe.version : (purl?.version ?? null)
  let cpeVersion: string | null = null
  let purlVersion: string | null = null
  if (raw !== null && raw !== '') {
    const pseudo = GO_PSEUDO.exec(raw)
    cpeVersion = pseudo ? `${pseudo[1]}-${pseudo[2]}-${pseudo[3]}` : stripV(raw)
    purlVersion = stripV(raw)
  }
  return { cpe, purl, cpeVersion, purlVersion, scheme: schemeForPurlType(purl?.type) }
}

/** Orders two versions in a scheme, falling back to 4.13's generic ordering when it cannot. */
export function orderVersions(scheme: VersionScheme, a: string, b: string): number {
  return compareVersions(scheme, a, b) ?? compareVersions('generic', a, b) ?? 0
}

/** 4.13's version check (§2.2) of one range against a target version. */
export function versionMatches(
  range: Pick<
    SoftwareRange,
    | 'version'
    | 'versionEndExcluding'
    | 'versionEndIncluding'
    | 'versionStartExcluding'
    | 'versionStartIncluding'
  >,
  target: string,
  scheme: VersionScheme,
): boolean {
  if (target === '*') return true
  if (target === '-') return range.version === '*' || range.version === '-'
  const { versionEndExcluding, versionEndIncluding, versionStartExcluding, versionStartIncluding } =
    range
  const noRange =
    versionEndExcluding == null &&
    versionEndIncluding == null &&
    versionStartExcluding == null &&
    versionStartIncluding == null
  if (noRange) {
    if (range.version == null) return false
    return compareCpeAttribute(range.version, target) !== 'DISJOINT'
  }
  if (target.trim() === '') return false
  if (versionEndExcluding != null && !(orderVersions(scheme, versionEndExcluding, target) > 0))
    return false
  if (versionStartExcluding != null && !(orderVersions(scheme, versionStartExcluding, target) < 0))
    return false
  if (versionEndIncluding != null && !(orderVersions(scheme, versionEndIncluding, target) >= 0))
    return false
  if (versionStartIncluding != null && !(orderVersions(scheme, versionStartIncluding, target) <= 0))
    return false
  return true
}

/**
 * Whether a candidate range affects a component (§2.2): the CPE attribute check when both sides
 * have a CPE, then the version check. Purl rows compare in their own ecosystem's scheme; CPE rows
 * in the component's scheme when both versions parse there, else generically.
 */
export function rangeAffects(range: SoftwareRange, target: AnalysisTarget): boolean {
  const isPurlRow = range.cpe23 == null && range.purlType != null
  const version = isPurlRow ? target.purlVersion : target.cpeVersion
  if (version === null) return false
  if (target.cpe && range.cpe23) {
    if (!cpeAttributesMatch(range, { ...target.cpe, version })) return false
  }
  const scheme = isPurlRow ? schemeForPurlType(range.purlType) : target.scheme
  return versionMatches(range, version, scheme)
}

/** A candidate row in the analyzer's terms. */
export function softwareRange(row: CandidateRow): SoftwareRange {
  return {
    id: Number(row.id),
    purlType: row.purl_type,
    purlNamespace: row.purl_namespace,
    purlName: row.purl_name,
    cpe23: row.cpe23,
    part: row.part,
    vendor: row.vendor,
    product: row.product,
    version: row.version,
    update: row.update,
    edition: row.edition,
    language: row.language,
    swEdition: row.sw_edition,
    targetSw: row.target_sw,
    targetHw: row.target_hw,
    other: row.other,
    versionEndExcluding: row.version_end_excluding,
    versionEndIncluding: row.version_end_including,
    versionStartExcluding: row.version_start_excluding,
    versionStartIncluding: row.version_start_including,
  }
}
