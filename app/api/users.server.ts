import { USER_KINDS, listUsers, type UserKind } from './access.server.ts'
import type { ApiClient, RequestOptions } from './client.server.ts'

/**
 * The writes of the three user pages (dt-api-admin §10.3, §10.4): create, update and delete
 * users, their team memberships and their direct permissions.
 */

/** What PUT and POST /user/managed take; passwords only when set or changed. */
export interface ManagedUserInput {
  username: string
  fullname: string
  email: string
  newPassword?: string
  confirmPassword?: string
  forcePasswordChange: boolean
  nonExpiryPassword: boolean
  suspended: boolean
}

const userPath = (kind: UserKind) => `/v1/user/${kind}`
const membershipPath = (username: string) => `/v1/user/${encodeURIComponent(username)}/membership`
const permissionPath = (permission: string, username: string) =>
  `/v1/permission/${encodeURIComponent(permission)}/user/${encodeURIComponent(username)}`

/** One user of a kind by exact username; 4.13 has no single-user read, so the list is searched. */
export async function findUser<Kind extends UserKind>(
  api: ApiClient,
  kind: Kind,
  username: string,
) {
  const users = await listUsers(api, kind)
  return users.find((user) => user.username === username)
}

/** Creates a managed user (201); 400 and 409 answer the sentences of §10.3 #9. */
export function createManagedUser(api: ApiClient, input: ManagedUserInput) {
  return api.json(USER_KINDS.managed, userPath('managed'), { method: 'PUT', json: input })
}

/**
 * Saves a managed user's profile and flags. 4.13 overwrites every field from the body, so all
 * are sent; the password changes only when both fields are given and equal.
 */
export function updateManagedUser(api: ApiClient, input: ManagedUserInput) {
  return api.json(USER_KINDS.managed, userPath('managed'), { method: 'POST', json: input })
}

/** Creates an LDAP (synchronised from the directory afterwards) or OpenID Connect user. */
export function createExternalUser(api: ApiClient, kind: 'ldap' | 'oidc', username: string) {
  return api.json(USER_KINDS[kind], userPath(kind), { method: 'PUT', json: { username } })
}

export async function deleteUser(api: ApiClient, kind: UserKind, username: string) {
  await api.send(userPath(kind), { method: 'DELETE', json: { username } })
}

/**
 * A change 4.13 answers with 304 when there was nothing to change (already a member, already
 * granted); true when something changed.
 */
export async function sendChange(api: ApiClient, path: string, options: RequestOptions) {
  const response = await api.send(path, { ...options, accept: [304] })
  await response.body?.cancel()
  return response.status !== 304
}

/** Adds a user to a team; false when the user already was a member. */
export function addToTeam(api: ApiClient, username: string, teamUuid: string) {
  return sendChange(api, membershipPath(username), { method: 'POST', json: { uuid: teamUuid } })
}

/** Takes a user out of a team; false when the user was not a member. */
export function removeFromTeam(api: ApiClient, username: string, teamUuid: string) {
  return sendChange(api, membershipPath(username), { method: 'DELETE', json: { uuid: teamUuid } })
}

/** Grants a permission to a user directly; false when it already was granted. */
export function grantUserPermission(api: ApiClient, permission: string, username: string) {
  return sendChange(api, permissionPath(permission, username), { method: 'POST' })
}

/** Revokes a direct permission; false when the user did not hold it directly. */
export function revokeUserPermission(api: ApiClient, permission: string, username: string) {
  return sendChange(api, permissionPath(permission, username), { method: 'DELETE' })
}
