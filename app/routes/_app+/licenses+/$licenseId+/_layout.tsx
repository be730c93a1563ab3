import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, Outlet, useLoaderData } from '@remix-run/react'
import { Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { BackLink } from '~/components/back-link.tsx'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { ConfirmDeleteDialog } from '~/components/confirm-delete-dialog.tsx'
import { LicenseBadges } from '~/components/licenses/license-flags.tsx'
import { licensePath } from '~/components/licenses/paths.ts'
import { titleMeta } from '~/components/placeholder.tsx'
import { RouteTabs } from '~/components/route-tabs.tsx'
import { Button } from '~/components/ui/button.tsx'
import { requireUser } from '~/utils/auth.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { meetsRequirement } from '~/utils/permissions.ts'
import { MANAGE_LICENSES } from '../__licenses.server.ts'
import { deleteLicenseAction, loadLicense } from './__license-page.server.ts'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, permissions } = await requireUser(request, context, 'VIEW_PORTFOLIO')
  const license = await loadLicense(api, params.licenseId ?? '')
  const canDelete = license.isCustomLicense && meetsRequirement(permissions, MANAGE_LICENSES)
  const t = await getFixedT(request, context)
  return json({
    license,
    canDelete,
    deleting: canDelete && new URL(request.url).searchParams.has('delete'),
    title: t('meta.title', {
      page: t('licenses.page.title', { name: license.name || license.licenseId }),
    }),
  })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, MANAGE_LICENSES)
  const formData = await request.formData()
  if (formData.get('intent') !== 'delete') throw new Response('Invalid intent', { status: 400 })
  const t = await getFixedT(request, context)
  return deleteLicenseAction(api, context, t, params.licenseId ?? '')
}

export const meta = titleMeta

/** One license (§14): its name and flags, the tabs Overview, License Text, Template, Source Header. */
export default function LicenseLayout() {
  const { license, canDelete, deleting } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const page = licensePath(license.licenseId)

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <BackLink to="/licenses">{t('licenses.page.back')}</BackLink>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-2">
          <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere]">
            {license.name}
          </h1>
          <p className="font-mono text-sm text-muted-foreground [overflow-wrap:anywhere]">
            {license.licenseId}
          </p>
          <LicenseBadges
            labels={[
              license.isOsiApproved && t('licenses.fields.osi'),
              license.isFsfLibre && t('licenses.fields.fsf'),
              license.isDeprecatedLicenseId && t('licenses.fields.deprecated'),
              license.isCustomLicense && t('licenses.fields.custom'),
            ]}
          />
        </div>
        {canDelete ? (
          <Button asChild variant="destructive">
            <Link to={`${page}?delete`} preventScrollReset>
              <Trash2 aria-hidden />
              {t('licenses.delete.open')}
            </Link>
          </Button>
        ) : null}
      </header>

      <RouteTabs
        label={t('licenses.tabs.label')}
        tabs={[
          { to: page, label: t('licenses.tabs.overview'), end: true },
          { to: `${page}/licenseText`, label: t('licenses.tabs.licenseText') },
          { to: `${page}/template`, label: t('licenses.tabs.template') },
          { to: `${page}/header`, label: t('licenses.tabs.header') },
        ]}
      />
      <Outlet />

      {deleting ? (
        <ConfirmDeleteDialog
          title={t('licenses.delete.title')}
          message={t('licenses.delete.message', { name: license.name, id: license.licenseId })}
          consequence={t('licenses.delete.conditions')}
          confirmLabel={t('licenses.delete.confirm')}
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
