import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, useRouteLoaderData } from '@remix-run/react'
import { Layers } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { ProjectMetrics } from '../../../../../common/metrics-shapes.ts'
import { ApiError } from '~/api/client.server.ts'
import { projectMetricsHistory } from '~/api/project-metrics.server.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { FactsSection, type Fact } from '~/components/facts-section.tsx'
import { Identifier } from '~/components/identifier.tsx'
import { parseRange } from '~/components/metrics/history.ts'
import {
  AuditingHistory,
  ComponentHistory,
  MetricCard,
  SeverityHistory,
  ViolationClassification,
  ViolationStateHistory,
} from '~/components/metrics/metric-charts.tsx'
import {
  MeasurementLine,
  RangeLinks,
  REFRESH_INTENT,
} from '~/components/metrics/metrics-controls.tsx'
import { SeverityCallouts } from '~/components/metrics/severity-callouts.tsx'
import { requireUser } from '~/utils/auth.server.ts'
import { formatDate } from '~/utils/date.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { refreshAndReturn } from '~/utils/metrics-refresh.server.ts'
import type { loader as projectLoader } from './_layout.tsx'

const DAY = 86_400_000

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, 'VIEW_PORTFOLIO')
  const days = parseRange(new URL(request.url).searchParams.get('days'))
  let rows: ProjectMetrics[] = []
  try {
    rows = await projectMetricsHistory(api, params.uuid ?? '', days)
  } catch (error) {
    // The layout has already answered for a missing or forbidden project.
    if (!(error instanceof ApiError && [403, 404].includes(error.status))) throw error
  }
  return json({ rows, days, since: Date.now() - days * DAY })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, 'PORTFOLIO_MANAGEMENT')
  const formData = await request.formData()
  if (formData.get('intent') !== REFRESH_INTENT) {
    throw new Response('Invalid intent', { status: 400 })
  }
  const t = await getFixedT(request, context)
  return refreshAndReturn(api, context, t, 'project', params.uuid ?? '', request)
}

/** The overview tab (4.13 §7.3): the metrics history, the latest counters and the facts. */
export default function ProjectOverview() {
  const data = useRouteLoaderData<typeof projectLoader>('routes/_app+/projects+/$uuid+/_layout')
  const { rows, days, since } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  if (!data) return null
  const { project, canManage } = data
  const isCollection = Boolean(project.collectionLogic && project.collectionLogic !== 'NONE')
  // The embedded row is the latest even when it is older than the range.
  const latest = (rows[rows.length - 1] ?? project.metrics) as ProjectMetrics | undefined

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <RangeLinks days={days} />
        <MeasurementLine lastMeasurement={latest?.lastOccurrence} canRefresh={canManage} />
      </div>
      {isCollection ? (
        <p className="flex items-start gap-2 rounded-md border border-primary/40 bg-muted p-3 text-sm">
          <Layers aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>
            {t(`projects.collectionLogicHint.${project.collectionLogic}`, {
              tag: project.collectionTag?.name ?? '',
            })}
            . {t('projectMetrics.collection.note')}
          </span>
        </p>
      ) : null}
      <MetricCard id="project-vulnerabilities" title={t('projectMetrics.projectVulnerabilities')}>
        <SeverityHistory rows={rows} since={since} />
        <SeverityCallouts metrics={latest} idPrefix="overview" />
      </MetricCard>
      <div className="grid gap-6 xl:grid-cols-2">
        <MetricCard id="violations-by-state" title={t('projectMetrics.charts.violationsByState')}>
          <ViolationStateHistory rows={rows} since={since} />
        </MetricCard>
        <MetricCard id="violations-by-class" title={t('projectMetrics.classification.title')}>
          <ViolationClassification latest={latest} />
        </MetricCard>
        <MetricCard id="components-history" title={t('projectMetrics.charts.components')}>
          <ComponentHistory rows={rows} since={since} />
        </MetricCard>
        <MetricCard id="auditing-history" title={t('projectMetrics.charts.auditing')}>
          <AuditingHistory rows={rows} since={since} />
        </MetricCard>
      </div>
      <ProjectFacts project={project} isCollection={isCollection} />
    </div>
  )
}

type LayoutProject = NonNullable<ReturnType<typeof useLoaderData<typeof projectLoader>>>['project']

function ProjectFacts({
  project,
  isCollection,
}: {
  project: LayoutProject
  isCollection: boolean
}) {
  const { t, i18n } = useTranslation()
  const when = (value: number | undefined) =>
    value ? formatDate(value, i18n.language, { withTime: true }) : t('project.never')
  const facts: Fact[] = [
    [
      t('project.facts.classifier'),
      project.classifier ? t(`classifier.${project.classifier}`) : null,
    ],
    // A collection has no BOM and no analysis of its own (4.13 hides both).
    [t('project.facts.lastBomImport'), isCollection ? null : when(project.lastBomImport)],
    [t('project.facts.bomFormat'), project.lastBomImportFormat],
    [
      t('project.facts.lastVulnerabilityAnalysis'),
      isCollection ? null : when(project.lastVulnerabilityAnalysis),
    ],
    [
      t('project.facts.parent'),
      project.parent ? (
        <Link to={`/projects/${project.parent.uuid}`} className="text-primary hover:underline">
          {project.parent.version
            ? `${project.parent.name} ${project.parent.version}`
            : project.parent.name}
        </Link>
      ) : null,
    ],
    [t('project.facts.group'), project.group],
    [t('project.facts.purl'), project.purl],
    [t('project.facts.cpe'), project.cpe],
    [t('project.facts.swidTagId'), project.swidTagId],
    [t('project.facts.uuid'), <Identifier key="uuid" value={project.uuid} />],
  ]
  return <FactsSection id="project-facts" title={t('project.facts.title')} facts={facts} />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
