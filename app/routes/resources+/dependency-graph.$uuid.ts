import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { ApiError } from '~/api/client.server.ts'
import { getComponentChildren } from '~/api/dependency-graph.server.ts'
import { MAX_VISIBLE, parseLookupParam } from '~/components/dependency-graph/graph-model.ts'
import { requireUser } from '~/utils/auth.server.ts'

/** The direct dependencies of one component, as graph nodes: the graph view expands with it. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, 'VIEW_PORTFOLIO')
  const [uuid] = parseLookupParam(params.uuid) ?? []
  if (!uuid || params.uuid?.includes('|')) throw new Response('Not Found', { status: 404 })
  try {
    const nodes = await getComponentChildren(api, uuid)
    return json({ nodes: nodes.slice(0, MAX_VISIBLE), cut: nodes.length > MAX_VISIBLE })
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) {
      throw new Response(null, { status: error.status })
    }
    throw error
  }
}
