import type { UserKind } from '~/api/access.server.ts'

export const ACCESS_MANAGEMENT = '/admin/accessManagement'
export const TEAMS = `${ACCESS_MANAGEMENT}/teams`

/** The list page of one kind of user (4.13's routes: managedUsers, ldapUsers, oidcUsers). */
export const userListPath = (kind: UserKind) => `${ACCESS_MANAGEMENT}/${kind}Users`

/** A user's row editor. */
export const userPath = (kind: UserKind, username: string) =>
  `${userListPath(kind)}/${encodeURIComponent(username)}`

/** A team's row editor. */
export const teamPath = (uuid: string) => `${TEAMS}/${encodeURIComponent(uuid)}`

export const OIDC_GROUPS_PATH = `${ACCESS_MANAGEMENT}/oidcGroups`

/** An OpenID Connect group's page. */
export const oidcGroupPath = (uuid: string) => `${OIDC_GROUPS_PATH}/${uuid}`
