import { z } from 'zod'
import { ApiError, type ApiClient } from '~/api/client.server.ts'
import { deleteComponent } from '~/api/components.server.ts'
import { COMPONENT_SORTABLE } from '~/components/component-details/project-components-table.tsx'
import { flagParam, listParamsSchema } from '~/components/list-kit/url-state.ts'

export const ComponentListParamsSchema = listParamsSchema(COMPONENT_SORTABLE, {
  onlyOutdated: flagParam,
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

/** Removes the checked components one by one; the first refusal is kept to explain the rest. */
export async function removeComponents(api: ApiClient, uuids: string[]) {
  let removed = 0
  let failure: ApiError | undefined
  for (const uuid of uuids) {
    try {
      await deleteComponent(api, uuid)
      removed += 1
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      failure ??= error
    }
  }
  return { removed, failure }
}
