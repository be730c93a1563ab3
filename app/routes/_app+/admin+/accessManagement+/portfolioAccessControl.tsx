import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AclSwitch } from '~/components/acl/acl-switch.tsx'
import { ProjectPickerDialog } from '~/components/acl/project-picker-dialog.tsx'
import { TeamAccessTable } from '~/components/acl/team-access-table.tsx'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { EmptyList } from '~/components/list-kit/list-table.tsx'
import { Pager } from '~/components/list-kit/pager.tsx'
import { ListToolbar } from '~/components/list-kit/toolbar.tsx'
import { titleMeta } from '~/components/placeholder.tsx'
import { SourcePage } from '~/components/vulnerability-sources/source-page.tsx'
import { requireUser } from '~/utils/auth.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import {
  loadPortfolioAccess,
  portfolioAccessAction,
  PROJECTS_PAGE_SIZE,
} from './__portfolio-access.server.ts'

const ACCESS = 'ACCESS_MANAGEMENT'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, ACCESS)
  const t = await getFixedT(request, context)
  const data = await loadPortfolioAccess(user, new URL(request.url))
  return json({
    ...data,
    projectPageSize: PROJECTS_PAGE_SIZE,
    title: t('meta.title', { page: t('admin.pages.portfolioAccessControl') }),
  })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context, ACCESS)
  const t = await getFixedT(request, context)
  return portfolioAccessAction(user, context, request, t)
}

export const meta = titleMeta

/** Portfolio Access Control (dt-screens §19.7, dt-api-admin §10.9). */
export default function PortfolioAccessControlRoute() {
  const data = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const { params } = data
  return (
    <SourcePage
      title={t('admin.pages.portfolioAccessControl')}
      intro={t('accessControl.portfolio.intro')}
      section="admin.sections.accessManagement"
    >
      <AclSwitch enabled={data.enabled} canConfigure={data.canConfigure} />
      <section aria-labelledby="acl-teams-heading" className="flex flex-col gap-4">
        <h2 id="acl-teams-heading" className="text-lg font-semibold">
          {t('accessControl.portfolio.teamsHeading')}
        </h2>
        <ListToolbar
          idPrefix="acl-teams"
          searchLabel={t('accessControl.portfolio.searchTeams')}
          searchValue={params.searchText}
          owns={['team', 'projectPage', 'picker', 'pickSearch', 'pickInactive', 'pickPage']}
          boxed
        />
        {data.teams.length === 0 ? (
          <EmptyList>
            {params.searchText
              ? t('accessControl.portfolio.noTeamMatch')
              : t('accessControl.portfolio.noTeams')}
          </EmptyList>
        ) : (
          <TeamAccessTable
            teams={data.teams}
            open={data.open}
            projectPage={params.projectPage}
            pageSize={data.projectPageSize}
            canPick={data.canPick}
          />
        )}
        <Pager
          total={data.total}
          page={params.page}
          pageSize={params.pageSize}
          label={t('accessControl.portfolio.teamPages')}
          showingKey="accessControl.portfolio.showingTeams"
          pageSizeParam="pageSize"
          idPrefix="acl-teams"
          dropParams={['picker']}
        />
      </section>
      {data.open && data.picker ? (
        <ProjectPickerDialog
          team={data.open}
          results={data.picker}
          search={params.pickSearch}
          showInactive={params.pickInactive}
          page={params.pickPage}
          pageSize={data.projectPageSize}
        />
      ) : null}
    </SourcePage>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
