import type { Team } from '~/api/access.server.ts'
import { memberCount } from '~/components/access/members.ts'
import { pageInMemory } from '~/components/list-kit/in-memory.server.ts'
import { listParamsSchema } from '~/components/list-kit/url-state.ts'

/** The Teams list's URL: search by name, sort by any column, paging. */
export const TeamListParamsSchema = listParamsSchema(['name', 'apiKeys', 'members'])
type TeamListParams = ReturnType<typeof TeamListParamsSchema.parse>

/** The page of teams the list shows. */
export function pageTeams(teams: readonly Team[], params: TeamListParams) {
  const rows = teams.map((team) => ({
    uuid: team.uuid,
    name: team.name,
    apiKeys: team.apiKeys.length,
    members: memberCount(team),
  }))
  return pageInMemory(rows, params, {
    searchIn: (row) => [row.name],
    sortBy: {
      name: (row) => row.name,
      apiKeys: (row) => row.apiKeys,
      members: (row) => row.members,
    },
  })
}
