import { useRouteLoaderData } from '@remix-run/react'
import { LicenseOverview } from '~/components/licenses/license-overview.tsx'
import type { loader as layoutLoader } from './_layout.tsx'

/** The Overview tab: the license's facts, comments and where to read more. */
export default function LicenseOverviewTab() {
  const data = useRouteLoaderData<typeof layoutLoader>('routes/_app+/licenses+/$licenseId+/_layout')
  if (!data) return null
  return <LicenseOverview license={data.license} />
}
