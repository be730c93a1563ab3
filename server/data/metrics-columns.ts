import {
  METRIC_COUNTERS,
  type MetricCounter,
  type RiskWeights,
} from '../../common/metrics-shapes.ts'

/** The column of each counter of common/metrics-shapes.ts: `findingsTotal` → `findings_total`. */
export const counterColumn = (counter: MetricCounter) =>
  counter.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)

export const COUNTER_COLUMNS = METRIC_COUNTERS.map(counterColumn)

/** Reads name the counters as the JSON does (`findings_total AS "findingsTotal"`). */
export type CounterColumns = Record<MetricCounter, number>

/** `a.findings_total AS "findingsTotal", …`: the counters of `alias` named for the JSON. */
export const countersAsJsonNames = (alias: string) =>
  METRIC_COUNTERS.map((counter) => `${alias}.${counterColumn(counter)} AS "${counter}"`).join(
    ', ',
  )

export interface MetricsRowBase {
  inherited_risk_score: number
  first_occurrence: Date
  last_occurrence: Date
}

export type DependencyMetricsRow = MetricsRowBase & CounterColumns

export type ProjectMetricsRow = MetricsRowBase &
  CounterColumns & {
    project_id: number
    components: number
    vulnerable_components: number
    collection_logic: string | null
    collection_logic_changed: boolean
  }

export type PortfolioMetricsRow = MetricsRowBase &
  CounterColumns & {
    projects: number
    vulnerable_projects: number
    components: number
    vulnerable_components: number
  }

export interface VulnerabilityMetricsRow {
  year: number
  month: number | null
  count: number
  measured_at: Date
}

/** `a.c1, a.c2, …` for a list of columns. */
export const qualified = (alias: string, columns: readonly string[]) =>
  columns.map((column) => `${alias}.${column}`).join(', ')

/** `sum(a.c)::int AS c` for each column. */
export const summed = (alias: string, columns: readonly string[]) =>
  columns.map((column) => `COALESCE(sum(${alias}.${column}), 0)::int AS ${column}`).join(', ')

/** The weights of the risk score as $n placeholders, in RISK_WEIGHT_ORDER. */
export const RISK_WEIGHT_ORDER = ['critical', 'high', 'medium', 'low', 'unassigned'] as const

/** The weights as parameters, in RISK_WEIGHT_ORDER. */
export const weightParams = (weights: RiskWeights) =>
  RISK_WEIGHT_ORDER.map((bucket) => weights[bucket])

/** `$a * x.critical + …`: the inherited risk score of a row, weights from parameter `first`. */
export const riskScore = (alias: string, first: number) =>
  RISK_WEIGHT_ORDER.map((bucket, i) => `$${first + i}::float8 * ${alias}.${bucket}`).join(' + ')

const band = (score: string) =>
  `(CASE WHEN ${score} >= 6 THEN 3 WHEN ${score} >= 3 THEN 2 WHEN ${score} > 0 THEN 1 ELSE 0 END)`

/**
 * Dependency-Track's severity of a vulnerability row `v` as its level (dt-api-portfolio §2.3):
 * 5 critical, 4 high, 3 medium, 2 low, 1 info, 0 unassigned. A stored severity other than
 * UNASSIGNED wins; otherwise the higher of the CVSS severity (v3, else v2) and the OWASP Risk
 * Rating one, where the matrix of likelihood and impact bands (1–3) is band + band − 1.
 */
export function severityLevel(v: string) {
  const cvss = `(CASE WHEN ${v}.cvss_v3_base_score IS NOT NULL THEN
      CASE WHEN ${v}.cvss_v3_base_score >= 9 THEN 5 WHEN ${v}.cvss_v3_base_score >= 7 THEN 4
        WHEN ${v}.cvss_v3_base_score >= 4 THEN 3 WHEN ${v}.cvss_v3_base_score > 0 THEN 2 ELSE 0 END
    WHEN ${v}.cvss_v2_base_score IS NOT NULL THEN
      CASE WHEN ${v}.cvss_v2_base_score >= 7 THEN 4 WHEN ${v}.cvss_v2_base_score >= 4 THEN 3
        WHEN ${v}.cvss_v2_base_score > 0 THEN 2 ELSE 0 END
    ELSE 0 END)`
  const likelihood = band(`${v}.owasp_rr_likelihood_score`)
  const impact = band(
    `GREATEST(${v}.owasp_rr_technical_impact_score, ${v}.owasp_rr_business_impact_score)`,
  )
  const owasp = `(CASE WHEN ${v}.owasp_rr_likelihood_score IS NULL
      OR ${v}.owasp_rr_technical_impact_score IS NULL
      OR ${v}.owasp_rr_business_impact_score IS NULL THEN 0
    WHEN ${likelihood} = 0 OR ${impact} = 0 THEN 0
    ELSE ${likelihood} + ${impact} - 1 END)`
  return `(CASE upper(${v}.severity) WHEN 'CRITICAL' THEN 5 WHEN 'HIGH' THEN 4
    WHEN 'MEDIUM' THEN 3 WHEN 'LOW' THEN 2 WHEN 'INFO' THEN 1
    ELSE GREATEST(${cvss}, ${owasp}) END)`
}

/** The alias column holding each source's own ids (sources without one have no aliases). */
export const ALIAS_COLUMN_OF_SOURCE: ReadonlyArray<readonly [string, string]> = [
  ['NVD', 'cve_id'],
  ['GITHUB', 'ghsa_id'],
  ['OSV', 'osv_id'],
  ['OSSINDEX', 'sonatype_id'],
  ['SNYK', 'snyk_id'],
  ['VULNDB', 'vuln_db_id'],
  ['INTERNAL', 'internal_id'],
]

/** Alias rows `a` naming the vulnerability of `f` (columns source, vuln_id): one branch per source. */
export const aliasRowsNaming = (f: string) =>
  ALIAS_COLUMN_OF_SOURCE.map(
    ([source, column]) =>
      `SELECT a.* FROM vulnerability_alias a WHERE ${f}.source = '${source}' AND a.${column} = ${f}.vuln_id`,
  ).join(' UNION ALL ')

/** Whether alias row `a` names the vulnerability of `f` (columns source, vuln_id). */
export const aliasNames = (a: string, f: string) =>
  `${f}.vuln_id = CASE ${f}.source ${ALIAS_COLUMN_OF_SOURCE.map(
    ([source, column]) => `WHEN '${source}' THEN ${a}.${column}`,
  ).join(' ')} END`

/** Metrics writes take this transaction lock: runs never interleave, whichever worker runs them. */
export const METRICS_LOCK_KEY = 7_301_455_921
