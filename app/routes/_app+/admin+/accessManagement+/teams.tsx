import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { listTeams } from '~/api/access.server.ts'
import { ApiError } from '~/api/client.server.ts'
import { createTeam } from '~/api/teams.server.ts'
import { PageHeader } from '~/components/access/page-header.tsx'
import { teamPath } from '~/components/access/paths.ts'
import { TeamsTable } from '~/components/access/teams-table.tsx'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { redirectPastLastPage } from '~/components/list-kit/last-page.server.ts'
import { listHref, parseListParams } from '~/components/list-kit/url-state.ts'
import { CreateNamedLink, NamedList } from '~/components/named-list.tsx'
import { titleMeta } from '~/components/placeholder.tsx'
import { requireUser } from '~/utils/auth.server.ts'
import { failedSubmission } from '~/utils/form-refusal.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { redirectWithToast } from '~/utils/toast.server.ts'
import { TeamNameSchema } from './__team-forms.server.ts'
import { pageTeams, TeamListParamsSchema } from './__teams.server.ts'
import { ACCESS } from './__user-list.server.ts'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, ACCESS)
  const url = new URL(request.url)
  const params = parseListParams(TeamListParamsSchema, url.searchParams)
  const { rows, total } = pageTeams(await listTeams(api), params)
  redirectPastLastPage(url, rows.length, total, params)
  const t = await getFixedT(request, context)
  return json({
    rows,
    total,
    params,
    creating: url.searchParams.has('create'),
    constraint: getZodConstraint(TeamNameSchema),
    title: t('meta.title', { page: t('admin.pages.teams') }),
  })
}

/** Create Team: the new team's page next, to give it permissions, keys and members. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, ACCESS)
  const formData = await request.formData()
  if (formData.get('intent') !== 'create') throw new Response('Invalid intent', { status: 400 })
  const submission = parseWithZod(formData, { schema: TeamNameSchema })
  if (submission.status !== 'success') {
    return json({ result: submission.reply() }, { status: 400 })
  }
  const t = await getFixedT(request, context)
  try {
    const team = await createTeam(api, submission.value.name)
    return redirectWithToast(context, teamPath(team.uuid), {
      type: 'success',
      title: t('teamAdmin.create.created', { name: team.name }),
    })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return failedSubmission(context, t, submission, error, ['name'])
  }
}

export const meta = titleMeta

/** Teams (§19.7): who holds which permissions, through which API keys and members. */
export default function TeamsRoute() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const { params, total } = data
  const here = listHref(searchParams, {})
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PageHeader
        title={t('admin.pages.teams')}
        intro={t('teamAdmin.intro')}
        actions={<CreateNamedLink keys="teamAdmin" listHref={here} />}
      />
      <NamedList
        keys="teamAdmin"
        idPrefix="team"
        searchText={params.searchText}
        isEmpty={data.rows.length === 0}
        total={total}
        page={params.page}
        pageSize={params.pageSize}
        creating={data.creating}
        constraint={data.constraint}
        lastResult={actionData?.result}
        listHref={here}
      >
        <TeamsTable rows={data.rows} />
      </NamedList>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
