/**
 * Metrics jobs (dt-behaviour §4, docs/metrics.md):
 * - PROJECT_METRICS_JOB measures one project (its components, then its row; a collection from
 *   its children), after a BOM's policy evaluation, an audit decision or a refresh;
 * - AGGREGATE_METRICS_JOB measures every collection project, deepest first, then the portfolio
 *   row, from the projects' newest rows (shortly after project rows changed);
 * - PORTFOLIO_METRICS_JOB measures every active project that holds components, then does what the
 *   aggregate job does (hourly, portfolio refresh, changed risk weights);
 * - VULNERABILITY_METRICS_JOB counts the catalogue by month (hourly).
 */
export const PROJECT_METRICS_JOB = 'metrics.project'
export const AGGREGATE_METRICS_JOB = 'metrics.aggregate'
export const PORTFOLIO_METRICS_JOB = 'metrics.portfolio'
export const VULNERABILITY_METRICS_JOB = 'metrics.vulnerability'

export interface ProjectMetricsPayload {
  projectId: number
}

export interface PortfolioMetricsPayload {
  /** Inactive projects too (a change of the risk weights rescores every row). */
  includeInactive?: boolean
}
