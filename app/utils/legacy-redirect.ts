import { redirect } from '@remix-run/node'

/** Maps a v3-console address (query parameters) onto the path the current console uses. */
export function legacyRedirect(
  request: Request,
  names: string[],
  toPath: (values: string[]) => string,
) {
  const params = new URL(request.url).searchParams
  const values = names.map((name) => params.get(name))
  if (values.some((value) => !value)) throw new Response('Not Found', { status: 404 })
  return redirect(toPath(values.map((value) => encodeURIComponent(value!))))
}
