import { z } from 'zod'
import type { OidcGroup, Team } from '~/api/access.server.ts'
import { pickedValues, pickParamsSchema } from '~/components/access/picker.server.ts'
import { pageInMemory } from '~/components/list-kit/in-memory.server.ts'
import { listParamsSchema } from '~/components/list-kit/url-state.ts'

/** The list's URL: search by name, sort by name, paging (4.13 sends the whole list). */
export const OidcGroupListParamsSchema = listParamsSchema(['name'])
export type OidcGroupListParams = z.infer<typeof OidcGroupListParamsSchema>

/** A group's name as the create dialog and the rename card send it. */
export const OidcGroupFormSchema = z.object({
  name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(255, 'oidcGroups.validation.tooLong'),
})

export interface OidcGroupRow extends OidcGroup {
  teams: Array<{ uuid: string; name: string }>
}

/** Each group with the teams it is mapped to, read from the teams' own mapping lists. */
export function withMappedTeams(groups: OidcGroup[], teams: Team[]): OidcGroupRow[] {
  return groups.map((group) => ({
    ...group,
    teams: teams
      .filter((team) => team.mappedOidcGroups.some((mapping) => mapping.group.uuid === group.uuid))
      .map(({ uuid, name }) => ({ uuid, name })),
  }))
}

/** One page of the list: searched, sorted (by name unless asked otherwise) and paged here. */
export function pageOfGroups(rows: OidcGroupRow[], params: OidcGroupListParams) {
  return pageInMemory(
    rows,
    { ...params, sortName: params.sortName ?? 'name' },
    { searchIn: (row) => [row.name], sortBy: { name: (row) => row.name } },
  )
}

/** A group page's URL: `pick=teams` opens the Add Teams picker, `delete` the confirmation. */
export const OidcGroupPageParamsSchema = pickParamsSchema(['teams']).extend({
  delete: z.string().optional(),
})

const uuid = z.uuid()

/** What a post on a group page asks for (rename has its own form schema). */
export const OidcGroupActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('rename') }),
  z.object({ intent: z.literal('delete') }),
  z.object({ intent: z.literal('remove'), team: uuid }),
  z.object({ intent: z.literal('add'), teams: z.array(uuid).max(500) }),
])

export function parseOidcGroupAction(form: FormData) {
  return OidcGroupActionSchema.safeParse({
    intent: form.get('intent'),
    team: form.get('remove') ?? undefined,
    teams: pickedValues(form),
  })
}
