import { getZodConstraint } from '@conform-to/zod/v4'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { BackLink } from '~/components/back-link.tsx'
import { findLicenseById, listLicenses } from '~/api/licenses.server.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { ConfirmDeleteDialog } from '~/components/confirm-delete-dialog.tsx'
import { GroupLicenses } from '~/components/licenses/group-licenses.tsx'
import { LicensePickerDialog } from '~/components/licenses/license-picker-dialog.tsx'
import { licenseGroupPath } from '~/components/licenses/paths.ts'
import { RenameCard } from '~/components/name-forms.tsx'
import { titleMeta } from '~/components/placeholder.tsx'
import { Button } from '~/components/ui/button.tsx'
import { requireUser } from '~/utils/auth.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { licenseGroupAction, loadLicenseGroup } from './__license-group-actions.server.ts'
import {
  LicenseGroupFormSchema,
  LicenseGroupPageParamsSchema,
  PICKER_PAGE_SIZE,
} from './__license-groups.server.ts'

const MANAGE = 'POLICY_MANAGEMENT'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, MANAGE)
  const group = await loadLicenseGroup(api, params.uuid ?? '')
  const url = new URL(request.url)
  const page = LicenseGroupPageParamsSchema.parse(Object.fromEntries(url.searchParams))
  const picker = page.pick
    ? {
        ...(await listLicenses(api, {
          searchText: page.pickSearch,
          pageNumber: page.pickPage,
          pageSize: PICKER_PAGE_SIZE,
          sortName: 'name',
          sortOrder: 'asc',
        })),
        exact: page.pickPage === 1 ? await findLicenseById(api, page.pickSearch) : undefined,
        search: page.pickSearch,
        page: page.pickPage,
        pageSize: PICKER_PAGE_SIZE,
      }
    : undefined
  const t = await getFixedT(request, context)
  return json({
    group,
    picker,
    deleting: url.searchParams.has('delete'),
    constraint: getZodConstraint(LicenseGroupFormSchema),
    title: t('meta.title', { page: t('licenseGroups.group.title', { name: group.name }) }),
  })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, MANAGE)
  const t = await getFixedT(request, context)
  return licenseGroupAction(api, context, t, {
    url: request.url,
    uuid: params.uuid ?? '',
    formData: await request.formData(),
  })
}

export const meta = titleMeta

/** One license group: rename it, see and change its licenses, delete it. */
export default function LicenseGroupRoute() {
  const { group, picker, deleting, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation()
  const page = licenseGroupPath(group.uuid)

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <BackLink to="/policy/licenseGroups">{t('licenseGroups.group.back')}</BackLink>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 className="text-xl font-semibold [overflow-wrap:anywhere]">{group.name}</h2>
          <p className="text-sm text-muted-foreground">
            {t('licenseGroups.group.summary', {
              riskWeight: group.riskWeight,
              number: group.licenses.length,
            })}
          </p>
        </div>
        <Button asChild variant="destructive">
          <Link to={`${page}?delete`} preventScrollReset>
            <Trash2 aria-hidden />
            {t('licenseGroups.delete.open')}
          </Link>
        </Button>
      </header>

      <RenameCard
        id="rename-license-group"
        title={t('licenseGroups.group.nameTitle')}
        label={t('licenseGroups.fields.name')}
        submitLabel={t('licenseGroups.group.rename')}
        name={group.name}
        constraint={constraint}
        lastResult={actionData && 'result' in actionData ? actionData.result : undefined}
      />
      <GroupLicenses group={group} addTo={`${page}?pick=1`} />

      {picker ? (
        <LicensePickerDialog
          group={group}
          licenses={picker.licenses}
          exact={picker.exact}
          total={picker.total}
          search={picker.search}
          page={picker.page}
          pageSize={picker.pageSize}
          closeTo={page}
        />
      ) : null}
      {deleting ? (
        <ConfirmDeleteDialog
          title={t('licenseGroups.delete.title')}
          message={t('licenseGroups.delete.message', { name: group.name })}
          consequence={t('licenseGroups.delete.conditions')}
          confirmLabel={t('licenseGroups.delete.confirm')}
          closeTo={page}
          action={page}
        />
      ) : null}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
