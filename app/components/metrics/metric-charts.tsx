import { useTranslation } from 'react-i18next'
import type { DependencyMetrics, ProjectMetrics } from '../../../common/metrics-shapes.ts'
import { CHART_COLOURS } from '~/components/charts/chart-parts.tsx'
import { TimeSeriesChart, type TimeMarker } from '~/components/charts/time-series-chart.tsx'
import { useChartFormats } from '~/components/charts/use-chart-formats.ts'
import { Breakdown } from '~/components/dashboard/metric-card.tsx'
import { METRIC_SEVERITIES, severityColours, severityLabelKey } from './severity.ts'
import { logicChanges, timeline, valuesOf } from './history.ts'

type Row = DependencyMetrics & Partial<Pick<ProjectMetrics, 'collectionLogicChanged'>>

interface Drawn<R> {
  key: string
  label: string
  colour: string
  read: (row: R) => number
}

/**
 * One 4.13 history chart over a project's or component's metrics rows: the rows become
 * samples (see `timeline`), each series reads one counter, and collection-logic changes become
 * marker lines.
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
  series: readonly Drawn<R>[]
}) {
  const { t } = useTranslation()
  const { formatTime, formatNumber, formatCompact } = useChartFormats()
  const line = timeline(rows, since)
  const markers: TimeMarker[] = logicChanges(rows, since).map((x) => ({
    x,
    label: t('projectMetrics.collection.changed'),
  }))
  return (
    <TimeSeriesChart
      title={title}
      x={line.x}
      series={series.map(({ key, label, colour, read }) => ({
        key,
        label,
        colour,
        values: valuesOf(line, read),
      }))}
      mode={mode}
      markers={markers}
      formatTime={formatTime}
      formatValue={formatNumber}
      formatAxis={formatCompact}
      timeLabel={t('dashboard.columns.date')}
      tableCaption={t('dashboard.chartData', { title })}
      emptyText={t('dashboard.noSamples')}
    />
  )
}

interface HistoryProps<R> {
  title: string
  rows: readonly R[]
  since: number
}

export function SeverityHistory(props: HistoryProps<Row>) {
  const { t } = useTranslation()
  return (
    <History
      {...props}
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

export function ViolationStateHistory(props: HistoryProps<Row>) {
  const { t } = useTranslation()
  const state = (key: 'FAIL' | 'WARN' | 'INFO') => t(`policies.violationState.${key}`)
  return (
    <History
      {...props}
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

/** A project's components: all, not vulnerable and vulnerable. */
export function ComponentHistory(props: HistoryProps<ProjectMetrics>) {
  const { t } = useTranslation()
  return (
    <History
      {...props}
      mode="line"
      series={[
        {
          key: 'total',
          label: t('dashboard.series.total'),
          colour: CHART_COLOURS.neutral,
          read: (row) => row.components,
        },
        {
          key: 'safe',
          label: t('dashboard.series.notVulnerable'),
          colour: CHART_COLOURS.success,
          read: (row) => row.components - row.vulnerableComponents,
        },
        {
          key: 'vulnerable',
          label: t('dashboard.series.vulnerable'),
          colour: CHART_COLOURS.warning,
          read: (row) => row.vulnerableComponents,
        },
      ]}
    />
  )
}

/** Findings in total and audited. */
export function AuditingHistory(props: HistoryProps<Row>) {
  const { t } = useTranslation()
  return (
    <History
      {...props}
      mode="line"
      series={[
        {
          key: 'total',
          label: t('dashboard.series.total'),
          colour: CHART_COLOURS.neutral,
          read: (row) => row.findingsTotal,
        },
        {
          key: 'audited',
          label: t('dashboard.series.audited'),
          colour: CHART_COLOURS.success,
          read: (row) => row.findingsAudited,
        },
      ]}
    />
  )
}

/** 4.13's "by classification" progress groups: each risk type's count and share, latest row. */
export function ViolationClassification({ latest }: { latest: Row | undefined }) {
  const { t } = useTranslation()
  return (
    <Breakdown
      total={latest?.policyViolationsTotal ?? 0}
      items={[
        {
          key: 'security',
          label: t('dashboard.statistics.securityViolations'),
          value: latest?.policyViolationsSecurityTotal ?? 0,
          colour: CHART_COLOURS.danger,
        },
        {
          key: 'license',
          label: t('dashboard.statistics.licenseViolations'),
          value: latest?.policyViolationsLicenseTotal ?? 0,
          colour: CHART_COLOURS.accent,
        },
        {
          key: 'operational',
          label: t('dashboard.statistics.operationalViolations'),
          value: latest?.policyViolationsOperationalTotal ?? 0,
          colour: CHART_COLOURS.warning,
        },
      ]}
    />
  )
}
