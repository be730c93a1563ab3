import { redirect, type LoaderFunctionArgs } from '@remix-run/node'

/** The version switcher's address without JavaScript: /projects/version?uuid=… */
export function loader({ request }: LoaderFunctionArgs) {
  const uuid = new URL(request.url).searchParams.get('uuid') ?? ''
  if (!/^[0-9a-f-]{36}$/i.test(uuid)) throw new Response('Not Found', { status: 404 })
  return redirect(`/projects/${uuid.toLowerCase()}`)
}
