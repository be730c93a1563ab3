import { ApiError } from '~/api/client.server.ts'

/** Passes an API download on to the browser, with the API's own type and file name. */
export async function proxyDownload(fetchUpstream: () => Promise<Response>, fallbackName: string) {
  let upstream: Response
  try {
    upstream = await fetchUpstream()
  } catch (error) {
    if (error instanceof ApiError) {
      throw new Response(error.response.statusText, { status: error.status })
    }
    throw error
  }
  const headers = new Headers({
    'Content-Type': upstream.headers.get('Content-Type') ?? 'application/json',
    'Content-Disposition':
      upstream.headers.get('Content-Disposition') ?? `attachment; filename="${fallbackName}"`,
    'Cache-Control': 'no-store',
  })
  return new Response(upstream.body, { status: 200, headers })
}
