import { type MetaFunction } from '@remix-run/node'
import { NotFound } from '~/components/error-boundary.tsx'

export async function loader() {
  throw new Response('Not Found', { status: 404 })
}

export const meta: MetaFunction = () => [{ title: '404 · Lookout' }]

export default function NotFoundRoute() {
  return <NotFound />
}

export function ErrorBoundary() {
  return <NotFound />
}
