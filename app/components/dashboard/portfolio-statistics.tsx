import { useTranslation } from 'react-i18next'
import { useChartFormats } from '~/components/charts/use-chart-formats.ts'
import { MetricCard } from './metric-card.tsx'
import { latestValue, type DrawnCounter, type PortfolioSeries } from './model.ts'

const GROUPS: readonly (readonly [DrawnCounter, string])[][] = [
  [
    ['projects', 'dashboard.statistics.projects'],
    ['vulnerableProjects', 'dashboard.statistics.vulnerableProjects'],
    ['components', 'dashboard.statistics.components'],
    ['vulnerableComponents', 'dashboard.statistics.vulnerableComponents'],
    ['vulnerabilities', 'dashboard.statistics.vulnerabilities'],
    ['suppressed', 'dashboard.statistics.suppressed'],
  ],
  [
    ['policyViolationsTotal', 'dashboard.statistics.policyViolations'],
    ['policyViolationsLicenseTotal', 'dashboard.statistics.licenseViolations'],
    ['policyViolationsOperationalTotal', 'dashboard.statistics.operationalViolations'],
    ['policyViolationsSecurityTotal', 'dashboard.statistics.securityViolations'],
    ['inheritedRiskScore', 'dashboard.statistics.riskScore'],
  ],
]

/** 4.13's "Portfolio Statistics" callouts: the newest value of each counter. */
export function PortfolioStatistics({ series }: { series: PortfolioSeries }) {
  const { t } = useTranslation()
  const { formatNumber } = useChartFormats()
  return (
    <MetricCard title={t('dashboard.statistics.title')}>
      {GROUPS.map((group, index) => (
        <dl
          key={index}
          className="grid grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-3 border-t pt-3 first:border-t-0 first:pt-0"
        >
          {group.map(([counter, labelKey]) => (
            <div key={counter} className="flex flex-col gap-0.5 border-l-4 border-border pl-3">
              <dt className="text-xs text-muted-foreground">{t(labelKey)}</dt>
              <dd className="text-xl font-semibold tabular-nums">
                {formatNumber(latestValue(series, counter))}
              </dd>
            </div>
          ))}
        </dl>
      ))}
    </MetricCard>
  )
}
