import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { PlaceholderPage } from '~/components/placeholder.tsx'
import { requireUser } from '~/utils/auth.server.ts'
import { PROJECT_TABS } from '~/utils/project-tabs.ts'

/** Tab addresses of 4.13 (and the deeper lookups under them) that later releases fill in. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireUser(request, context, 'VIEW_PORTFOLIO')
  const tabPath = (params['*'] ?? '').split('/')[0] ?? ''
  const tab = PROJECT_TABS.find((candidate) => candidate.path === tabPath && candidate.path !== '')
  if (!tab) throw new Response('Not Found', { status: 404 })
  return json({ labelKey: tab.labelKey })
}

export default function ProjectTabPlaceholder() {
  const { labelKey } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  return <PlaceholderPage title={t(labelKey)} level={2} />
}
