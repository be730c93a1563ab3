import { useTranslation } from 'react-i18next'
import type { DependencyMetrics } from '../../../common/metrics-shapes.ts'
import {
  MetricCard,
  SeverityHistory,
  ViolationClassification,
  ViolationStateHistory,
} from './metric-charts.tsx'
import { MeasurementLine, RangeLinks } from './metrics-controls.tsx'
import { SeverityCallouts } from './severity-callouts.tsx'

/**
 * The component overview's metrics (4.13 §9): the vulnerabilities history with the current
 * counters, then policy violations by state and by classification.
 */
export function ComponentMetrics({
  current,
  rows,
  days,
  since,
  canRefresh,
}: {
  current?: DependencyMetrics
  rows: readonly DependencyMetrics[]
  days: number
  since: number
  canRefresh: boolean
}) {
  const { t } = useTranslation()
  return (
    <>
      <MetricCard
        id="component-vulnerabilities"
        title={t('componentDetails.overview.vulnerabilities')}
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <RangeLinks days={days} />
          <MeasurementLine lastMeasurement={current?.lastOccurrence} canRefresh={canRefresh} />
        </div>
        <SeverityHistory rows={rows} since={since} />
        <SeverityCallouts metrics={current} idPrefix="component-overview" />
      </MetricCard>
      <div className="grid gap-6 xl:grid-cols-2">
        <MetricCard
          id="component-violations-by-state"
          title={t('projectMetrics.charts.violationsByState')}
        >
          <ViolationStateHistory rows={rows} since={since} />
        </MetricCard>
        <MetricCard
          id="component-violations-by-class"
          title={t('projectMetrics.classification.title')}
        >
          <ViolationClassification latest={current} />
        </MetricCard>
      </div>
    </>
  )
}
