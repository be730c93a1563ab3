import type { VexFindingRow } from '../../data/vex.ts'
import { knownCwes } from '../vulnerabilities/cwe.ts'
import { severityOfOwasp } from '../vulnerabilities/scoring.ts'
import { cdxJustification, cdxResponse, cdxState } from '../vex/mapping.ts'

/** CycloneDX `vulnerabilities` of the withVulnerabilities, VDR and VEX exports (§7.1). */

type Json = Record<string, unknown>

const SOURCE_URLS: Record<string, string> = {
  NVD: 'https://nvd.nist.gov/',
  NPM: 'https://www.npmjs.com/',
  GITHUB: 'https://github.com/advisories',
  VULNDB: 'https://vulndb.cyberriskanalytics.com/',
  OSSINDEX: 'https://ossindex.sonatype.org/',
  RETIREJS: 'https://github.com/RetireJS/retire.js',
}

const CDX_SEVERITY: Record<string, string> = {
  CRITICAL: 'critical',
  HIGH: 'high',
  MEDIUM: 'medium',
  LOW: 'low',
  INFO: 'info',
  UNASSIGNED: 'unknown',
}

export function cvssV2Severity(score: number) {
  return score >= 7 ? 'high' : score >= 4 ? 'medium' : 'low'
}

export function cvssV3Severity(score: number) {
  return score >= 9 ? 'critical' : score >= 7 ? 'high' : score >= 4 ? 'medium' : 'low'
}

const present = (value: unknown): value is number => typeof value === 'number'

/** The ratings of a vulnerability: CVSSv2, CVSSv3(.1), OWASP, or else `other` with its severity. */
export function ratings(row: VexFindingRow): Json[] {
  const source = vulnerabilitySource(row.source)
  const result: Json[] = []
  if (present(row.cvss_v2_base_score)) {
    result.push(
      compact({
        source,
        score: row.cvss_v2_base_score,
        severity: cvssV2Severity(row.cvss_v2_base_score),
        method: 'CVSSv2',
        vector: row.cvss_v2_vector ?? undefined,
      }),
    )
  }
  if (present(row.cvss_v3_base_score)) {
    result.push(
      compact({
        source,
        score: row.cvss_v3_base_score,
        severity: cvssV3Severity(row.cvss_v3_base_score),
        method: row.cvss_v3_vector?.includes('CVSS:3.0') ? 'CVSSv3' : 'CVSSv31',
        vector: row.cvss_v3_vector ?? undefined,
      }),
    )
  }
  const likelihood = row.owasp_rr_likelihood_score
  const technical = row.owasp_rr_technical_impact_score
  const business = row.owasp_rr_business_impact_score
  const owasp = present(likelihood) && present(technical) && present(business)
  if (owasp) {
    result.push(
      compact({
        source,
        severity: CDX_SEVERITY[severityOfOwasp(likelihood, technical, business)],
        method: 'OWASP',
        vector: row.owasp_rr_vector ?? undefined,
      }),
    )
  }
  if (result.length === 0) {
    result.push({
      source,
      severity: CDX_SEVERITY[row.severity?.toUpperCase() ?? 'UNASSIGNED'] ?? 'unknown',
      method: 'other',
    })
  }
  return result
}

function vulnerabilitySource(name: string): Json {
  return compact({ name, url: SOURCE_URLS[name] })
}

function compact<T extends Json>(value: T): T {
  for (const key of Object.keys(value)) {
    const field = value[key]
    if (field === undefined || field === null || (Array.isArray(field) && field.length === 0))
      delete value[key]
  }
  return value
}

const iso = (value: Date | string | null) =>
  value === null ? undefined : new Date(value).toISOString()

/** The CycloneDX analysis of a finding; undefined when nothing is decided. */
export function cdxAnalysis(row: {
  state: string | null
  justification: string | null
  response: string | null
  details: string | null
}): Json | undefined {
  const response = cdxResponse(row.response)
  const analysis = compact({
    state: cdxState(row.state),
    justification: cdxJustification(row.justification),
    response: response ? [response] : undefined,
    detail: row.details?.trim() || undefined,
  })
  return Object.keys(analysis).length > 0 ? analysis : undefined
}

/**
 * One element per finding, `affects` = `affects(row)`. Elements alike but for their target are
 * written once with every target, and a vulnerability written more than once (different
 * analyses) gets `<uuid>:<n>` from its second element on: CycloneDX requires unique bom-refs
 * (the XML schema enforces it).
 */
export function vulnerabilityElements(
  rows: readonly VexFindingRow[],
  affects: (row: VexFindingRow) => string,
): Json[] {
  const byContent = new Map<string, { element: Json; refs: Set<string> }>()
  for (const row of rows) {
    const element = compact({
      'bom-ref': row.vulnerability_uuid,
      id: row.vuln_id,
      source: vulnerabilitySource(row.source),
      ratings: ratings(row),
      cwes: knownCwes(row.cwes).map((cwe) => cwe.cweId),
      description: row.description ?? undefined,
      recommendation: row.recommendation ?? undefined,
      created: iso(row.created),
      published: iso(row.published),
      updated: iso(row.updated),
      analysis: cdxAnalysis(row),
    })
    const key = JSON.stringify(element)
    const entry = byContent.get(key) ?? { element, refs: new Set<string>() }
    entry.refs.add(affects(row))
    byContent.set(key, entry)
  }
  const written = new Map<string, number>()
  return [...byContent.values()].map(({ element, refs }) => {
    const uuid = element['bom-ref'] as string
    const count = (written.get(uuid) ?? 0) + 1
    written.set(uuid, count)
    return {
      ...element,
      'bom-ref': count === 1 ? uuid : `${uuid}:${count}`,
      affects: [...refs].map((ref) => ({ ref })),
    }
  })
}

/** What the XML writer of export.ts offers; kept structural so the two files do not cycle. */
export interface XmlSink {
  element(name: string, value: unknown, attributes?: Record<string, unknown>): void
  open(name: string, attributes?: Record<string, unknown>): void
  close(name: string): void
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
const rec = (value: unknown): Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {}

function writeSource(xml: XmlSink, value: unknown) {
  if (value === undefined) return
  xml.open('source')
  xml.element('name', rec(value).name)
  xml.element('url', rec(value).url)
  xml.close('source')
}

/** The `vulnerabilities` element, in the XSD's element order. */
export function writeVulnerabilitiesXml(xml: XmlSink, vulnerabilities: unknown) {
  const items = list(vulnerabilities)
  if (items.length === 0) return
  xml.open('vulnerabilities')
  for (const item of items) {
    const v = rec(item)
    xml.open('vulnerability', { 'bom-ref': v['bom-ref'] })
    xml.element('id', v.id)
    writeSource(xml, v.source)
    if (list(v.ratings).length > 0) {
      xml.open('ratings')
      for (const entry of list(v.ratings)) {
        const rating = rec(entry)
        xml.open('rating')
        writeSource(xml, rating.source)
        xml.element('score', rating.score)
        xml.element('severity', rating.severity)
        xml.element('method', rating.method)
        xml.element('vector', rating.vector)
        xml.close('rating')
      }
      xml.close('ratings')
    }
    if (list(v.cwes).length > 0) {
      xml.open('cwes')
      for (const cwe of list(v.cwes)) xml.element('cwe', cwe)
      xml.close('cwes')
    }
    xml.element('description', v.description)
    xml.element('recommendation', v.recommendation)
    xml.element('created', v.created)
    xml.element('published', v.published)
    xml.element('updated', v.updated)
    if (v.analysis !== undefined) {
      const analysis = rec(v.analysis)
      xml.open('analysis')
      xml.element('state', analysis.state)
      xml.element('justification', analysis.justification)
      if (list(analysis.response).length > 0) {
        xml.open('responses')
        for (const response of list(analysis.response)) xml.element('response', response)
        xml.close('responses')
      }
      xml.element('detail', analysis.detail)
      xml.close('analysis')
    }
    xml.open('affects')
    for (const target of list(v.affects)) {
      xml.open('target')
      xml.element('ref', rec(target).ref)
      xml.close('target')
    }
    xml.close('affects')
    xml.close('vulnerability')
  }
  xml.close('vulnerabilities')
}
