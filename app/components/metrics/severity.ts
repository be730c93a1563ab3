import { SEVERITY_COLOURS } from '~/components/vulnerabilities/severity.ts'

/** The five severity counters of every metrics row, most severe first (INFO counts as low). */
export const METRIC_SEVERITIES = ['critical', 'high', 'medium', 'low', 'unassigned'] as const
export type MetricSeverity = (typeof METRIC_SEVERITIES)[number]
export type SeverityCounts = Record<MetricSeverity, number>

/** The translation key of a counter's severity name (shared with the vulnerability screens). */
export const severityLabelKey = (severity: MetricSeverity) =>
  `vulnerabilities.severity.${severity.toUpperCase()}`

export const severityColours = (severity: MetricSeverity) =>
  SEVERITY_COLOURS[severity.toUpperCase() as Uppercase<MetricSeverity>]

/** The counters of a metrics object, or undefined when nothing was measured yet. */
export function severityCounts(metrics: unknown): SeverityCounts | undefined {
  if (typeof metrics !== 'object' || metrics === null) return undefined
  const row = metrics as Record<string, unknown>
  return Object.fromEntries(
    METRIC_SEVERITIES.map((severity) => {
      const value = row[severity]
      return [severity, typeof value === 'number' ? value : 0]
    }),
  ) as SeverityCounts
}

export const totalOf = (counts: SeverityCounts) =>
  METRIC_SEVERITIES.reduce((sum, severity) => sum + counts[severity], 0)
