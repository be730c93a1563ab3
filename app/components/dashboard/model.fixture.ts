import { METRIC_COUNTERS, type PortfolioMetrics } from '../../../common/metrics-shapes.ts'

/** A portfolio sample with every counter at 0 (tests override what they need). */
export const DEFAULT_METRIC_ROW: PortfolioMetrics = {
  ...(Object.fromEntries(METRIC_COUNTERS.map((name) => [name, 0])) as Record<
    (typeof METRIC_COUNTERS)[number],
    number
  >),
  inheritedRiskScore: 0,
  projects: 0,
  vulnerableProjects: 0,
  components: 0,
  vulnerableComponents: 0,
  firstOccurrence: 0,
  lastOccurrence: 0,
}
