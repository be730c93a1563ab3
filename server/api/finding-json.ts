import { SEVERITIES } from '../../common/dt-vocabulary.ts'
import type { Finding, GroupedFinding } from '../../common/finding-shapes.ts'
import { canonicalPurl } from '../domain/components/purl.ts'
import type { FindingView, GroupedFindingView } from '../domain/findings/queries.ts'
import { knownCwes } from '../domain/vulnerabilities/cwe.ts'
import { deriveSeverity } from '../domain/vulnerabilities/scoring.ts'
import type { VulnerabilityAliasRow, VulnerabilityDetailRow } from '../data/vulnerabilities.ts'

export type FindingVariant = 'project' | 'portfolio'

const opt = <T>(value: T | null | undefined) =>
  value === null || value === undefined ? undefined : value
const nonBlank = (value: string | null | undefined) =>
  value === null || value === undefined || value.trim() === '' ? undefined : value
const epochMs = (value: Date | string | null) =>
  value === null ? undefined : new Date(value).getTime()

/** Derived severity (stored wins) and its 4.13 ordinal: CRITICAL 0 … UNASSIGNED 5. */
export function severityOf(row: VulnerabilityDetailRow) {
  const severity = deriveSeverity({
    severity: row.severity,
    cvssV3BaseScore: row.cvss_v3_base_score,
    cvssV2BaseScore: row.cvss_v2_base_score,
    owaspRRLikelihoodScore: row.owasp_rr_likelihood_score,
    owaspRRTechnicalImpactScore: row.owasp_rr_technical_impact_score,
    owaspRRBusinessImpactScore: row.owasp_rr_business_impact_score,
  })
  return { severity, severityRank: SEVERITIES.indexOf(severity) }
}

const ID_KEYS = [
  ['cveId', 'cve_id'],
  ['ghsaId', 'ghsa_id'],
  ['sonatypeId', 'sonatype_id'],
  ['osvId', 'osv_id'],
  ['snykId', 'snyk_id'],
  ['vulnDbId', 'vuln_db_id'],
] as const

/** Project variant: only the non-blank id keys, de-duplicated. */
function projectAliases(rows: readonly VulnerabilityAliasRow[]) {
  const seen = new Set<string>()
  const aliases: Record<string, string>[] = []
  for (const row of rows) {
    const alias: Record<string, string> = {}
    for (const [key, column] of ID_KEYS) {
      const value = nonBlank(row[column])
      if (value) alias[key] = value
    }
    const key = JSON.stringify(alias)
    if (Object.keys(alias).length > 0 && !seen.has(key)) {
      seen.add(key)
      aliases.push(alias)
    }
  }
  return aliases
}

/** Portfolio variant: full alias objects without uuid. */
const portfolioAliases = (rows: readonly VulnerabilityAliasRow[]) =>
  rows.map((row) => ({
    internalId: opt(row.internal_id),
    cveId: opt(row.cve_id),
    ghsaId: opt(row.ghsa_id),
    sonatypeId: opt(row.sonatype_id),
    osvId: opt(row.osv_id),
    snykId: opt(row.snyk_id),
    gsdId: opt(row.gsd_id),
    vulnDbId: opt(row.vuln_db_id),
  }))

/** One finding row (dt-api-portfolio §5.1) in the project or the portfolio variant. */
export function findingJson(view: FindingView, variant: FindingVariant): Finding {
  const { row, vulnerability: v } = view
  const portfolio = variant === 'portfolio'
  const cwes = v.cwes ? knownCwes(v.cwes) : []
  return {
    component: {
      uuid: row.component_uuid,
      name: row.component_name,
      group: opt(row.component_group),
      version: opt(row.component_version),
      purl: canonicalPurl(row.component_purl),
      cpe: opt(row.component_cpe),
      project: row.project_uuid,
      latestVersion: opt(row.component_latest_version),
      ...(portfolio
        ? { projectName: row.project_name, projectVersion: opt(row.project_version) }
        : {}),
    },
    vulnerability: {
      uuid: v.uuid,
      source: v.source,
      vulnId: v.vuln_id,
      title: opt(v.title),
      subtitle: opt(v.sub_title),
      description: portfolio ? (nonBlank(v.description) ?? null) : opt(v.description),
      recommendation: portfolio ? (nonBlank(v.recommendation) ?? null) : opt(v.recommendation),
      cvssV2BaseScore: opt(v.cvss_v2_base_score),
      cvssV3BaseScore: opt(v.cvss_v3_base_score),
      cvssV4Score: opt(v.cvss_v4_score),
      owaspLikelihoodScore: opt(v.owasp_rr_likelihood_score),
      owaspTechnicalImpactScore: opt(v.owasp_rr_technical_impact_score),
      owaspBusinessImpactScore: opt(v.owasp_rr_business_impact_score),
      ...severityOf(v),
      epssScore: opt(v.epss_score),
      epssPercentile: opt(v.epss_percentile),
      cweId: cwes[0]?.cweId,
      cweName: cwes[0]?.name,
      cwes: cwes.length > 0 ? cwes : undefined,
      aliases: portfolio ? portfolioAliases(view.aliases) : projectAliases(view.aliases),
      published: portfolio ? epochMs(v.published) : undefined,
      kev: v.kev_date_added !== null,
    },
    analysis: {
      state: opt(row.analysis_state) as Finding['analysis']['state'],
      isSuppressed: row.analysis_suppressed ?? false,
    },
    attribution: {
      analyzerIdentity: row.analyzer_identity as Finding['attribution']['analyzerIdentity'],
      attributedOn: new Date(row.attributed_on).getTime(),
      alternateIdentifier: opt(row.alternate_identifier),
      referenceUrl: opt(row.reference_url),
    },
    matrix: `${row.project_uuid}:${row.component_uuid}:${v.uuid}`,
  }
}

/** One GroupedFinding (§5.1b). */
export function groupedFindingJson(view: GroupedFindingView): GroupedFinding {
  const v = view.vulnerability
  const cwes = v.cwes ? knownCwes(v.cwes) : []
  return {
    vulnerability: {
      source: v.source,
      vulnId: v.vuln_id,
      title: opt(v.title),
      severity: severityOf(v).severity,
      cvssV2BaseScore: opt(v.cvss_v2_base_score),
      cvssV3BaseScore: opt(v.cvss_v3_base_score),
      published: epochMs(v.published),
      cwes: cwes.length > 0 ? cwes : undefined,
      affectedProjectCount: Number(view.row.affected_project_count),
    },
    attribution: {
      analyzerIdentity: view.row
        .analyzer_identity as GroupedFinding['attribution']['analyzerIdentity'],
    },
  }
}
