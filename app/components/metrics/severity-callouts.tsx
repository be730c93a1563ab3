import { useTranslation } from 'react-i18next'
import { Measured } from '~/components/measurement.tsx'
import { METRIC_SEVERITIES, severityColours, severityCounts, severityLabelKey } from './severity.ts'

/**
 * 4.13's callouts under a vulnerabilities chart: one count per severity and the inherited risk
 * score of the latest measurement. Before any measurement every callout says "not analysed yet"
 * rather than a zero that would read as a clean result.
 */
export function SeverityCallouts({
  metrics,
  idPrefix,
}: {
  metrics: { inheritedRiskScore?: number } | undefined
  idPrefix: string
}) {
  const { t } = useTranslation()
  const counts = severityCounts(metrics)
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {METRIC_SEVERITIES.map((severity) => (
        <div
          key={severity}
          className="flex flex-col gap-1 rounded-md border border-l-4 p-3"
          style={{ borderLeftColor: severityColours(severity).background }}
        >
          <dt className="text-xs uppercase tracking-wide text-muted-foreground">
            {t(severityLabelKey(severity))}
          </dt>
          <dd className="text-2xl font-semibold" data-testid={`${idPrefix}-${severity}`}>
            <Measured value={counts?.[severity]} />
          </dd>
        </div>
      ))}
      <div className="flex flex-col gap-1 rounded-md border border-l-4 border-l-primary p-3">
        <dt className="text-xs uppercase tracking-wide text-muted-foreground">
          {t('dashboard.statistics.riskScore')}
        </dt>
        <dd className="text-2xl font-semibold" data-testid={`${idPrefix}-risk-score`}>
          <Measured value={counts ? (metrics?.inheritedRiskScore ?? 0) : undefined} />
        </dd>
      </div>
    </dl>
  )
}
