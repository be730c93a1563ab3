import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { requireUser } from '~/utils/auth.server.ts'

/** The 4.13 tab address /overview opens the component page; others are 404. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireUser(request, context, 'VIEW_PORTFOLIO')
  if (params['*'] === 'overview') {
    return redirect(`/components/${encodeURIComponent(params.uuid ?? '')}`)
  }
  throw new Response('Not Found', { status: 404 })
}

export default function LegacyComponentTab() {
  return null
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
