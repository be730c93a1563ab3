import { z } from 'zod'
import { COLLECTION_LOGICS } from './dt-vocabulary.ts'

/**
 * Dependency-Track 4.13's metrics JSON (dt-api-portfolio §3.21, §5.7). The server serialises
 * through these; the console reads them with `.loose()`. Every counter is always present (0 when
 * nothing was counted). `firstOccurrence`/`lastOccurrence` are epoch milliseconds: a row stands
 * for an interval during which the counters did not change.
 */

const count = z.number().int()

export const METRIC_COUNTERS = [
  'critical',
  'high',
  'medium',
  'low',
  'unassigned',
  'vulnerabilities',
  'suppressed',
  'findingsTotal',
  'findingsAudited',
  'findingsUnaudited',
  'policyViolationsFail',
  'policyViolationsWarn',
  'policyViolationsInfo',
  'policyViolationsTotal',
  'policyViolationsAudited',
  'policyViolationsUnaudited',
  'policyViolationsSecurityTotal',
  'policyViolationsSecurityAudited',
  'policyViolationsSecurityUnaudited',
  'policyViolationsLicenseTotal',
  'policyViolationsLicenseAudited',
  'policyViolationsLicenseUnaudited',
  'policyViolationsOperationalTotal',
  'policyViolationsOperationalAudited',
  'policyViolationsOperationalUnaudited',
] as const
export type MetricCounter = (typeof METRIC_COUNTERS)[number]

const counters = Object.fromEntries(METRIC_COUNTERS.map((name) => [name, count])) as Record<
  MetricCounter,
  typeof count
>

/** The fields every metrics row has (DependencyMetrics adds nothing to these). */
export const DependencyMetricsShape = z.object({
  ...counters,
  inheritedRiskScore: z.number(),
  firstOccurrence: z.number(),
  lastOccurrence: z.number(),
})
export type DependencyMetrics = z.infer<typeof DependencyMetricsShape>

export const ProjectMetricsShape = DependencyMetricsShape.extend({
  components: count,
  vulnerableComponents: count,
  collectionLogic: z.enum(COLLECTION_LOGICS),
  collectionLogicChanged: z.boolean(),
})
export type ProjectMetrics = z.infer<typeof ProjectMetricsShape>

export const PortfolioMetricsShape = DependencyMetricsShape.extend({
  projects: count,
  vulnerableProjects: count,
  components: count,
  vulnerableComponents: count,
})
export type PortfolioMetrics = z.infer<typeof PortfolioMetricsShape>

/** `GET /metrics/vulnerability`: a year's total when `month` is absent. */
export const VulnerabilityMetricsShape = z.object({
  year: count,
  month: count.optional(),
  count,
  measuredAt: z.number(),
})
export type VulnerabilityMetrics = z.infer<typeof VulnerabilityMetricsShape>

/** 4.13's default weights of the inherited risk score (dt-api-portfolio §3.21). */
export const DEFAULT_RISK_WEIGHTS = {
  critical: 10,
  high: 5,
  medium: 3,
  low: 1,
  unassigned: 5,
} as const
export type RiskWeights = Record<keyof typeof DEFAULT_RISK_WEIGHTS, number>

export function inheritedRiskScore(
  counts: Record<keyof RiskWeights, number>,
  weights: RiskWeights = DEFAULT_RISK_WEIGHTS,
) {
  return (
    weights.critical * counts.critical +
    weights.high * counts.high +
    weights.medium * counts.medium +
    weights.low * counts.low +
    weights.unassigned * counts.unassigned
  )
}
