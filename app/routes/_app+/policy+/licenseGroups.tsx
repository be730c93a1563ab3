import { getZodConstraint } from '@conform-to/zod/v4'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { Plus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { redirectPastLastPage } from '~/components/list-kit/last-page.server.ts'
import { createLicenseGroup, listLicenseGroups } from '~/api/licenses.server.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { LicenseGroupTable } from '~/components/licenses/license-group-table.tsx'
import { licenseGroupPath } from '~/components/licenses/paths.ts'
import { EmptyList } from '~/components/list-kit/list-table.tsx'
import { CreateNameDialog } from '~/components/name-forms.tsx'
import { Pager } from '~/components/list-kit/pager.tsx'
import { ListToolbar } from '~/components/list-kit/toolbar.tsx'
import { listHref, parseListParams } from '~/components/list-kit/url-state.ts'
import { titleMeta } from '~/components/placeholder.tsx'
import { Button } from '~/components/ui/button.tsx'
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

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 className="text-xl font-semibold">{t('licenseGroups.title')}</h2>
          <p className="max-w-prose text-sm text-muted-foreground">{t('licenseGroups.intro')}</p>
        </div>
        <Button asChild>
          <Link to={`${listHref(searchParams, {})}&create`} preventScrollReset>
            <Plus aria-hidden />
            {t('licenseGroups.create.open')}
          </Link>
        </Button>
      </header>

      <ListToolbar
        idPrefix="license-group"
        searchLabel={t('licenseGroups.search')}
        searchValue={params.searchText}
        boxed
      />

      {data.groups.length === 0 ? (
        <EmptyList>
          {params.searchText ? t('licenseGroups.noMatch') : t('licenseGroups.empty')}
        </EmptyList>
      ) : (
        <LicenseGroupTable groups={data.groups} />
      )}

      <Pager
        total={total}
        page={params.page}
        pageSize={params.pageSize}
        label={t('licenseGroups.pagination')}
        showingKey="licenseGroups.showing"
        pageSizeParam="pageSize"
        idPrefix="license-groups"
      />

      {data.creating ? (
        <CreateNameDialog
          id="create-license-group"
          title={t('licenseGroups.create.title')}
          label={t('licenseGroups.fields.name')}
          submitLabel={t('licenseGroups.create.submit')}
          constraint={data.constraint}
          lastResult={actionData?.result}
          closeTo={listHref(searchParams, {})}
        />
      ) : null}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
