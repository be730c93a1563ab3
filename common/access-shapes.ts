import { z } from 'zod'

/**
 * Dependency-Track 4.13's principal JSON (dt-api-admin §10.1): users, teams, API keys, group
 * mappings. Nulls are omitted, dates are epoch ms. The server serialises through these; the console
 * reads them with `.loose()`.
 */
export const PermissionJson = z.object({ name: z.string(), description: z.string() })

export const TeamRefJson = z.object({ uuid: z.string(), name: z.string() })

export const ManagedUserJson = z.object({
  username: z.string(),
  lastPasswordChange: z.number().optional(),
  fullname: z.string().optional(),
  email: z.string().optional(),
  suspended: z.boolean(),
  forcePasswordChange: z.boolean(),
  nonExpiryPassword: z.boolean(),
  teams: z.array(TeamRefJson),
  permissions: z.array(PermissionJson),
})

/**
 * Beyond 4.13 (DT#5023): the group names the directory or identity provider reported at the
 * user's last sign-in or synchronisation, and when (epoch ms); absent until it has reported.
 */
const LastSeenGroups = {
  lastSeenGroups: z.array(z.string()).optional(),
  lastSeenGroupsAt: z.number().optional(),
}

export const LdapUserJson = z.object({
  username: z.string(),
  dn: z.string().optional(),
  email: z.string().optional(),
  teams: z.array(TeamRefJson),
  permissions: z.array(PermissionJson),
  ...LastSeenGroups,
})

export const OidcUserJson = z.object({
  username: z.string(),
  subjectIdentifier: z.string().optional(),
  email: z.string().optional(),
  teams: z.array(TeamRefJson),
  permissions: z.array(PermissionJson),
  ...LastSeenGroups,
})

// Strict members so a union parse never strips an OIDC user's subjectIdentifier or an LDAP dn.
export const UserJson = z.union([ManagedUserJson, LdapUserJson.strict(), OidcUserJson.strict()])

export const ApiKeyJson = z.object({
  publicId: z.string(),
  maskedKey: z.string(),
  comment: z.string().optional(),
  created: z.number(),
  lastUsed: z.number().optional(),
  legacy: z.boolean(),
  /** Beyond 4.13 (DT#7316): when the key stops working, epoch ms; absent for keys that never expire. */
  expires: z.number().optional(),
  key: z.string().optional(),
})

export const MemberJson = z.object({
  username: z.string(),
  fullname: z.string().optional(),
  email: z.string().optional(),
  dn: z.string().optional(),
  subjectIdentifier: z.string().optional(),
})

export const MappedLdapGroupJson = z.object({ uuid: z.string(), dn: z.string() })
export const OidcGroupJson = z.object({ uuid: z.string(), name: z.string() })
export const MappedOidcGroupJson = z.object({ uuid: z.string(), group: OidcGroupJson })

export const TeamJson = z.object({
  uuid: z.string(),
  name: z.string(),
  apiKeys: z.array(ApiKeyJson),
  managedUsers: z.array(MemberJson),
  ldapUsers: z.array(MemberJson),
  oidcUsers: z.array(MemberJson),
  mappedLdapGroups: z.array(MappedLdapGroupJson),
  mappedOidcGroups: z.array(MappedOidcGroupJson),
  permissions: z.array(PermissionJson),
})
