import type { z } from 'zod'
import type { ApiKeyRow } from '../data/api-keys.ts'
import type { UserRow } from '../data/users.ts'
import { maskApiKey } from '../domain/auth/api-keys.ts'
import type { TeamDetails } from '../domain/teams/details.ts'
import type { UserDetails } from '../domain/users/details.ts'
import type { ApiKeyJson, TeamJson, UserJson } from './schemas.ts'

const epoch = (date: Date | null | undefined) => (date ? date.getTime() : undefined)
const orUndefined = <T>(value: T | null) => (value === null ? undefined : value)

/** Beyond 4.13 (DT#5023): absent until the directory or identity provider has reported groups. */
function lastSeenGroups(user: UserRow) {
  if (!user.last_seen_groups) return {}
  return {
    lastSeenGroups: [...user.last_seen_groups],
    lastSeenGroupsAt: epoch(user.last_seen_groups_at),
  }
}

/** Serializers turn loaded rows into Dependency-Track's JSON; they never query. */
export function userJson({ user, teams, permissions }: UserDetails): z.infer<typeof UserJson> {
  const common = { username: user.username, teams, permissions }
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
      return {
        ...common,
        dn: orUndefined(user.dn),
        email: orUndefined(user.email),
        ...lastSeenGroups(user),
      }
    case 'OIDC':
      return {
        ...common,
        subjectIdentifier: orUndefined(user.subject_identifier),
        email: orUndefined(user.email),
        ...lastSeenGroups(user),
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
    expires: epoch(key.expires),
    ...(clearKey ? { key: clearKey } : {}),
  }
}

const memberJson = (user: UserRow) => ({
  username: user.username,
  fullname: orUndefined(user.fullname),
  email: orUndefined(user.email),
  dn: orUndefined(user.dn),
  subjectIdentifier: orUndefined(user.subject_identifier),
})

export function teamJson(prefix: string, details: TeamDetails): z.infer<typeof TeamJson> {
  const ofKind = (kind: UserRow['kind']) =>
    details.members.filter((user) => user.kind === kind).map(memberJson)
  return {
    uuid: details.team.uuid,
    name: details.team.name,
    apiKeys: details.apiKeys.map((key) => apiKeyJson(prefix, key)),
    managedUsers: ofKind('MANAGED'),
    ldapUsers: ofKind('LDAP'),
    oidcUsers: ofKind('OIDC'),
    mappedLdapGroups: details.mappedLdapGroups.map(({ uuid, dn }) => ({ uuid, dn })),
    mappedOidcGroups: details.mappedOidcGroups.map((mapping) => ({
      uuid: mapping.uuid,
      group: { uuid: mapping.group_uuid, name: mapping.group_name },
    })),
    permissions: details.permissions,
  }
}
