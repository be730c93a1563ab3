import { z } from 'zod'
import { MappedLdapGroupJson, MappedOidcGroupJson } from '../../common/access-shapes.ts'
import { ApiKeySchema, TeamSchema } from './access.server.ts'
import type { ApiClient } from './client.server.ts'
import { sendChange } from './users.server.ts'

/**
 * The writes of the Teams page (dt-api-admin §10.5–§10.7): teams, their API keys, permissions
 * and mapped LDAP and OpenID Connect groups, and the LDAP group search.
 */

const teamPath = (uuid: string) => `/v1/team/${encodeURIComponent(uuid)}`
const keyPath = (publicId: string) => `/v1/team/key/${encodeURIComponent(publicId)}`
const permissionPath = (permission: string, teamUuid: string) =>
  `/v1/permission/${encodeURIComponent(permission)}/team/${encodeURIComponent(teamUuid)}`

export function getTeam(api: ApiClient, uuid: string) {
  return api.json(TeamSchema, teamPath(uuid))
}

/** Creates a team (201, no key yet); names need not be unique. */
export function createTeam(api: ApiClient, name: string) {
  return api.json(TeamSchema, '/v1/team', { method: 'PUT', json: { name } })
}

export function renameTeam(api: ApiClient, uuid: string, name: string) {
  return api.json(TeamSchema, '/v1/team', { method: 'POST', json: { uuid, name } })
}

/** Deletes a team with its API keys; its members stay, without it. */
export async function deleteTeam(api: ApiClient, uuid: string) {
  await api.send('/v1/team', { method: 'DELETE', json: { uuid } })
}

/**
 * A new API key for the team; the answer holds the full key, the only time it is shown.
 * `expires` (beyond 4.13, DT#7316) is sent only when the key should stop working one day, so a
 * key that never expires is asked for exactly as 4.13 asks.
 */
export function createApiKey(api: ApiClient, teamUuid: string, expires?: number) {
  return api.json(ApiKeySchema, `${teamPath(teamUuid)}/key`, {
    method: 'PUT',
    json: expires === undefined ? undefined : { expires },
  })
}

/** A new secret for the key (same public ID); the answer holds the full key, shown once. */
export function regenerateApiKey(api: ApiClient, publicId: string) {
  return api.json(ApiKeySchema, keyPath(publicId), { method: 'POST' })
}

/** The key's comment: a plain-text body, empty to clear it. */
export function setApiKeyComment(api: ApiClient, publicId: string, comment: string) {
  return api.json(ApiKeySchema, `${keyPath(publicId)}/comment`, { method: 'POST', text: comment })
}

/** Beyond 4.13 (DT#7316): when the key stops working, null for never; 400 for a past date. */
export function setApiKeyExpiry(api: ApiClient, publicId: string, expires: number | null) {
  return api.json(ApiKeySchema, `${keyPath(publicId)}/expires`, {
    method: 'POST',
    json: { expires },
  })
}

export async function deleteApiKey(api: ApiClient, publicId: string) {
  await api.send(keyPath(publicId), { method: 'DELETE' })
}

/** Grants a permission to every member and key of the team; false when it already had it. */
export function grantTeamPermission(api: ApiClient, permission: string, teamUuid: string) {
  return sendChange(api, permissionPath(permission, teamUuid), { method: 'POST' })
}

export function revokeTeamPermission(api: ApiClient, permission: string, teamUuid: string) {
  return sendChange(api, permissionPath(permission, teamUuid), { method: 'DELETE' })
}

/** What the directory says about a group search (§10.6 #1). */
export type LdapGroupSearch =
  | { state: 'notConfigured' }
  | { state: 'noResults' }
  | { state: 'found'; groups: string[]; total: number }

/**
 * One page of the directory's groups matching `searchText`. 4.13 answers an empty 200 when LDAP
 * is not configured, and 204 when there is nothing to search for or the directory refused a
 * search that large.
 */
export async function searchLdapGroups(
  api: ApiClient,
  options: { searchText?: string; pageNumber: number; pageSize: number },
): Promise<LdapGroupSearch> {
  const response = await api.send('/v1/ldap/groups', {
    query: {
      searchText: options.searchText,
      pageNumber: options.pageNumber,
      pageSize: options.pageSize,
    },
  })
  const body = await response.text()
  if (response.status === 204) return { state: 'noResults' }
  if (body.trim() === '') return { state: 'notConfigured' }
  const groups = z.array(z.string()).parse(JSON.parse(body))
  const total = Number(response.headers.get('X-Total-Count') ?? groups.length)
  return { state: 'found', groups, total: Number.isFinite(total) ? total : groups.length }
}

/** Maps a directory group (by DN) to the team; 409 when it already is. */
export function mapLdapGroup(api: ApiClient, teamUuid: string, dn: string) {
  return api.json(MappedLdapGroupJson.loose(), '/v1/ldap/mapping', {
    method: 'PUT',
    json: { team: teamUuid, dn },
  })
}

export async function unmapLdapGroup(api: ApiClient, mappingUuid: string) {
  await api.send(`/v1/ldap/mapping/${encodeURIComponent(mappingUuid)}`, { method: 'DELETE' })
}

/** Maps an OpenID Connect group to the team; 409 when it already is. */
export function mapOidcGroup(api: ApiClient, teamUuid: string, groupUuid: string) {
  return api.json(MappedOidcGroupJson.loose(), '/v1/oidc/mapping', {
    method: 'PUT',
    json: { team: teamUuid, group: groupUuid },
  })
}

export async function unmapOidcGroup(api: ApiClient, mappingUuid: string) {
  await api.send(`/v1/oidc/mapping/${encodeURIComponent(mappingUuid)}`, { method: 'DELETE' })
}
