import { useTranslation } from 'react-i18next'
import type { DependencyMetrics, ProjectMetrics } from '../../../common/metrics-shapes.ts'
import { MetricCard } from '~/components/dashboard/metric-card.tsx'
import {
  SeverityHistory,
  ViolationClassification,
  ViolationStateHistory,
} from './metric-charts.tsx'
import { LastMeasurement, RangeLinks, RefreshButton } from './metrics-controls.tsx'
import { SeverityCallouts } from './severity-callouts.tsx'

type Row = DependencyMetrics & Partial<Pick<ProjectMetrics, 'collectionLogicChanged'>>

export interface MetricsView<R extends Row = Row> {
  /** The rows of the chosen period, oldest first. */
  rows: readonly R[]
  /** The newest row, even when it is older than the period. */
  latest?: R
  days: number
  since: number
  canRefresh: boolean
}

/**
 * What a project's and a component's overview share (4.13 §7.3, §9): the period, the
 * vulnerabilities history with the latest counters and risk score, and policy violations by
 * state and by classification.
 */
export function MetricsPanel({
  title,
  idPrefix,
  view,
}: {
  title: string
  idPrefix: string
  view: MetricsView
}) {
  const { t } = useTranslation()
  const { rows, latest, days, since, canRefresh } = view
  return (
    <>
      <RangeLinks days={days} />
      <MetricCard
        title={title}
        subtitle={<LastMeasurement at={latest?.lastOccurrence} />}
        actions={canRefresh ? <RefreshButton /> : null}
        footer={<SeverityCallouts metrics={latest} idPrefix={idPrefix} />}
      >
        <SeverityHistory title={title} rows={rows} since={since} />
      </MetricCard>
      <div className="grid gap-6 xl:grid-cols-2">
        <MetricCard title={t('dashboard.cards.violationsByState')}>
          <ViolationStateHistory
            title={t('dashboard.cards.violationsByState')}
            rows={rows}
            since={since}
          />
        </MetricCard>
        <MetricCard title={t('dashboard.cards.violationsByType')}>
          <ViolationClassification latest={latest} />
        </MetricCard>
      </div>
    </>
  )
}
