import { z } from 'zod'
import type { PortfolioMetrics, VulnerabilityMetrics } from '../../../common/metrics-shapes.ts'
import { flagParam } from '~/components/list-kit/url-state.ts'

/** The periods the dashboard offers; 90 days is 4.13's fixed one. */
export const DASHBOARD_RANGES = [30, 90, 180, 365] as const
export type DashboardRange = (typeof DASHBOARD_RANGES)[number]
export const DEFAULT_RANGE: DashboardRange = 90

/** The dashboard's URL: `?days=30&excludeInactive=1&onlyLatest=1`; bad values fall back. */
export const DashboardParamsSchema = z.object({
  days: z.coerce
    .number()
    .refine((value): value is DashboardRange =>
      (DASHBOARD_RANGES as readonly number[]).includes(value),
    )
    .catch(DEFAULT_RANGE)
    .default(DEFAULT_RANGE)
    .transform((value) => value as DashboardRange),
  excludeInactive: flagParam,
  onlyLatest: flagParam,
})
export type DashboardParams = z.infer<typeof DashboardParamsSchema>

export function parseDashboardParams(search: URLSearchParams): DashboardParams {
  return DashboardParamsSchema.parse(Object.fromEntries(search))
}

/** The counters the console draws; the others stay on the server. */
export const DRAWN_COUNTERS = [
  'critical',
  'high',
  'medium',
  'low',
  'unassigned',
  'vulnerabilities',
  'suppressed',
  'projects',
  'vulnerableProjects',
  'components',
  'vulnerableComponents',
  'inheritedRiskScore',
  'findingsTotal',
  'findingsAudited',
  'findingsUnaudited',
  'policyViolationsTotal',
  'policyViolationsAudited',
  'policyViolationsUnaudited',
  'policyViolationsFail',
  'policyViolationsWarn',
  'policyViolationsInfo',
  'policyViolationsSecurityTotal',
  'policyViolationsOperationalTotal',
  'policyViolationsLicenseTotal',
] as const satisfies readonly (keyof PortfolioMetrics)[]
export type DrawnCounter = (typeof DRAWN_COUNTERS)[number]

/** Column-wise samples: one time per sample and, per counter, one value per time. */
export interface PortfolioSeries {
  x: number[]
  values: Record<DrawnCounter, number[]>
}

/** The header widgets' figures: 4.13 draws the last 90 days above every portfolio list. */
export interface PortfolioWidgets {
  days: number
  series: PortfolioSeries
}

/**
 * More samples than this are thinned before they are sent: a chart a few hundred pixels wide
 * shows no more, and each sample costs a table row and a tooltip in every chart of the page.
 */
export const MAX_SAMPLES = 120

/**
 * At most `max` rows, evenly spread in time: the period is cut into `max` equal spans and each
 * span keeps its newest row (the state at the span's end), so the newest row always stays.
 */
export function thinByTime<Row extends { firstOccurrence: number }>(
  rows: readonly Row[],
  max: number,
): Row[] {
  if (rows.length <= max) return [...rows]
  const start = rows[0]!.firstOccurrence
  const span = (rows[rows.length - 1]!.firstOccurrence - start) / max
  const kept: Row[] = []
  let bucket = -1
  for (const row of rows) {
    const index = span > 0 ? Math.min(max - 1, Math.floor((row.firstOccurrence - start) / span)) : 0
    if (index === bucket) kept[kept.length - 1] = row
    else kept.push(row)
    bucket = index
  }
  return kept
}

/**
 * The samples as the charts read them. A sample stands for the interval from its first to its
 * last occurrence, so each is placed at its first occurrence (never before `since`, the start
 * of the chosen period) and the last one is repeated at its last occurrence: the lines reach the
 * latest measurement, as 4.13's charts do.
 */
export function portfolioSeries(
  rows: readonly PortfolioMetrics[],
  { since, counters = DRAWN_COUNTERS }: { since?: number; counters?: readonly DrawnCounter[] } = {},
): PortfolioSeries {
  const picked = thinByTime(rows, MAX_SAMPLES)
  const x = picked.map((row) => Math.max(row.firstOccurrence, since ?? row.firstOccurrence))
  const last = picked[picked.length - 1]
  const extend = last !== undefined && last.lastOccurrence > x[x.length - 1]!
  if (extend) x.push(last.lastOccurrence)
  const values = {} as Record<DrawnCounter, number[]>
  for (const counter of counters) {
    const column = picked.map((row) => row[counter] ?? 0)
    if (extend) column.push(column[column.length - 1]!)
    values[counter] = column
  }
  return { x, values }
}

/** A counter's newest value (0 before the first measurement). */
export function latestValue(series: PortfolioSeries, counter: DrawnCounter): number {
  const column = series.values[counter] ?? []
  return column[column.length - 1] ?? 0
}

/** What remains of a total once a part is taken out, for each sample (never below zero). */
export function difference(total: readonly number[], part: readonly number[]): number[] {
  return total.map((value, i) => Math.max(0, value - (part[i] ?? 0)))
}

/** The vulnerability database by year, and by month for the last `months` months measured. */
export function vulnerabilityHistogram(rows: readonly VulnerabilityMetrics[], months = 24) {
  const byYear = rows
    .filter((row) => row.month === undefined)
    .sort((a, b) => a.year - b.year)
    .map((row) => ({ key: String(row.year), year: row.year, count: row.count }))
  const byMonth = rows
    .filter((row) => row.month !== undefined)
    .sort((a, b) => a.year - b.year || a.month! - b.month!)
    .slice(-months)
    .map((row) => ({
      key: `${row.year}-${String(row.month).padStart(2, '0')}`,
      year: row.year,
      month: row.month!,
      count: row.count,
    }))
  return { byYear, byMonth }
}
