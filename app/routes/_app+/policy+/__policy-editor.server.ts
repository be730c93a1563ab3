import { z } from 'zod'
import { POLICY_OPERATORS, POLICY_VIOLATION_STATES } from '../../../../common/dt-vocabulary.ts'
import type { ApiClient } from '~/api/client.server.ts'
import { FOUND_PROJECTS_PAGE, findProjects, type ProjectChoice } from '~/api/policies.server.ts'
import { listTags } from '~/api/tags.server.ts'
import { pageParam, textParam } from '~/components/list-kit/url-state.ts'

/** Name, operator and violation state (§16.1), saved with POST /policy. */
export const PolicyFormSchema = z.object({
  name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(255, 'policies.create.tooLong'),
  operator: z.enum(POLICY_OPERATORS, { error: 'validation.required' }),
  violationState: z.enum(POLICY_VIOLATION_STATES, { error: 'validation.required' }),
})

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === 'on')

/** The two switches of Limit To. */
export const ScopeFormSchema = z.object({
  includeChildren: checkbox,
  onlyLatestProjectVersion: checkbox,
})

/** Limit To's add and remove buttons, each naming one project or tag. */
export const LimitFormSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.enum(['limitProject', 'unlimitProject']), project: z.uuid() }),
  z.object({
    intent: z.enum(['limitTag', 'unlimitTag']),
    tag: z.string().trim().min(1).max(255),
  }),
])
export type LimitForm = z.infer<typeof LimitFormSchema>

/** The project picker pages as the Policies tab's project search does. */
export const PICKER_PAGE_SIZE = FOUND_PROJECTS_PAGE

/**
 * The pickers' state lives in the URL: a search opens the results (an empty search lists
 * everything), so they work without JavaScript and survive the round trip of an Add.
 */
export const PickerParamsSchema = z.object({
  projectSearch: z.string().optional(),
  projectPage: pageParam,
  tagSearch: z.string().optional(),
  tagPage: pageParam,
  delete: z.string().optional(),
})

export interface PickerResults<Row> {
  search: string
  page: number
  total: number
  rows: Row[]
}

/** Active projects whose name contains the search text, for Limit To (§16.1). */
export async function pickProjects(
  api: ApiClient,
  search: string,
  page: number,
): Promise<PickerResults<ProjectChoice>> {
  const { projects, total } = await findProjects(api, textParam.parse(search), page)
  return { search, page, total, rows: projects }
}

export async function pickTags(
  api: ApiClient,
  search: string,
  page: number,
): Promise<PickerResults<{ name: string }>> {
  const { rows, total } = await listTags(api, {
    searchText: textParam.parse(search),
    pageNumber: page,
    pageSize: PICKER_PAGE_SIZE,
    sortName: 'name',
    sortOrder: 'asc',
  })
  return { search, page, total, rows: rows.map(({ name }) => ({ name })) }
}

/** The address to come back to after a change: the page as it was, without a dialog. */
export function backTo(request: Request) {
  const url = new URL(request.url)
  url.searchParams.delete('delete')
  url.searchParams.delete('index')
  const query = url.searchParams.toString()
  return `${url.pathname}${query ? `?${query}` : ''}`
}
