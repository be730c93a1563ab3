import { type LoaderFunctionArgs } from '@remix-run/node'
import { listAllProjectComponents } from '~/api/components.server.ts'
import { ApiError } from '~/api/client.server.ts'
import { getProject } from '~/api/projects.server.ts'
import { requireUser } from '~/utils/auth.server.ts'
import { componentsCsv, csvFileName, type CsvComponent } from './__components-csv.ts'

/** The project's components as CSV, built on the server and properly quoted. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, 'VIEW_PORTFOLIO')
  const uuid = params.uuid ?? ''
  try {
    const [project, components] = await Promise.all([
      getProject(api, uuid),
      listAllProjectComponents(api, uuid),
    ])
    return new Response(componentsCsv(components as CsvComponent[]), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${csvFileName(project)}"`,
        'Cache-Control': 'no-store',
      },
    })
  } catch (error) {
    if (error instanceof ApiError) {
      throw new Response(error.response.statusText, { status: error.status })
    }
    throw error
  }
}
