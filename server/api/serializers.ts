import type { z } from 'zod'
import type { Queryable } from '../db/database.ts'
import { teamApiKeys, type ApiKeyRow } from '../data/api-keys.ts'
import { teamMembers, teamPermissions, type TeamRow } from '../data/teams.ts'
import { directUserPermissions, userTeams, type UserRow } from '../data/users.ts'
import { maskApiKey } from '../domain/auth/api-keys.ts'
import type { ApiKeyJson, TeamJson, UserJson } from './schemas.ts'

const epoch = (date: Date | null | undefined) => (date ? date.getTime() : undefined)
const orUndefined = <T>(value: T | null) => (value === null ? undefined : value)

export async function userJson(db: Queryable, user: UserRow): Promise<z.infer<typeof UserJson>> {
  const [teams, permissions] = await Promise.all([
    userTeams(db, user.id),
    directUserPermissions(db, user.id),
  ])
  const common = {
    username: user.username,
    teams: teams.map((team) => ({ uuid: team.uuid, name: team.name })),
    permissions,
  }
  switch (user.kind) {
    case 'MANAGED':
      return {
        ...common,
        lastPasswordChange: epoch(user.last_password_change),
        fullname: orUndefined(user.fullname),
        email: orUndefined(user.email),
        suspended: user.suspended,
        forcePasswordChange: user.force_password_change,
        nonExpiryPassword: user.non_expiry_password,
      }
    case 'LDAP':
      return { ...common, dn: orUndefined(user.dn), email: orUndefined(user.email) }
    case 'OIDC':
      return {
        ...common,
        subjectIdentifier: orUndefined(user.subject_identifier),
        email: orUndefined(user.email),
      }
  }
}

export function apiKeyJson(
  prefix: string,
  key: ApiKeyRow,
  clearKey?: string,
): z.infer<typeof ApiKeyJson> {
  return {
    publicId: key.public_id,
    maskedKey: maskApiKey(prefix, key.public_id),
    comment: orUndefined(key.comment),
    created: key.created.getTime(),
    lastUsed: epoch(key.last_used),
    legacy: key.legacy,
    ...(clearKey ? { key: clearKey } : {}),
  }
}

export async function teamsJson(
  db: Queryable,
  prefix: string,
  teams: TeamRow[],
): Promise<Array<z.infer<typeof TeamJson>>> {
  const ids = teams.map((team) => team.id)
  const [keys, members, permissions] = await Promise.all([
    teamApiKeys(db, ids),
    teamMembers(db, ids),
    teamPermissions(db, ids),
  ])
  return teams.map((team) => {
    const own = members.filter((member) => Number(member.team_id) === Number(team.id))
    const member = (user: UserRow) => ({
      username: user.username,
      fullname: orUndefined(user.fullname),
      email: orUndefined(user.email),
      dn: orUndefined(user.dn),
      subjectIdentifier: orUndefined(user.subject_identifier),
    })
    return {
      uuid: team.uuid,
      name: team.name,
      apiKeys: keys
        .filter((key) => Number(key.team_id) === Number(team.id))
        .map((key) => apiKeyJson(prefix, key)),
      managedUsers: own.filter((user) => user.kind === 'MANAGED').map(member),
      ldapUsers: own.filter((user) => user.kind === 'LDAP').map(member),
      oidcUsers: own.filter((user) => user.kind === 'OIDC').map(member),
      mappedLdapGroups: [],
      mappedOidcGroups: [],
      permissions: permissions
        .filter((permission) => Number(permission.team_id) === Number(team.id))
        .map(({ name, description }) => ({ name, description })),
    }
  })
}
