import type {
  CatalogueWriteOptions,
  VulnerabilityRecord,
  VulnerableSoftwareInput,
} from '../model.ts'
import { parseCpe23 } from '../cpe.ts'
import { parseCweId } from '../cwe.ts'
import { deriveSeverity } from '../scoring.ts'

/** The parts of an NVD CVE API 2.0 / feed 2.0 item that Dependency-Track maps. */
export interface NvdCve {
  id: string
  published?: string
  lastModified?: string
  vulnStatus?: string
  descriptions?: NvdLangString[]
  references?: { url?: string }[]
  weaknesses?: { source?: string; type?: string; description?: NvdLangString[] }[]
  metrics?: NvdMetrics
  configurations?: NvdConfig[]
}

export interface NvdLangString {
  lang?: string
  value?: string
}

interface NvdMetric {
  type?: string
  cvssData?: { vectorString?: string; baseScore?: number }
  exploitabilityScore?: number
  impactScore?: number
}

export interface NvdMetrics {
  cvssMetricV2?: NvdMetric[]
  cvssMetricV30?: NvdMetric[]
  cvssMetricV31?: NvdMetric[]
  cvssMetricV40?: NvdMetric[]
}

export interface NvdCpeMatch {
  vulnerable?: boolean
  criteria?: string
  versionStartIncluding?: string
  versionStartExcluding?: string
  versionEndIncluding?: string
  versionEndExcluding?: string
}

export interface NvdNode {
  operator?: 'AND' | 'OR'
  negate?: boolean
  cpeMatch?: NvdCpeMatch[]
}

export interface NvdConfig {
  operator?: 'AND' | 'OR'
  negate?: boolean
  nodes?: NvdNode[]
}

/** How NVD records enter the catalogue: field by field, attributed to NVD, no aliases. */
export const NVD_WRITE_OPTIONS: CatalogueWriteOptions = {
  attributionSource: 'NVD',
  syncAliases: false,
  policyFor: () => 'field-diff',
}

class InvalidNvdItem extends Error {}

const CVE_ID = /^CVE-\d{4}-\d{4,}$/

/**
 * The CVE inside one element of a page's or feed's `vulnerabilities` list (`{"cve": {...}}`);
 * throws InvalidNvdItem for anything else, so a corrupt page fails loudly instead of half-mapping.
 */
export function cveOfItem(item: unknown): NvdCve {
  const cve = (item as { cve?: unknown } | null)?.cve as NvdCve | undefined
  if (!cve || typeof cve !== 'object' || typeof cve.id !== 'string' || !CVE_ID.test(cve.id)) {
    const shown = JSON.stringify(item)?.slice(0, 120) ?? String(item)
    throw new InvalidNvdItem(`not an NVD CVE item (expected {"cve": {"id": "CVE-…"}}): ${shown}`)
  }
  return cve
}

/** NVD timestamps carry no zone and are UTC (`2024-02-15T14:15:46.503`). */
export function parseNvdDate(value: string | undefined): Date | null {
  if (!value) return null
  const zoned = /(?:[zZ]|[+-]\d\d:?\d\d)$/.test(value) ? value : `${value}Z`
  const date = new Date(zoned)
  return Number.isNaN(date.getTime()) ? null : date
}

const english = (strings: NvdLangString[] | undefined) =>
  (strings ?? []).filter((entry) => entry.lang?.toLowerCase() === 'en' && entry.value != null)

export function descriptionOf(cve: NvdCve): string | null {
  const texts = english(cve.descriptions).map((entry) => entry.value!)
  return texts.length > 0 ? texts.join('\n\n') : null
}

/** References as 4.13 stores them: distinct URLs, sorted, one Markdown link per line. */
export function referencesOf(cve: NvdCve): string | null {
  const urls = [...new Set((cve.references ?? []).flatMap((ref) => (ref.url ? [ref.url] : [])))]
  if (urls.length === 0) return null
  return urls
    .sort()
    .map((url) => `* [${url}](${url})`)
    .join('\n')
}

/** `CWE-n` ids of the English weakness descriptions, distinct; NVD-CWE-Other/noinfo are not ids. */
export function cwesOf(cve: NvdCve): number[] {
  const ids = (cve.weaknesses ?? []).flatMap((weakness) =>
    english(weakness.description).flatMap((entry) => parseCweId(entry.value) ?? []),
  )
  return [...new Set(ids)]
}

const TYPE_ORDER: Record<string, number> = { Primary: 0, Secondary: 1 }

/** The metric 4.13 takes: Primary before Secondary, then in the order NVD lists them. */
function preferred(metrics: NvdMetric[] | undefined): NvdMetric | undefined {
  if (!metrics || metrics.length === 0) return undefined
  return [...metrics]
    .map((metric, index) => ({ metric, index }))
    .sort(
      (a, b) =>
        (TYPE_ORDER[a.metric.type ?? ''] ?? 2) - (TYPE_ORDER[b.metric.type ?? ''] ?? 2) ||
        a.index - b.index,
    )[0]!.metric
}

const score = (value: number | undefined) => (typeof value === 'number' ? value : null)

/** CVSS fields: v2, v3 (v3.1 over v3.0) and, beyond 4.13, v4; scores as NVD states them. */
export function cvssOf(metrics: NvdMetrics | undefined) {
  const v2 = preferred(metrics?.cvssMetricV2)
  const v3 = preferred(
    metrics?.cvssMetricV31?.length ? metrics.cvssMetricV31 : metrics?.cvssMetricV30,
  )
  const v4 = preferred(metrics?.cvssMetricV40)
  const v2Vector = v2?.cvssData?.vectorString
  return {
    cvssV2Vector: v2Vector ? (v2Vector.startsWith('(') ? v2Vector : `(${v2Vector})`) : null,
    cvssV2BaseScore: score(v2?.cvssData?.baseScore),
    cvssV2ExploitabilitySubScore: score(v2?.exploitabilityScore),
    cvssV2ImpactSubScore: score(v2?.impactScore),
    cvssV3Vector: v3?.cvssData?.vectorString ?? null,
    cvssV3BaseScore: score(v3?.cvssData?.baseScore),
    cvssV3ExploitabilitySubScore: score(v3?.exploitabilityScore),
    cvssV3ImpactSubScore: score(v3?.impactScore),
    cvssV4Vector: v4?.cvssData?.vectorString ?? null,
    cvssV4Score: score(v4?.cvssData?.baseScore),
  }
}

function softwareOf(match: NvdCpeMatch): VulnerableSoftwareInput | undefined {
  const cpe = match.criteria ? parseCpe23(match.criteria) : undefined
  if (!cpe) return undefined
  return {
    cpe22: cpe.cpe22,
    cpe23: match.criteria,
    part: cpe.part,
    vendor: cpe.vendor,
    product: cpe.product,
    version: cpe.version,
    update: cpe.update,
    edition: cpe.edition,
    language: cpe.language,
    swEdition: cpe.swEdition,
    targetSw: cpe.targetSw,
    targetHw: cpe.targetHw,
    other: cpe.other,
    versionStartIncluding: match.versionStartIncluding ?? null,
    versionStartExcluding: match.versionStartExcluding ?? null,
    versionEndIncluding: match.versionEndIncluding ?? null,
    versionEndExcluding: match.versionEndExcluding ?? null,
    vulnerable: true,
  }
}

/**
 * In a conjunction of application and operating-system CPEs the application is what is
 * vulnerable; the OS only says where (DT#1877, e.g. CVE-2015-0312): keep the applications.
 */
function applicationsOverOs(software: VulnerableSoftwareInput[]): VulnerableSoftwareInput[] {
  const hasApplication = software.some((entry) => entry.part === 'a')
  const hasOs = software.some((entry) => entry.part === 'o')
  return hasApplication && hasOs ? software.filter((entry) => entry.part === 'a') : software
}

const isVulnerable = (match: NvdCpeMatch) => match.vulnerable !== false

/**
 * Configurations → vulnerable software (dt-behaviour §2.6): negated configurations and nodes are
 * skipped (negation cannot be evaluated), as are matches with `vulnerable=false`; an AND (node or
 * configuration) with both application and OS CPEs keeps the applications; CPEs that do not parse
 * are dropped; duplicates by content are removed.
 */
export function vulnerableSoftwareOf(
  configurations: NvdConfig[] | undefined,
): VulnerableSoftwareInput[] {
  const result: VulnerableSoftwareInput[] = []
  for (const config of configurations ?? []) {
    if (config.negate) continue
    const nodes = (config.nodes ?? []).filter((node) => !node.negate && node.cpeMatch)
    const perNode = nodes.map((node) => {
      const software = node.cpeMatch!.filter(isVulnerable).flatMap((m) => softwareOf(m) ?? [])
      return node.operator === 'AND' ? applicationsOverOs(software) : software
    })
    result.push(
      ...(config.operator === 'AND' ? applicationsOverOs(perNode.flat()) : perNode.flat()),
    )
  }
  // Every other field derives from the CPE, so it and the range identify the content.
  const seen = new Set<string>()
  return result.filter((entry) => {
    const key = `${entry.cpe23}\u0000${entry.versionStartIncluding}\u0000${entry.versionStartExcluding}\u0000${entry.versionEndIncluding}\u0000${entry.versionEndExcluding}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/**
 * One NVD CVE as a catalogue record. Every field NVD owns is given (null when NVD has none), so
 * the field-by-field sync clears what NVD dropped; EPSS lives apart and is never touched here.
 */
export function mapNvdCve(cve: NvdCve): VulnerabilityRecord {
  const cvss = cvssOf(cve.metrics)
  return {
    source: 'NVD',
    vulnId: cve.id,
    title: null,
    subTitle: null,
    description: descriptionOf(cve),
    detail: null,
    recommendation: null,
    references: referencesOf(cve),
    credits: null,
    created: null,
    published: parseNvdDate(cve.published),
    updated: parseNvdDate(cve.lastModified),
    cwes: cwesOf(cve),
    ...cvss,
    owaspRRVector: null,
    owaspRRLikelihoodScore: null,
    owaspRRTechnicalImpactScore: null,
    owaspRRBusinessImpactScore: null,
    severity: deriveSeverity({
      cvssV3BaseScore: cvss.cvssV3BaseScore,
      cvssV2BaseScore: cvss.cvssV2BaseScore,
    }),
    vulnerableVersions: null,
    patchedVersions: null,
    vulnerableSoftware: vulnerableSoftwareOf(cve.configurations),
  }
}

/** Maps the items of a page or batch; an item that is not a CVE fails with where it was. */
export function mapNvdItems(
  items: unknown[],
  where: string,
  firstIndex = 0,
): VulnerabilityRecord[] {
  return items.map((item, offset) => {
    try {
      return mapNvdCve(cveOfItem(item))
    } catch (error) {
      if (!(error instanceof InvalidNvdItem)) throw error
      throw new Error(`${where}, item ${firstIndex + offset}: ${error.message}`)
    }
  })
}
