import type { CollectionLogic } from '../../common/dt-vocabulary.ts'
import {
  METRIC_COUNTERS,
  type DependencyMetrics,
  type MetricCounter,
  type PortfolioMetrics,
  type ProjectMetrics,
  type VulnerabilityMetrics,
} from '../../common/metrics-shapes.ts'
import type {
  DependencyMetricsRow,
  MetricsRowBase,
  PortfolioMetricsRow,
  ProjectMetricsRow,
  VulnerabilityMetricsRow,
} from '../data/metrics-columns.ts'

/** Metrics rows as Dependency-Track 4.13 serialises them (§3.21): every counter, 0 when unset. */

const epoch = (value: Date | string) => new Date(value).getTime()
const int = (value: unknown) => Number(value ?? 0)

function commonJson(row: MetricsRowBase & Record<MetricCounter, number>): DependencyMetrics {
  const counters = Object.fromEntries(
    METRIC_COUNTERS.map((counter) => [counter, int(row[counter])]),
  ) as Record<MetricCounter, number>
  return {
    ...counters,
    inheritedRiskScore: Number(row.inherited_risk_score ?? 0),
    firstOccurrence: epoch(row.first_occurrence),
    lastOccurrence: epoch(row.last_occurrence),
  }
}

export const dependencyMetricsJson = (row: DependencyMetricsRow): DependencyMetrics =>
  commonJson(row)

export const projectMetricsJson = (row: ProjectMetricsRow): ProjectMetrics => ({
  ...commonJson(row),
  components: int(row.components),
  vulnerableComponents: int(row.vulnerable_components),
  collectionLogic: (row.collection_logic ?? 'NONE') as CollectionLogic,
  collectionLogicChanged: row.collection_logic_changed,
})

export const portfolioMetricsJson = (row: PortfolioMetricsRow): PortfolioMetrics => ({
  ...commonJson(row),
  projects: int(row.projects),
  vulnerableProjects: int(row.vulnerable_projects),
  components: int(row.components),
  vulnerableComponents: int(row.vulnerable_components),
})

export const vulnerabilityMetricsJson = (row: VulnerabilityMetricsRow): VulnerabilityMetrics => ({
  year: row.year,
  ...(row.month === null ? {} : { month: row.month }),
  count: row.count,
  measuredAt: epoch(row.measured_at),
})
