import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { FolderOpen } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { hasAnyProject } from '~/api/projects.server.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { titleMeta } from '~/components/placeholder.tsx'
import { FirstProjectPrompt } from '~/components/projects/first-project.tsx'
import { Button } from '~/components/ui/button.tsx'
import { requireUser } from '~/utils/auth.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, permissions } = await requireUser(request, context, 'VIEW_PORTFOLIO')
  const t = await getFixedT(request, context)
  const heading = t('pages.dashboard')
  return json({
    heading,
    title: t('meta.title', { page: heading }),
    portfolioEmpty: !(await hasAnyProject(api)),
    canCreate: permissions.includes('PORTFOLIO_MANAGEMENT'),
    canUpload: permissions.includes('BOM_UPLOAD'),
  })
}

export const meta = titleMeta

/**
 * Portfolio metrics arrive with analysis; until then the dashboard offers the next step: the
 * first project of an empty portfolio, or the project list.
 */
export default function DashboardRoute() {
  const data = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">{data.heading}</h1>
      {data.portfolioEmpty ? (
        <FirstProjectPrompt
          canCreate={data.canCreate}
          canUpload={data.canUpload}
          createTo="/projects?create"
        />
      ) : (
        <section
          aria-labelledby="dashboard-next"
          className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-8 text-center"
        >
          <h2 id="dashboard-next" className="text-lg font-semibold">
            {t('dashboard.notAnalysed.title')}
          </h2>
          <p className="max-w-prose text-sm text-muted-foreground">
            {t('dashboard.notAnalysed.hint')}
          </p>
          <Button asChild variant="outline">
            <Link to="/projects">
              <FolderOpen aria-hidden />
              {t('dashboard.openProjects')}
            </Link>
          </Button>
        </section>
      )}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
