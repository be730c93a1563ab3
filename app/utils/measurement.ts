/**
 * A number is shown only once the metrics engine has measured the row; before that the screens
 * say "not analysed yet" instead of a zero that reads as a clean result.
 */
export interface MaybeMeasured {
  lastInheritedRiskScore?: number | null
  metrics?: unknown
}

/**
 * The risk score of the latest measurement, or undefined when nothing has been measured. The
 * metrics' own score comes first: the stored last score is never written for a clean row (a 0
 * does not replace an absent score), yet the row was measured.
 */
export function measuredRiskScore(row: MaybeMeasured): number | undefined {
  if (typeof row.metrics !== 'object' || row.metrics === null) return undefined
  const score = (row.metrics as { inheritedRiskScore?: unknown }).inheritedRiskScore
  if (typeof score === 'number') return score
  return row.lastInheritedRiskScore ?? undefined
}

/** A count from a metrics object, or undefined when there are no metrics. */
export function measuredCount(metrics: unknown, key: string): number | undefined {
  if (typeof metrics !== 'object' || metrics === null) return undefined
  const value = (metrics as Record<string, unknown>)[key]
  return typeof value === 'number' ? value : 0
}
