import { type LoaderFunctionArgs } from '@remix-run/node'
import { downloadProjectBom, type BomVariant } from '~/api/components.server.ts'
import { ApiError } from '~/api/client.server.ts'
import { requireUser } from '~/utils/auth.server.ts'

const VARIANTS: readonly BomVariant[] = ['inventory', 'withVulnerabilities']

/** Streams the project's CycloneDX export with the API's own file name. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, 'VIEW_PORTFOLIO')
  const requested = new URL(request.url).searchParams.get('variant') ?? 'inventory'
  const variant = VARIANTS.find((known) => known === requested)
  if (!variant) throw new Response('Unknown BOM variant', { status: 400 })
  let upstream: Response
  try {
    upstream = await downloadProjectBom(api, params.uuid ?? '', variant)
  } catch (error) {
    if (error instanceof ApiError) {
      throw new Response(error.response.statusText, { status: error.status })
    }
    throw error
  }
  const headers = new Headers({
    'Content-Type': upstream.headers.get('Content-Type') ?? 'application/json',
    'Content-Disposition':
      upstream.headers.get('Content-Disposition') ?? 'attachment; filename="bom.json"',
    'Cache-Control': 'no-store',
  })
  return new Response(upstream.body, { status: 200, headers })
}
