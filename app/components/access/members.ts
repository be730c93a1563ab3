import type { Team } from '~/api/access.server.ts'

/** Members of every kind, as 4.13 counts them (managed + LDAP + OpenID Connect). */
export const memberCount = (team: Pick<Team, 'managedUsers' | 'ldapUsers' | 'oidcUsers'>) =>
  team.managedUsers.length + team.ldapUsers.length + team.oidcUsers.length
