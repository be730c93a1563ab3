import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { countOf } from '~/api/paging.server.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { RouteTabs } from '~/components/route-tabs.tsx'
import { requireUser } from '~/utils/auth.server.ts'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, 'POLICY_MANAGEMENT')
  const [policies, licenseGroups] = await Promise.all([
    countOf(api, '/v1/policy'),
    countOf(api, '/v1/licenseGroup'),
  ])
  return json({ policies, licenseGroups })
}

/** Policy Management (§16): Policies and License Groups, each its own address. */
export default function PolicyLayout() {
  const { t } = useTranslation()
  const totals = useLoaderData<typeof loader>()
  const onLicenseGroups = useLocation().pathname.startsWith('/policy/licenseGroups')
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <h1 className="text-2xl font-semibold tracking-tight">{t('pages.policy')}</h1>
      <RouteTabs
        label={t('policy.tabsLabel')}
        tabs={[
          {
            to: '/policy',
            label: t('policy.tabs.policies'),
            badge: totals.policies,
            // A policy's editor (/policy/{uuid}) belongs to this tab; the groups have their own.
            active: !onLicenseGroups,
          },
          {
            to: '/policy/licenseGroups',
            label: t('policy.tabs.licenseGroups'),
            badge: totals.licenseGroups,
          },
        ]}
      />
      <Outlet />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
