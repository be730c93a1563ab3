import { z } from 'zod'
import { MappedOidcGroupJson } from '../../common/access-shapes.ts'
import { OidcGroupSchema, TeamSchema } from './access.server.ts'
import type { ApiClient } from './client.server.ts'

/** The OpenID Connect Groups screen's writes and its one extra read (dt-api-admin §10.7). */

const groupPath = (uuid: string) => `/v1/oidc/group/${encodeURIComponent(uuid)}`

export function createOidcGroup(api: ApiClient, name: string) {
  return api.json(OidcGroupSchema, '/v1/oidc/group', { method: 'PUT', json: { name } })
}

export function renameOidcGroup(api: ApiClient, uuid: string, name: string) {
  return api.json(OidcGroupSchema, '/v1/oidc/group', { method: 'POST', json: { uuid, name } })
}

export async function deleteOidcGroup(api: ApiClient, uuid: string) {
  await api.send(groupPath(uuid), { method: 'DELETE' })
}

/** The teams a group is mapped to; 404 when the group is gone. */
export function teamsOfOidcGroup(api: ApiClient, uuid: string) {
  return api.json(z.array(TeamSchema), `${groupPath(uuid)}/team`)
}

/** Maps the group to a team; false when it was mapped already (409). */
export async function mapOidcGroup(api: ApiClient, groupUuid: string, teamUuid: string) {
  const response = await api.send('/v1/oidc/mapping', {
    method: 'PUT',
    json: { team: teamUuid, group: groupUuid },
    accept: [409],
  })
  if (response.status === 409) {
    await response.body?.cancel()
    return false
  }
  MappedOidcGroupJson.loose().parse(await response.json())
  return true
}

/** Removes the group's mapping to a team (404 when the group, the team or the mapping is gone). */
export async function unmapOidcGroup(api: ApiClient, groupUuid: string, teamUuid: string) {
  const response = await api.send(
    `${groupPath(groupUuid)}/team/${encodeURIComponent(teamUuid)}/mapping`,
    { method: 'DELETE' },
  )
  await response.body?.cancel()
}
