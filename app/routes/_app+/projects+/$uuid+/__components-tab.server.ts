import { z } from 'zod'
import { COMPONENT_SORTABLE } from '~/components/component-details/project-components-table.tsx'
import { flagParam, listParamsSchema } from '~/components/list-kit/url-state.ts'

export const ComponentListParamsSchema = listParamsSchema(COMPONENT_SORTABLE, {
  onlyDirect: flagParam,
  token: z.uuid().optional().catch(undefined),
})

/** Where a mutation on the tab returns: the same list view, without the dialog or upload token. */
export function tabUrl(projectUuid: string, current: URLSearchParams) {
  const next = new URLSearchParams(current)
  for (const key of ['add', 'token', 'index', '_data']) next.delete(key)
  const query = next.toString()
  return `/projects/${encodeURIComponent(projectUuid)}/components${query ? `?${query}` : ''}`
}
