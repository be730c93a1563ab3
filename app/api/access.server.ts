import { z } from 'zod'
import {
  ApiKeyJson,
  LdapUserJson,
  ManagedUserJson,
  OidcGroupJson,
  OidcUserJson,
  PermissionJson,
  TeamJson,
} from '../../common/access-shapes.ts'
import type { ApiClient } from './client.server.ts'

/**
 * The reads every Access Management screen shares (dt-api-admin §10): teams, permissions and the
 * three kinds of user. Screen-specific writes live next to their screen's client module.
 */
export const PermissionSchema = PermissionJson.loose()
export type Permission = z.infer<typeof PermissionSchema>
export const ApiKeySchema = ApiKeyJson.loose()
export type ApiKey = z.infer<typeof ApiKeySchema>
export const TeamSchema = TeamJson.loose()
export type Team = z.infer<typeof TeamSchema>
export const OidcGroupSchema = OidcGroupJson.loose()
export type OidcGroup = z.infer<typeof OidcGroupSchema>

export const USER_KINDS = {
  managed: ManagedUserJson.loose(),
  ldap: LdapUserJson.loose(),
  oidc: OidcUserJson.loose(),
} as const
export type UserKind = keyof typeof USER_KINDS
export type ManagedUser = z.infer<(typeof USER_KINDS)['managed']>
export type LdapUser = z.infer<(typeof USER_KINDS)['ldap']>
export type OidcUser = z.infer<(typeof USER_KINDS)['oidc']>

/** Every team in full, ordered by name (not paged in 4.13). */
export function listTeams(api: ApiClient) {
  return api.json(z.array(TeamSchema), '/v1/team')
}

/** The 14 permissions, ordered by name. */
export function listPermissions(api: ApiClient) {
  return api.json(z.array(PermissionSchema), '/v1/permission')
}

/** Every user of one kind, ordered by username (not paged in 4.13). */
export function listUsers<Kind extends UserKind>(api: ApiClient, kind: Kind) {
  return api.json(z.array(USER_KINDS[kind]), `/v1/user/${kind}`)
}

/** Every OpenID Connect group, ordered by name. */
export function listOidcGroups(api: ApiClient) {
  return api.json(z.array(OidcGroupSchema), '/v1/oidc/group')
}
