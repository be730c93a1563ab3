import {
  json,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
} from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { FolderOpen } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { requestPortfolioRefresh } from '~/api/metrics.server.ts'
import { parseDashboardParams } from '~/components/dashboard/model.ts'
import {
  AtRiskCard,
  AuditingCard,
  ViolationsByStateCard,
  ViolationsByTypeCard,
  VulnerabilitiesCard,
} from '~/components/dashboard/portfolio-charts.tsx'
import { PortfolioStatistics } from '~/components/dashboard/portfolio-statistics.tsx'
import { PortfolioWidgetRow } from '~/components/dashboard/portfolio-widgets.tsx'
import { RangeForm } from '~/components/dashboard/range-form.tsx'
import { VulnerabilityDatabaseCard } from '~/components/dashboard/vulnerability-database.tsx'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { LastMeasurement, RefreshButton } from '~/components/metrics/metrics-controls.tsx'
import { titleMeta } from '~/components/placeholder.tsx'
import { FirstProjectPrompt } from '~/components/projects/first-project.tsx'
import { Button } from '~/components/ui/button.tsx'
import { requireUser } from '~/utils/auth.server.ts'
import { refreshAndReturn } from '~/utils/metrics-refresh.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { invalidateMetrics } from '~/utils/metrics-cache.server.ts'
import { loadDashboard, serverTiming } from './__dashboard.server.ts'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const started = performance.now()
  const session = await requireUser(request, context, 'VIEW_PORTFOLIO')
  const t = await getFixedT(request, context)
  const params = parseDashboardParams(new URL(request.url).searchParams)
  const dashboard = await loadDashboard(context, session, params)
  const heading = t('pages.dashboard')
  const { permissions } = session
  return json(
    {
      heading,
      title: t('meta.title', { page: heading }),
      params,
      ...dashboard,
      canCreate: permissions.includes('PORTFOLIO_MANAGEMENT'),
      canUpload: permissions.includes('BOM_UPLOAD'),
      canRefresh: permissions.includes('PORTFOLIO_MANAGEMENT'),
    },
    { headers: { 'Server-Timing': serverTiming(dashboard.cache, started) } },
  )
}

/** The refresh button: asks the API to recompute and forgets every cached figure. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, 'PORTFOLIO_MANAGEMENT')
  const t = await getFixedT(request, context)
  return refreshAndReturn(context, t, request, async () => {
    await requestPortfolioRefresh(api)
    invalidateMetrics(context)
  })
}

export const headers: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const merged = new Headers(parentHeaders)
  const timing = loaderHeaders.get('Server-Timing')
  if (timing) merged.set('Server-Timing', timing)
  return merged
}

export const meta = titleMeta

export default function DashboardRoute() {
  const data = useLoaderData<typeof loader>()
  if (data.portfolioEmpty) {
    return (
      <div className="flex flex-col gap-6">
        <h1 className="text-2xl font-semibold tracking-tight">{data.heading}</h1>
        <FirstProjectPrompt
          canCreate={data.canCreate}
          canUpload={data.canUpload}
          createTo="/projects?create"
        />
      </div>
    )
  }
  const measured = data.series.x.length > 0
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">{data.heading}</h1>
      <RangeForm key={JSON.stringify(data.params)} params={data.params} />
      {measured ? (
        <PortfolioWidgetRow series={data.series} days={data.params.days} />
      ) : (
        <NotMeasured />
      )}
      <VulnerabilitiesCard
        series={data.series}
        subtitle={<LastMeasurement at={data.lastMeasurement} />}
        actions={data.canRefresh ? <RefreshButton /> : null}
      />
      <div className="grid gap-6 xl:grid-cols-2">
        <ViolationsByStateCard series={data.series} />
        <ViolationsByTypeCard series={data.series} />
        <AuditingCard series={data.series} kind="findings" />
        <AuditingCard series={data.series} kind="violations" />
        <AtRiskCard series={data.series} kind="projects" />
        <AtRiskCard series={data.series} kind="components" />
      </div>
      <PortfolioStatistics series={data.series} />
      <VulnerabilityDatabaseCard histogram={data.histogram} />
    </div>
  )
}

/** Projects exist but nothing has been measured yet in this period and scope. */
function NotMeasured() {
  const { t } = useTranslation()
  return (
    <section
      aria-labelledby="dashboard-next"
      className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-8 text-center"
    >
      <h2 id="dashboard-next" className="text-lg font-semibold">
        {t('dashboard.notAnalysed.title')}
      </h2>
      <p className="max-w-prose text-sm text-muted-foreground">{t('dashboard.notAnalysed.hint')}</p>
      <Button asChild variant="outline">
        <Link to="/projects">
          <FolderOpen aria-hidden />
          {t('dashboard.openProjects')}
        </Link>
      </Button>
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
