import { z } from 'zod'

/** JSON shapes exactly as Dependency-Track 4.13 serialises them (nulls omitted, dates as epoch ms). */
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

export const LdapUserJson = z.object({
  username: z.string(),
  dn: z.string().optional(),
  email: z.string().optional(),
  teams: z.array(TeamRefJson),
  permissions: z.array(PermissionJson),
})

export const OidcUserJson = z.object({
  username: z.string(),
  subjectIdentifier: z.string().optional(),
  email: z.string().optional(),
  teams: z.array(TeamRefJson),
  permissions: z.array(PermissionJson),
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
  key: z.string().optional(),
})

const MemberJson = z.object({
  username: z.string(),
  fullname: z.string().optional(),
  email: z.string().optional(),
  dn: z.string().optional(),
  subjectIdentifier: z.string().optional(),
})

export const TeamJson = z.object({
  uuid: z.string(),
  name: z.string(),
  apiKeys: z.array(ApiKeyJson),
  managedUsers: z.array(MemberJson),
  ldapUsers: z.array(MemberJson),
  oidcUsers: z.array(MemberJson),
  mappedLdapGroups: z.array(z.object({ uuid: z.string(), dn: z.string() })),
  mappedOidcGroups: z.array(
    z.object({ uuid: z.string(), group: z.object({ uuid: z.string(), name: z.string() }) }),
  ),
  permissions: z.array(PermissionJson),
})

export const ConfigPropertyJson = z.object({
  groupName: z.string(),
  propertyName: z.string(),
  propertyValue: z.string().optional(),
  propertyType: z.string(),
  description: z.string().optional(),
})

export const AboutJson = z.object({
  application: z.string(),
  version: z.string(),
  timestamp: z.string(),
  uuid: z.string(),
  systemUuid: z.string(),
  framework: z.object({
    name: z.string(),
    version: z.string(),
    timestamp: z.string(),
    uuid: z.string(),
  }),
  database: z.object({ productName: z.string(), productVersion: z.string() }).optional(),
  lookoutVersion: z.string(),
})

export const TokenStatusJson = z.object({ processing: z.boolean() })
