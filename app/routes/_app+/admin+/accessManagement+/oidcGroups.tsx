import { getZodConstraint } from '@conform-to/zod/v4'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { listOidcGroups, listTeams } from '~/api/access.server.ts'
import { createOidcGroup } from '~/api/oidc-groups.server.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { redirectPastLastPage } from '~/components/list-kit/last-page.server.ts'
import { listHref, parseListParams } from '~/components/list-kit/url-state.ts'
import { CreateNamedLink, NamedList } from '~/components/named-list.tsx'
import { OidcGroupTable } from '~/components/oidc-groups/group-table.tsx'
import { oidcGroupPath } from '~/components/access/paths.ts'
import { titleMeta } from '~/components/placeholder.tsx'
import { requireUser } from '~/utils/auth.server.ts'
import { createNamedFromForm } from '~/utils/create-named.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import {
  OidcGroupFormSchema,
  OidcGroupListParamsSchema,
  pageOfGroups,
  withMappedTeams,
} from './__oidc-groups.server.ts'

const MANAGE = 'ACCESS_MANAGEMENT'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, MANAGE)
  const url = new URL(request.url)
  const params = parseListParams(OidcGroupListParamsSchema, url.searchParams)
  const [groups, teams] = await Promise.all([listOidcGroups(api), listTeams(api)])
  const page = pageOfGroups(withMappedTeams(groups, teams), params)
  redirectPastLastPage(url, page.rows.length, page.total, params)
  const t = await getFixedT(request, context)
  return json({
    ...page,
    params,
    creating: url.searchParams.has('create'),
    constraint: getZodConstraint(OidcGroupFormSchema),
    title: t('meta.title', { page: t('oidcGroups.title') }),
  })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, MANAGE)
  const formData = await request.formData()
  const t = await getFixedT(request, context)
  return createNamedFromForm(
    { context, t, formData },
    OidcGroupFormSchema,
    (name) => createOidcGroup(api, name),
    {
      pathOf: oidcGroupPath,
      createdKey: 'oidcGroups.create.created',
      existsKey: 'oidcGroups.exists',
    },
  )
}

export const meta = titleMeta

/** Access Management → OpenID Connect Groups (dt-screens §19.7): groups and their teams. */
export default function OidcGroupsRoute() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const { params, total } = data
  const here = listHref(searchParams, {})

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col gap-1">
          <p className="text-sm text-muted-foreground">{t('admin.sections.accessManagement')}</p>
          <h1 className="text-2xl font-semibold tracking-tight">{t('oidcGroups.title')}</h1>
          <p className="max-w-prose text-sm text-muted-foreground">{t('oidcGroups.intro')}</p>
        </div>
        <CreateNamedLink keys="oidcGroups" listHref={here} />
      </header>

      <NamedList
        keys="oidcGroups"
        idPrefix="oidc-group"
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
        <OidcGroupTable groups={data.rows} pathOf={oidcGroupPath} />
      </NamedList>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
