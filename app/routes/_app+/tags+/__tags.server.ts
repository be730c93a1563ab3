import { z } from 'zod'
import {
  listParamsSchema,
  pageParam,
  sortNameParam,
  sortOrderParam,
  textParam,
} from '~/components/list-kit/url-state.ts'

export const TAGGED_PAGE_SIZE = 10

/**
 * The tag list and its "… tagged with" dialogs keep their state in the URL, so every view can be
 * bookmarked and works without JavaScript. The tag name is kept exactly as given: it may contain
 * any character.
 */
export const TagListParamsSchema = listParamsSchema(
  ['name', 'projectCount', 'policyCount', 'notificationRuleCount'],
  {
    tagged: z.enum(['projects', 'policies', 'alerts']).optional().catch(undefined),
    tag: z
      .string()
      .optional()
      .transform((value) => (value === '' ? undefined : value)),
    taggedSearch: textParam,
    taggedPage: pageParam,
    taggedSortName: sortNameParam(['name', 'version']),
    taggedSortOrder: sortOrderParam,
  },
)
export type TagListParams = z.infer<typeof TagListParamsSchema>

/** Which permission each unassign intent needs (the API checks the same). */
export const UNASSIGN_PERMISSION = {
  projects: 'PORTFOLIO_MANAGEMENT',
  policies: 'POLICY_MANAGEMENT',
  alerts: 'SYSTEM_CONFIGURATION',
} as const

export const TagActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('delete'), names: z.array(z.string()).max(100) }),
  z.object({
    intent: z.literal('unassign'),
    kind: z.enum(['projects', 'policies', 'alerts']),
    tag: z.string().min(1),
    uuids: z.array(z.uuid()).max(100),
  }),
])
export type TagAction = z.infer<typeof TagActionSchema>

/** Reads the posted form: repeated `name` / `uuid` checkboxes become arrays. */
export function parseTagAction(form: FormData) {
  return TagActionSchema.safeParse({
    intent: form.get('intent'),
    names: form.getAll('name').map(String),
    kind: form.get('kind'),
    tag: form.get('tag'),
    uuids: form.getAll('uuid').map(String),
  })
}

/** The page to go back to after a post: the same /tags view, never anywhere else. */
export function backToTags(requestUrl: string) {
  const url = new URL(requestUrl)
  url.searchParams.delete('index')
  url.searchParams.delete('_data')
  const query = url.searchParams.toString()
  return `/tags${query ? `?${query}` : ''}`
}
