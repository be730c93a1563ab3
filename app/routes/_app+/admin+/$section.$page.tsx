import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { PlaceholderPage, titleMeta } from '~/components/placeholder.tsx'
import { requireUser } from '~/utils/auth.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { findAdminPage } from '~/utils/navigation.ts'

/** Administration pages a later release builds; each gets a route file of its own then. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const found = findAdminPage(params.section ?? '', params.page ?? '')
  if (!found) throw new Response('Not Found', { status: 404 })
  await requireUser(request, context, found.section.requires)
  const t = await getFixedT(request, context)
  const heading = found.page.labelKey ? t(found.page.labelKey) : (found.page.name ?? '')
  return json({
    heading,
    section: t(found.section.labelKey),
    title: t('meta.title', { page: heading }),
  })
}

export const meta = titleMeta

export default function AdminPlaceholderRoute() {
  const { heading, section } = useLoaderData<typeof loader>()
  return <PlaceholderPage title={heading} subtitle={section} />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
