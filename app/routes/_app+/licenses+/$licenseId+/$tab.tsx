import { json, redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, useRouteLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { LicenseTextPanel } from '~/components/licenses/license-text.tsx'
import { licensePath } from '~/components/licenses/paths.ts'
import { isTextTab, TEXT_TABS } from '~/components/licenses/text-tabs.ts'
import { requireUser } from '~/utils/auth.server.ts'
import type { loader as layoutLoader } from './_layout.tsx'

/** License Text, Template and Source Header; 4.13's `/overview` is the page itself. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireUser(request, context, 'VIEW_PORTFOLIO')
  if (params.tab === 'overview') throw redirect(licensePath(params.licenseId ?? ''))
  if (!isTextTab(params.tab)) throw new Response('Not Found', { status: 404 })
  return json({ tab: params.tab, field: TEXT_TABS[params.tab] })
}

export default function LicenseTextTab() {
  const { tab, field } = useLoaderData<typeof loader>()
  const data = useRouteLoaderData<typeof layoutLoader>('routes/_app+/licenses+/$licenseId+/_layout')
  if (!data) return null
  return <LicenseTextPanel tab={tab} text={data.license[field]} />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
