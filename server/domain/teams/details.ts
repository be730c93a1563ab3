import type { Queryable } from '../../db/database.ts'
import { teamApiKeys, type ApiKeyRow } from '../../data/api-keys.ts'
import { teamMembers, teamPermissions, type TeamRow } from '../../data/teams.ts'
import { teamMappedLdapGroups, type MappedLdapGroupRow } from '../../data/ldap-mappings.ts'
import { teamMappedOidcGroups, type MappedOidcGroupRow } from '../../data/oidc-groups.ts'
import type { UserRow } from '../../data/users.ts'

export interface TeamDetails {
  team: TeamRow
  apiKeys: ApiKeyRow[]
  members: UserRow[]
  permissions: Array<{ name: string; description: string }>
  mappedLdapGroups: MappedLdapGroupRow[]
  mappedOidcGroups: MappedOidcGroupRow[]
}

/** Teams with their keys, members, permissions and group mappings: five queries for any number. */
export async function withTeamDetails(db: Queryable, teams: TeamRow[]): Promise<TeamDetails[]> {
  const ids = teams.map((team) => team.id)
  const [keys, members, permissions, ldapGroups, oidcGroups] = await Promise.all([
    teamApiKeys(db, ids),
    teamMembers(db, ids),
    teamPermissions(db, ids),
    teamMappedLdapGroups(db, ids),
    teamMappedOidcGroups(db, ids),
  ])
  const ofTeam = (team: TeamRow) => (row: { team_id: number }) =>
    Number(row.team_id) === Number(team.id)
  return teams.map((team) => ({
    team,
    apiKeys: keys.filter(ofTeam(team)),
    members: members.filter(ofTeam(team)),
    permissions: permissions
      .filter(ofTeam(team))
      .map(({ name, description }) => ({ name, description })),
    mappedLdapGroups: ldapGroups.filter(ofTeam(team)),
    mappedOidcGroups: oidcGroups.filter(ofTeam(team)),
  }))
}

export async function withOneTeamDetails(db: Queryable, team: TeamRow) {
  return (await withTeamDetails(db, [team]))[0]!
}
