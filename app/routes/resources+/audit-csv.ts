import { type LoaderFunctionArgs } from '@remix-run/node'
import { downloadFindingsCsv } from '~/api/audit.server.ts'
import { ApiError } from '~/api/client.server.ts'
import { parseAuditParams } from '~/components/findings/audit-params.ts'
import { requireUser } from '~/utils/auth.server.ts'

/**
 * The audit view as the reader filtered and sorted it, as CSV: the same address parameters as
 * the page (`view=grouped` for the grouped one), streamed from the API's CSV variant.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, 'VIEW_VULNERABILITY')
  const search = new URL(request.url).searchParams
  const params = parseAuditParams(
    search.get('view') === 'grouped' ? 'grouped' : 'occurrences',
    search,
  )
  let upstream: Response
  try {
    upstream = await downloadFindingsCsv(api, params)
  } catch (error) {
    if (error instanceof ApiError) {
      throw new Response(error.response.statusText, { status: error.status })
    }
    throw error
  }
  const fallback = params.view === 'grouped' ? 'findings-grouped.csv' : 'findings.csv'
  return new Response(upstream.body, {
    status: 200,
    headers: {
      'Content-Type': upstream.headers.get('Content-Type') ?? 'text/csv; charset=utf-8',
      'Content-Disposition':
        upstream.headers.get('Content-Disposition') ?? `attachment; filename="${fallback}"`,
      'Cache-Control': 'no-store',
    },
  })
}
