import { useTranslation } from 'react-i18next'
import { CHART_COLOURS } from '~/components/charts/chart-parts.tsx'
import { Sparkline } from '~/components/charts/sparkline.tsx'
import { useChartFormats } from '~/components/charts/use-chart-formats.ts'
import {
  latestValue,
  type DrawnCounter,
  type PortfolioSeries,
  type PortfolioWidgets,
} from './model.ts'

const WIDGETS: readonly { counter: DrawnCounter; labelKey: string; colour: string }[] = [
  {
    counter: 'vulnerabilities',
    labelKey: 'dashboard.widgets.vulnerabilities',
    colour: CHART_COLOURS.danger,
  },
  {
    counter: 'vulnerableProjects',
    labelKey: 'dashboard.widgets.projectsAtRisk',
    colour: CHART_COLOURS.warning,
  },
  {
    counter: 'vulnerableComponents',
    labelKey: 'dashboard.widgets.vulnerableComponents',
    colour: CHART_COLOURS.warning,
  },
  {
    counter: 'inheritedRiskScore',
    labelKey: 'dashboard.widgets.riskScore',
    colour: CHART_COLOURS.accent,
  },
]

/**
 * 4.13's portfolio widget row (dt-screens §1.8): four headline figures with their trend, on the
 * dashboard and above the portfolio lists. `series` holds at least the four counters.
 */
export function PortfolioWidgetRow({ series, days }: { series: PortfolioSeries; days: number }) {
  const { t } = useTranslation()
  const { formatTime, formatNumber, formatCompact } = useChartFormats()
  return (
    <section aria-label={t('dashboard.widgets.label', { days })}>
      <ul className="grid grid-cols-2 gap-3 xl:grid-cols-4">
        {WIDGETS.map((widget) => {
          const label = t(widget.labelKey)
          const value = latestValue(series, widget.counter)
          return (
            <li
              key={widget.counter}
              className="flex min-w-0 flex-col gap-1 rounded-lg border bg-card p-3 shadow-sm sm:p-4"
            >
              <span className="text-2xl font-semibold tabular-nums" title={formatNumber(value)}>
                {formatCompact(value)}
              </span>
              <span className="text-sm text-muted-foreground">{label}</span>
              <Sparkline
                label={t('dashboard.widgets.trend', { label, days })}
                x={series.x}
                values={series.values[widget.counter] ?? []}
                colour={widget.colour}
                formatTime={formatTime}
                formatValue={formatNumber}
              />
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/** The widget row of a list page, when its loader found figures. */
export function ListPageWidgets({ widgets }: { widgets: PortfolioWidgets | undefined }) {
  return widgets ? <PortfolioWidgetRow series={widgets.series} days={widgets.days} /> : null
}
