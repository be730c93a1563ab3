import { useTranslation } from 'react-i18next'
import { Measured } from '~/components/measurement.tsx'
import { METRIC_SEVERITIES, severityColours, severityCounts, severityLabelKey } from './severity.ts'

interface Segment {
  key: string
  name: string
  count: number
  /** Theme classes for the segment's background and text, or inline colours. */
  className?: string
  style?: React.CSSProperties
}

/**
 * A table cell's stacked bar (4.13's progress bars): the total, then one segment per part that
 * is not zero, each carrying its count. Readers and the tooltip get every part by name.
 */
function CountBar({ segments }: { segments: Segment[] }) {
  const { t } = useTranslation()
  const total = segments.reduce((sum, segment) => sum + segment.count, 0)
  const summary = t('projectMetrics.bar.summary', {
    total,
    counts: segments.map((segment) => `${segment.name}: ${segment.count}`).join(', '),
  })
  return (
    <span className="relative flex items-center gap-2" title={summary}>
      <span className="sr-only">{summary}</span>
      <span aria-hidden className="min-w-6 text-right font-medium tabular-nums">
        {total}
      </span>
      <span
        aria-hidden
        className="flex h-5 w-28 overflow-hidden rounded bg-muted text-xs font-semibold tabular-nums"
      >
        {segments
          .filter((segment) => segment.count > 0)
          .map((segment) => (
            <span
              key={segment.key}
              className={`grid min-w-5 place-items-center px-0.5 ${segment.className ?? ''}`}
              style={{ flexGrow: segment.count, ...segment.style }}
            >
              {segment.count}
            </span>
          ))}
      </span>
    </span>
  )
}

/** Vulnerabilities by severity; "not analysed yet" when there are no metrics. */
export function SeverityBar({ metrics }: { metrics: unknown }) {
  const { t } = useTranslation()
  const counts = severityCounts(metrics)
  if (!counts) return <Measured value={undefined} />
  return (
    <CountBar
      segments={METRIC_SEVERITIES.map((severity) => ({
        key: severity,
        name: t(severityLabelKey(severity)),
        count: counts[severity],
        style: {
          background: severityColours(severity).background,
          color: severityColours(severity).text,
        },
      }))}
    />
  )
}

const VIOLATION_STATES = [
  ['FAIL', 'policyViolationsFail', 'bg-destructive text-destructive-foreground'],
  ['WARN', 'policyViolationsWarn', 'bg-warning text-warning-foreground'],
  ['INFO', 'policyViolationsInfo', 'bg-primary text-primary-foreground'],
] as const

/** Policy violations by state (fail, warn, inform); "not analysed yet" without metrics. */
export function ViolationBar({ metrics }: { metrics: unknown }) {
  const { t } = useTranslation()
  if (typeof metrics !== 'object' || metrics === null) return <Measured value={undefined} />
  const row = metrics as Record<string, unknown>
  return (
    <CountBar
      segments={VIOLATION_STATES.map(([state, field, className]) => ({
        key: state,
        name: t(`policies.violationState.${state}`),
        count: typeof row[field] === 'number' ? (row[field] as number) : 0,
        className,
      }))}
    />
  )
}
