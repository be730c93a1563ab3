import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { Plus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ListPageWidgets } from '~/components/dashboard/portfolio-widgets.tsx'
import { loadPortfolioWidgets } from '~/components/dashboard/widgets.server.ts'
import { redirectPastLastPage } from '~/components/list-kit/last-page.server.ts'
import { ApiError } from '~/api/client.server.ts'
import { createLicense, findLicenseById, listLicenses } from '~/api/licenses.server.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { AddLicenseDialog } from '~/components/licenses/add-license-dialog.tsx'
import { ExactMatch } from '~/components/licenses/exact-match.tsx'
import { LicenseTable } from '~/components/licenses/license-table.tsx'
import { licensePath } from '~/components/licenses/paths.ts'
import { EmptyList } from '~/components/list-kit/list-table.tsx'
import { Pager } from '~/components/list-kit/pager.tsx'
import { ListToolbar } from '~/components/list-kit/toolbar.tsx'
import { listHref, parseListParams } from '~/components/list-kit/url-state.ts'
import { titleMeta } from '~/components/placeholder.tsx'
import { Button } from '~/components/ui/button.tsx'
import { requireUser } from '~/utils/auth.server.ts'
import { failedSubmission } from '~/utils/form-refusal.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { meetsRequirement } from '~/utils/permissions.ts'
import { redirectWithToast } from '~/utils/toast.server.ts'
import {
  LicenseFormSchema,
  LicenseListParamsSchema,
  licenseInputFrom,
  MANAGE_LICENSES,
} from './__licenses.server.ts'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context, 'VIEW_PORTFOLIO')
  const { api, permissions } = session
  // Started first, awaited last: the widgets' figures load beside the list.
  const widgets = loadPortfolioWidgets(context, session)
  const url = new URL(request.url)
  const params = parseListParams(LicenseListParamsSchema, url.searchParams)
  const [{ licenses, total }, exact] = await Promise.all([
    listLicenses(api, {
      searchText: params.searchText,
      pageNumber: params.page,
      pageSize: params.pageSize,
      sortName: params.sortName,
      sortOrder: params.sortOrder,
    }),
    params.page === 1 ? findLicenseById(api, params.searchText) : undefined,
  ])
  redirectPastLastPage(url, licenses.length, total, params)
  const canCreate = meetsRequirement(permissions, MANAGE_LICENSES)
  const t = await getFixedT(request, context)
  return json({
    widgets: await widgets,
    licenses,
    total,
    exact,
    params,
    canCreate,
    creating: canCreate && url.searchParams.has('create'),
    constraint: getZodConstraint(LicenseFormSchema),
    title: t('meta.title', { page: t('pages.licenses') }),
  })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, MANAGE_LICENSES)
  const formData = await request.formData()
  if (formData.get('intent') !== 'create') throw new Response('Invalid intent', { status: 400 })
  const submission = parseWithZod(formData, { schema: LicenseFormSchema })
  if (submission.status !== 'success') {
    return json({ result: submission.reply() }, { status: 400 })
  }
  const t = await getFixedT(request, context)
  try {
    const license = await createLicense(api, licenseInputFrom(submission.value))
    return redirectWithToast(context, licensePath(license.licenseId), {
      type: 'success',
      title: t('licenses.create.created', { name: license.name }),
    })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (error.status === 409) {
      return json(
        { result: submission.reply({ fieldErrors: { licenseId: ['licenses.create.exists'] } }) },
        { status: 409 },
      )
    }
    return failedSubmission(context, t, submission, error, Object.keys(LicenseFormSchema.shape))
  }
}

export const meta = titleMeta

/** The license catalogue (§13): SPDX licenses and exceptions plus custom ones. */
export default function LicensesRoute() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const { params, total } = data

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('pages.licenses')}</h1>
          <p className="text-sm text-muted-foreground">{t('licenses.list.intro')}</p>
        </div>
        {data.canCreate ? (
          <Button asChild>
            <Link to={`${listHref(searchParams, {})}&create`} preventScrollReset>
              <Plus aria-hidden />
              {t('licenses.create.open')}
            </Link>
          </Button>
        ) : null}
      </header>

      <ListPageWidgets widgets={data.widgets} />

      <ListToolbar
        idPrefix="license"
        searchLabel={t('licenses.list.search')}
        searchValue={params.searchText}
        boxed
      />

      {data.exact ? <ExactMatch license={data.exact} /> : null}
      {data.licenses.length === 0 ? (
        <EmptyList>
          {params.searchText ? t('licenses.list.noMatch') : t('licenses.list.empty')}
        </EmptyList>
      ) : (
        <LicenseTable licenses={data.licenses} />
      )}

      <Pager
        total={total}
        page={params.page}
        pageSize={params.pageSize}
        label={t('licenses.list.pagination')}
        showingKey="licenses.list.showing"
        pageSizeParam="pageSize"
        idPrefix="licenses"
      />

      {data.creating ? (
        <AddLicenseDialog
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
