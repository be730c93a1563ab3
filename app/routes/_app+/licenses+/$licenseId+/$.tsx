import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'

/** Addresses under a license that are not one of its tabs. */
export function loader() {
  throw new Response('Not Found', { status: 404 })
}

export default function UnknownLicenseTab() {
  return null
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
