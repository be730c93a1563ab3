import { type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { PlaceholderPage, titleMeta } from '~/components/placeholder.tsx'
import { placeholderLoader } from '~/utils/placeholder.server.ts'

export const loader = (args: LoaderFunctionArgs) =>
  placeholderLoader(args, 'POLICY_MANAGEMENT', 'pages.policy')

export const meta = titleMeta

export default function PolicyPlaceholderRoute() {
  const { heading } = useLoaderData<typeof loader>()
  return <PlaceholderPage title={heading} />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
