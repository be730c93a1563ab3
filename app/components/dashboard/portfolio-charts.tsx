import { type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { CHART_COLOURS, type ChartSeries } from '~/components/charts/chart-parts.tsx'
import { DonutChart } from '~/components/charts/donut-chart.tsx'
import { TimeSeriesChart } from '~/components/charts/time-series-chart.tsx'
import { useChartFormats } from '~/components/charts/use-chart-formats.ts'
import { SEVERITY_COLOURS } from '~/components/vulnerabilities/severity.ts'
import { Breakdown, MetricCard } from './metric-card.tsx'
import { difference, latestValue, type DrawnCounter, type PortfolioSeries } from './model.ts'

interface Part {
  key: string
  label: string
  colour: string
  values: number[]
}

/** A card with a time-series chart and the latest figures of its parts below it. */
function TimeSeriesCard({
  title,
  subtitle,
  actions,
  series,
  parts,
  mode,
  total,
  footerParts = parts,
}: {
  title: string
  subtitle?: ReactNode
  actions?: ReactNode
  series: PortfolioSeries
  parts: readonly Part[]
  mode: 'stacked' | 'line'
  /** What the footer's shares are of (the newest value). */
  total: number
  footerParts?: readonly Part[]
}) {
  const { t } = useTranslation()
  const { formatTime, formatNumber, formatCompact } = useChartFormats()
  const chartSeries: ChartSeries[] = parts.map(({ key, label, colour, values }) => ({
    key,
    label,
    colour,
    values,
  }))
  return (
    <MetricCard
      title={title}
      subtitle={subtitle}
      actions={actions}
      footer={
        <Breakdown
          total={total}
          items={footerParts.map((part) => ({
            key: part.key,
            label: part.label,
            colour: part.colour,
            value: part.values[part.values.length - 1] ?? 0,
          }))}
        />
      }
    >
      <TimeSeriesChart
        title={title}
        x={series.x}
        series={chartSeries}
        mode={mode}
        formatTime={formatTime}
        formatValue={formatNumber}
        formatAxis={formatCompact}
        timeLabel={t('dashboard.columns.date')}
        tableCaption={t('dashboard.chartData', { title })}
        emptyText={t('dashboard.noSamples')}
        legend={footerParts !== parts}
      />
    </MetricCard>
  )
}

function useParts(series: PortfolioSeries) {
  const { t } = useTranslation()
  const part = (key: DrawnCounter, label: string, colour: string): Part => ({
    key,
    label,
    colour,
    values: series.values[key] ?? [],
  })
  return { t, part }
}

/** Vulnerabilities by severity over time (4.13's main dashboard chart). */
export function VulnerabilitiesCard({
  series,
  subtitle,
  actions,
}: {
  series: PortfolioSeries
  subtitle?: ReactNode
  actions?: ReactNode
}) {
  const { t, part } = useParts(series)
  const severity = (key: DrawnCounter, name: keyof typeof SEVERITY_COLOURS) =>
    part(key, t(`vulnerabilities.severity.${name}`), SEVERITY_COLOURS[name].background)
  return (
    <TimeSeriesCard
      title={t('dashboard.cards.vulnerabilities')}
      subtitle={subtitle}
      actions={actions}
      series={series}
      mode="stacked"
      total={latestValue(series, 'vulnerabilities')}
      parts={[
        severity('critical', 'CRITICAL'),
        severity('high', 'HIGH'),
        severity('medium', 'MEDIUM'),
        severity('low', 'LOW'),
        severity('unassigned', 'UNASSIGNED'),
      ]}
    />
  )
}

export function ViolationsByStateCard({ series }: { series: PortfolioSeries }) {
  const { t, part } = useParts(series)
  return (
    <TimeSeriesCard
      title={t('dashboard.cards.violationsByState')}
      series={series}
      mode="stacked"
      total={latestValue(series, 'policyViolationsTotal')}
      parts={[
        part('policyViolationsFail', t('policies.violationState.FAIL'), CHART_COLOURS.danger),
        part('policyViolationsWarn', t('policies.violationState.WARN'), CHART_COLOURS.warning),
        part('policyViolationsInfo', t('policies.violationState.INFO'), CHART_COLOURS.accent),
      ]}
    />
  )
}

export function ViolationsByTypeCard({ series }: { series: PortfolioSeries }) {
  const { t, part } = useParts(series)
  return (
    <TimeSeriesCard
      title={t('dashboard.cards.violationsByType')}
      series={series}
      mode="stacked"
      total={latestValue(series, 'policyViolationsTotal')}
      parts={[
        part('policyViolationsSecurityTotal', t('violations.type.SECURITY'), CHART_COLOURS.danger),
        part(
          'policyViolationsOperationalTotal',
          t('violations.type.OPERATIONAL'),
          CHART_COLOURS.warning,
        ),
        part('policyViolationsLicenseTotal', t('violations.type.LICENSE'), CHART_COLOURS.accent),
      ]}
    />
  )
}

/** Audited against all, as two lines; the footer splits the newest total. */
export function AuditingCard({
  series,
  kind,
}: {
  series: PortfolioSeries
  kind: 'findings' | 'violations'
}) {
  const { t, part } = useParts(series)
  const [totalKey, auditedKey] =
    kind === 'findings'
      ? (['findingsTotal', 'findingsAudited'] as const)
      : (['policyViolationsTotal', 'policyViolationsAudited'] as const)
  const total = part(totalKey, t('dashboard.series.total'), CHART_COLOURS.neutral)
  const audited = part(auditedKey, t('dashboard.series.audited'), CHART_COLOURS.success)
  const unaudited: Part = {
    key: 'unaudited',
    label: t('dashboard.series.unaudited'),
    colour: CHART_COLOURS.warning,
    values: difference(total.values, audited.values),
  }
  return (
    <TimeSeriesCard
      title={t(
        kind === 'findings' ? 'dashboard.cards.auditFindings' : 'dashboard.cards.auditViolations',
      )}
      series={series}
      mode="line"
      total={latestValue(series, totalKey)}
      parts={[total, audited]}
      footerParts={[unaudited, audited]}
    />
  )
}

/**
 * Projects or components: vulnerable and not over time, stacked to the total, beside a ring of
 * the newest split (4.13's "projects at risk").
 */
export function AtRiskCard({
  series,
  kind,
}: {
  series: PortfolioSeries
  kind: 'projects' | 'components'
}) {
  const { t, part } = useParts(series)
  const { formatTime, formatNumber, formatCompact, formatShare } = useChartFormats()
  const [totalKey, vulnerableKey] =
    kind === 'projects'
      ? (['projects', 'vulnerableProjects'] as const)
      : (['components', 'vulnerableComponents'] as const)
  const vulnerable = part(vulnerableKey, t('dashboard.series.vulnerable'), CHART_COLOURS.warning)
  const safe: Part = {
    key: 'notVulnerable',
    label: t('dashboard.series.notVulnerable'),
    colour: CHART_COLOURS.success,
    values: difference(series.values[totalKey] ?? [], vulnerable.values),
  }
  const title = t(kind === 'projects' ? 'dashboard.cards.projects' : 'dashboard.cards.components')
  const total = latestValue(series, totalKey)
  const newest = (values: number[]) => values[values.length - 1] ?? 0
  return (
    <MetricCard title={title}>
      <div className="grid gap-4 sm:grid-cols-[minmax(8rem,11rem)_1fr] sm:items-start">
        <DonutChart
          title={t('dashboard.cards.atRiskNow', { title })}
          slices={[vulnerable, safe].map((item) => ({ ...item, value: newest(item.values) }))}
          centre={{ value: formatCompact(total), label: t(`dashboard.centre.${kind}`) }}
          formatValue={formatNumber}
          formatShare={formatShare}
          labelHeader={t('dashboard.columns.part')}
          valueHeader={t('dashboard.columns.count')}
          shareHeader={t('dashboard.columns.share')}
          tableCaption={t('dashboard.chartData', {
            title: t('dashboard.cards.atRiskNow', { title }),
          })}
        />
        <TimeSeriesChart
          title={title}
          x={series.x}
          series={[vulnerable, safe]}
          mode="stacked"
          formatTime={formatTime}
          formatValue={formatNumber}
          formatAxis={formatCompact}
          timeLabel={t('dashboard.columns.date')}
          tableCaption={t('dashboard.chartData', { title })}
          emptyText={t('dashboard.noSamples')}
          legend={false}
        />
      </div>
    </MetricCard>
  )
}
