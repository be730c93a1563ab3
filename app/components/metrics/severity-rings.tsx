import { useTranslation } from 'react-i18next'
import { RingGauge } from '~/components/charts/ring-gauge.tsx'
import { Measured } from '~/components/measurement.tsx'
import {
  METRIC_SEVERITIES,
  severityColours,
  severityCounts,
  severityLabelKey,
  totalOf,
} from './severity.ts'

/**
 * A header's five severity rings (4.13's pies) and the inherited risk score. Each ring is filled
 * to that severity's share of all vulnerabilities; its count is written in it and its name under
 * it, so the colour is never the only cue.
 */
export function SeverityRings({
  metrics,
  riskScore,
  idPrefix,
}: {
  metrics: unknown
  riskScore: number | undefined
  idPrefix: string
}) {
  const { t } = useTranslation()
  const counts = severityCounts(metrics)
  const headingId = `${idPrefix}-severity-rings`
  return (
    <section aria-labelledby={headingId} className="flex flex-wrap items-start gap-x-4 gap-y-2">
      <h2 id={headingId} className="sr-only">
        {t('projectMetrics.rings.label')}
      </h2>
      {counts ? (
        <ul className="flex flex-wrap gap-3" data-testid={`${idPrefix}-rings`}>
          {METRIC_SEVERITIES.map((severity) => {
            const count = counts[severity]
            const total = totalOf(counts)
            const name = t(severityLabelKey(severity))
            return (
              <li key={severity} className="flex w-16 flex-col items-center gap-1">
                <RingGauge
                  value={count}
                  max={total}
                  label={t('projectMetrics.rings.tooltip', { severity: name })}
                  colour={severityColours(severity).background}
                  className="size-12"
                />
                <span aria-hidden className="text-xs text-muted-foreground">
                  {name}
                </span>
              </li>
            )
          })}
        </ul>
      ) : (
        <p className="text-sm">
          <Measured value={undefined} />
        </p>
      )}
      <div className="flex flex-col items-center gap-1 rounded-md border px-3 py-1.5">
        <span className="text-xs text-muted-foreground">{t('dashboard.statistics.riskScore')}</span>
        <span className="text-lg font-semibold" data-testid={`${idPrefix}-risk-score`}>
          <Measured value={counts ? riskScore : undefined} />
        </span>
      </div>
    </section>
  )
}
