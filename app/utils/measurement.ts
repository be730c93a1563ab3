/**
 * Lookout does not analyse vulnerabilities yet, so the API answers no `metrics` and a risk score
 * that is absent (or a placeholder 0 on services). A number is shown only when an analysis
 * produced it; otherwise the screens say "not analysed yet" instead of a zero that reads as a
 * clean result.
 */
export interface MaybeMeasured {
  lastInheritedRiskScore?: number | null
  metrics?: unknown
}

/** The risk score an analysis measured, or undefined when nothing has been analysed. */
export function measuredRiskScore(row: MaybeMeasured): number | undefined {
  if (row.metrics === undefined || row.metrics === null) return undefined
  return row.lastInheritedRiskScore ?? undefined
}

/** A count from a metrics object, or undefined when there are no metrics. */
export function measuredCount(metrics: unknown, key: string): number | undefined {
  if (typeof metrics !== 'object' || metrics === null) return undefined
  const value = (metrics as Record<string, unknown>)[key]
  return typeof value === 'number' ? value : 0
}
