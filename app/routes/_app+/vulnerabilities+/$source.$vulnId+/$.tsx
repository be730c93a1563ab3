import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'

/** Addresses under a vulnerability that are not one of its tabs. */
export function loader() {
  throw new Response('Not Found', { status: 404 })
}

export default function UnknownVulnerabilityTab() {
  return null
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
