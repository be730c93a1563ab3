import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { listAffectedProjects } from '~/api/vulnerabilities.server.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { EmptyList } from '~/components/list-kit/list-table.tsx'
import { Pager } from '~/components/list-kit/pager.tsx'
import { FilterSwitch, ListToolbar } from '~/components/list-kit/toolbar.tsx'
import { parseListParams } from '~/components/list-kit/url-state.ts'
import { AffectedProjectsTable } from '~/components/vulnerabilities/affected-projects-table.tsx'
import { requireUser } from '~/utils/auth.server.ts'
import { AffectedProjectsParamsSchema, pageOfProjects } from './__affected-projects.server.ts'
import { loadVulnerability } from './__vulnerability-page.server.ts'

/**
 * The Affected Projects tab (VIEW_VULNERABILITY): projects with an unsuppressed finding of
 * this vulnerability. The API answers them all at once; the console searches, sorts and pages.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, 'VIEW_VULNERABILITY')
  const vulnerability = await loadVulnerability(api, params.source ?? '', params.vulnId ?? '')
  const query = parseListParams(AffectedProjectsParamsSchema, new URL(request.url).searchParams)
  const projects = await listAffectedProjects(
    api,
    vulnerability.source,
    vulnerability.vulnId,
    !query.showInactive,
  )
  return json({ vulnId: vulnerability.vulnId, query, ...pageOfProjects(projects, query) })
}

export default function AffectedProjectsTab() {
  const { vulnId, query, projects, total } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  return (
    <section aria-labelledby="affected-projects" className="flex min-w-0 flex-col gap-4">
      <h2 id="affected-projects" className="sr-only">
        {t('vulnerabilities.tabs.affectedProjects')}
      </h2>
      <ListToolbar
        idPrefix="affected-projects"
        searchLabel={t('vulnerabilities.affectedProjects.search')}
        searchValue={query.searchText}
        owns={['showInactive']}
        boxed
      >
        <FilterSwitch
          name="showInactive"
          label={t('vulnerabilities.affectedProjects.showInactive')}
          checked={query.showInactive}
        />
      </ListToolbar>
      {projects.length === 0 ? (
        <EmptyList>
          {query.searchText
            ? t('vulnerabilities.affectedProjects.noMatch')
            : t('vulnerabilities.affectedProjects.none')}
        </EmptyList>
      ) : (
        <AffectedProjectsTable projects={projects} vulnId={vulnId} />
      )}
      <Pager
        total={total}
        page={query.page}
        pageSize={query.pageSize}
        label={t('vulnerabilities.affectedProjects.pagination')}
        showingKey="vulnerabilities.affectedProjects.showing"
        pageSizeParam="pageSize"
        idPrefix="affected-projects"
      />
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
