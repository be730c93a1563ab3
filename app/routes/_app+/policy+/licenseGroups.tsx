import { getZodConstraint } from '@conform-to/zod/v4'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { redirectPastLastPage } from '~/components/list-kit/last-page.server.ts'
import { createLicenseGroup, listLicenseGroups } from '~/api/licenses.server.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { LicenseGroupTable } from '~/components/licenses/license-group-table.tsx'
import { licenseGroupPath } from '~/components/licenses/paths.ts'
import { CreateNamedLink, NamedList } from '~/components/named-list.tsx'
import { listHref, parseListParams } from '~/components/list-kit/url-state.ts'
import { titleMeta } from '~/components/placeholder.tsx'
import { requireUser } from '~/utils/auth.server.ts'
import { createNamedFromForm } from '~/utils/create-named.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { LicenseGroupFormSchema, LicenseGroupListParamsSchema } from './__license-groups.server.ts'

const MANAGE = 'POLICY_MANAGEMENT'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, MANAGE)
  const url = new URL(request.url)
  const params = parseListParams(LicenseGroupListParamsSchema, url.searchParams)
  const { groups, total } = await listLicenseGroups(api, {
    searchText: params.searchText,
    pageNumber: params.page,
    pageSize: params.pageSize,
    sortName: params.sortName,
    sortOrder: params.sortOrder,
  })
  redirectPastLastPage(url, groups.length, total, params)
  const t = await getFixedT(request, context)
  return json({
    groups,
    total,
    params,
    creating: url.searchParams.has('create'),
    constraint: getZodConstraint(LicenseGroupFormSchema),
    title: t('meta.title', { page: t('licenseGroups.title') }),
  })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, MANAGE)
  const formData = await request.formData()
  const t = await getFixedT(request, context)
  return createNamedFromForm(
    { context, t, formData },
    LicenseGroupFormSchema,
    (name) => createLicenseGroup(api, name),
    {
      pathOf: licenseGroupPath,
      createdKey: 'licenseGroups.create.created',
      existsKey: 'licenseGroups.exists',
    },
  )
}

export const meta = titleMeta

/** The License Groups tab (§16.3): the groups by name with their licenses and risk weight. */
export default function LicenseGroupsRoute() {
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
          <h2 className="text-xl font-semibold">{t('licenseGroups.title')}</h2>
          <p className="max-w-prose text-sm text-muted-foreground">{t('licenseGroups.intro')}</p>
        </div>
        <CreateNamedLink keys="licenseGroups" listHref={here} />
      </header>

      <NamedList
        keys="licenseGroups"
        idPrefix="license-group"
        searchText={params.searchText}
        isEmpty={data.groups.length === 0}
        total={total}
        page={params.page}
        pageSize={params.pageSize}
        creating={data.creating}
        constraint={data.constraint}
        lastResult={actionData?.result}
        listHref={here}
      >
        <LicenseGroupTable groups={data.groups} />
      </NamedList>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
