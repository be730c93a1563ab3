import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, useRouteLoaderData } from '@remix-run/react'
import { Layers } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { ProjectMetrics } from '../../../../../common/metrics-shapes.ts'
import { ApiError } from '~/api/client.server.ts'
import { projectMetricsHistory, refreshMetrics } from '~/api/project-metrics.server.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { FactsSection, type Fact } from '~/components/facts-section.tsx'
import { Identifier } from '~/components/identifier.tsx'
import { MetricCard } from '~/components/dashboard/metric-card.tsx'
import { parseDashboardParams } from '~/components/dashboard/model.ts'
import { AuditingHistory, ComponentHistory } from '~/components/metrics/metric-charts.tsx'
import { REFRESH_INTENT } from '~/components/metrics/metrics-controls.tsx'
import { MetricsPanel } from '~/components/metrics/metrics-panel.tsx'
import { requireUser } from '~/utils/auth.server.ts'
import { formatDate } from '~/utils/date.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { refreshAndReturn } from '~/utils/metrics-refresh.server.ts'
import type { loader as projectLoader } from './_layout.tsx'

const DAY = 86_400_000

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, 'VIEW_PORTFOLIO')
  const { days } = parseDashboardParams(new URL(request.url).searchParams)
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
  return refreshAndReturn(context, t, request, () =>
    refreshMetrics(api, 'project', params.uuid ?? ''),
  )
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
      {isCollection ? (
        <p className="flex items-start gap-2 rounded-md border border-primary/40 bg-muted p-3 text-sm">
          <Layers aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
          <span className="flex flex-col gap-1">
            <span className="font-medium">
              {t(`projects.collectionLogicHint.${project.collectionLogic}`, {
                tag: project.collectionTag?.name ?? '',
              })}
            </span>
            <span>{t('projectMetrics.collection.note')}</span>
          </span>
        </p>
      ) : null}
      <MetricsPanel
        title={t('projectMetrics.projectVulnerabilities')}
        idPrefix="overview"
        view={{ rows, latest, days, since, canRefresh: canManage }}
      />
      <div className="grid gap-6 xl:grid-cols-2">
        <MetricCard title={t('dashboard.cards.components')}>
          <ComponentHistory title={t('dashboard.cards.components')} rows={rows} since={since} />
        </MetricCard>
        <MetricCard title={t('dashboard.cards.auditFindings')}>
          <AuditingHistory title={t('dashboard.cards.auditFindings')} rows={rows} since={since} />
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
