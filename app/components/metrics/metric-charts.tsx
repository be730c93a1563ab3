import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { DependencyMetrics, ProjectMetrics } from '../../../common/metrics-shapes.ts'
import { CHART_COLOURS, type ChartSeries, timeFormatter } from '~/components/charts/chart-parts.tsx'
import { percentOf } from '~/components/charts/geometry.ts'
import { TimeSeriesChart, type TimeMarker } from '~/components/charts/time-series-chart.tsx'
import { METRIC_SEVERITIES, severityColours, severityLabelKey } from './severity.ts'
import { logicChanges, timeline, valuesOf } from './history.ts'

type Row = DependencyMetrics & Partial<Pick<ProjectMetrics, 'collectionLogicChanged'>>

/** A titled card around one chart or one group of numbers. */
export function MetricCard({
  id,
  title,
  children,
  className,
}: {
  id: string
  title: string
  children: ReactNode
  className?: string
}) {
  return (
    <section
      aria-labelledby={id}
      className={`flex min-w-0 flex-col gap-3 rounded-lg border bg-card p-5 ${className ?? ''}`}
    >
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}

/**
 * One 4.13 history chart over metrics rows: the rows become samples (see `timeline`), each
 * series reads one counter, and collection-logic changes become marker lines.
 */
function History<R extends Row>({
  title,
  rows,
  since,
  mode,
  series,
}: {
  title: string
  rows: readonly R[]
  since: number
  mode: 'stacked' | 'line'
  series: readonly { key: string; label: string; colour: string; read: (row: R) => number }[]
}) {
  const { t, i18n } = useTranslation()
  const line = timeline(rows, since)
  const markers: TimeMarker[] = logicChanges(rows, since).map((x) => ({
    x,
    label: t('projectMetrics.collection.changed'),
  }))
  const drawn: ChartSeries[] = series.map(({ key, label, colour, read }) => ({
    key,
    label,
    colour,
    values: valuesOf(line, read),
  }))
  return (
    <TimeSeriesChart
      title={title}
      x={line.x}
      series={drawn}
      mode={mode}
      markers={markers}
      formatTime={timeFormatter(i18n.language)}
      timeLabel={t('projectMetrics.charts.date')}
      tableCaption={t('projectMetrics.charts.table', { chart: title })}
      emptyText={t('projectMetrics.charts.empty')}
    />
  )
}

export function SeverityHistory({ rows, since }: { rows: readonly Row[]; since: number }) {
  const { t } = useTranslation()
  return (
    <History
      title={t('projectMetrics.charts.vulnerabilities')}
      rows={rows}
      since={since}
      mode="stacked"
      series={METRIC_SEVERITIES.map((severity) => ({
        key: severity,
        label: t(severityLabelKey(severity)),
        colour: severityColours(severity).background,
        read: (row: Row) => row[severity],
      }))}
    />
  )
}

export function ViolationStateHistory({ rows, since }: { rows: readonly Row[]; since: number }) {
  const { t } = useTranslation()
  const state = (key: 'FAIL' | 'WARN' | 'INFO') => t(`policies.violationState.${key}`)
  return (
    <History
      title={t('projectMetrics.charts.violationsByState')}
      rows={rows}
      since={since}
      mode="stacked"
      series={[
        {
          key: 'fail',
          label: state('FAIL'),
          colour: CHART_COLOURS.danger,
          read: (row) => row.policyViolationsFail,
        },
        {
          key: 'warn',
          label: state('WARN'),
          colour: CHART_COLOURS.warning,
          read: (row) => row.policyViolationsWarn,
        },
        {
          key: 'info',
          label: state('INFO'),
          colour: CHART_COLOURS.accent,
          read: (row) => row.policyViolationsInfo,
        },
      ]}
    />
  )
}

export function ComponentHistory({
  rows,
  since,
}: {
  rows: readonly ProjectMetrics[]
  since: number
}) {
  const { t } = useTranslation()
  return (
    <History
      title={t('projectMetrics.charts.components')}
      rows={rows}
      since={since}
      mode="line"
      series={[
        {
          key: 'total',
          label: t('projectMetrics.charts.componentsTotal'),
          colour: CHART_COLOURS.neutral,
          read: (row) => row.components,
        },
        {
          key: 'safe',
          label: t('projectMetrics.charts.componentsSafe'),
          colour: CHART_COLOURS.success,
          read: (row) => row.components - row.vulnerableComponents,
        },
        {
          key: 'vulnerable',
          label: t('projectMetrics.charts.componentsVulnerable'),
          colour: CHART_COLOURS.warning,
          read: (row) => row.vulnerableComponents,
        },
      ]}
    />
  )
}

export function AuditingHistory({ rows, since }: { rows: readonly Row[]; since: number }) {
  const { t } = useTranslation()
  return (
    <History
      title={t('projectMetrics.charts.auditing')}
      rows={rows}
      since={since}
      mode="line"
      series={[
        {
          key: 'total',
          label: t('projectMetrics.charts.findingsTotal'),
          colour: CHART_COLOURS.neutral,
          read: (row) => row.findingsTotal,
        },
        {
          key: 'audited',
          label: t('projectMetrics.charts.findingsAudited'),
          colour: CHART_COLOURS.success,
          read: (row) => row.findingsAudited,
        },
      ]}
    />
  )
}

const CLASSES = [
  ['security', 'policyViolationsSecurityTotal'],
  ['license', 'policyViolationsLicenseTotal'],
  ['operational', 'policyViolationsOperationalTotal'],
] as const

/** 4.13's "by classification" progress groups: each risk type's count and share, latest row. */
export function ViolationClassification({ latest }: { latest: Row | undefined }) {
  const { t, i18n } = useTranslation()
  const total = latest?.policyViolationsTotal ?? 0
  const percent = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 })
  return (
    <dl className="flex flex-col gap-4">
      {CLASSES.map(([key, field]) => {
        const count = latest?.[field] ?? 0
        const share = percentOf(count, total)
        return (
          <div key={key} className="flex flex-col gap-1">
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <dt>{t(`projectMetrics.classification.${key}`)}</dt>
              <dd className="tabular-nums" data-testid={`classification-${key}`}>
                {t('projectMetrics.classification.share', {
                  count,
                  percent: percent.format(share),
                })}
              </dd>
            </div>
            <div aria-hidden className="h-2 overflow-hidden rounded bg-muted">
              <div className="h-full bg-primary" style={{ width: `${share}%` }} />
            </div>
          </div>
        )
      })}
    </dl>
  )
}
