import type { z } from 'zod'
import {
  HIDDEN_PASSWORD_PLACEHOLDER,
  RepositoryJson,
  type RepositoryType,
} from '../../common/repository-shapes.ts'
import type { ApiClient } from './client.server.ts'
import { fetchPage, type PageOptions } from './paging.server.ts'

/** The Repositories pages' API (dt-api-admin §7.3), all SYSTEM_CONFIGURATION. */

export const RepositorySchema = RepositoryJson.loose()
export type Repository = z.infer<typeof RepositorySchema>

/** A page of one type's repositories; `resolutionOrder` ascending unless asked otherwise. */
export function listRepositories(api: ApiClient, type: RepositoryType, options: PageOptions) {
  return fetchPage(api, RepositorySchema, `/v1/repository/${encodeURIComponent(type)}`, {
    ...options,
    sortName: options.sortName ?? 'resolutionOrder',
    sortOrder: options.sortName ? options.sortOrder : 'asc',
  })
}

export interface RepositoryFields {
  url: string
  internal: boolean
  authenticationRequired: boolean
  username?: string
  /** Empty or absent keeps the stored password (the API's placeholder is sent). */
  password?: string
  enabled: boolean
}

/** Username and password go only with authentication (the API clears them otherwise). */
function credentials(fields: RepositoryFields, keep: string | null) {
  if (!fields.authenticationRequired) return { username: null, password: null }
  return { username: fields.username || null, password: fields.password || keep }
}

/** Creates a repository (201); 409 when the type already has one with this identifier. */
export function createRepository(
  api: ApiClient,
  repository: RepositoryFields & { type: RepositoryType; identifier: string },
) {
  return api.json(RepositorySchema, '/v1/repository', {
    method: 'PUT',
    json: {
      type: repository.type,
      identifier: repository.identifier,
      url: repository.url,
      internal: repository.internal,
      authenticationRequired: repository.authenticationRequired,
      enabled: repository.enabled,
      ...credentials(repository, null),
    },
  })
}

/** Updates a repository; the identifier is not changeable, the type neither. */
export function updateRepository(
  api: ApiClient,
  repository: RepositoryFields & { uuid: string; identifier: string },
) {
  return api.json(RepositorySchema, '/v1/repository', {
    method: 'POST',
    json: {
      uuid: repository.uuid,
      identifier: repository.identifier,
      url: repository.url,
      internal: repository.internal,
      authenticationRequired: repository.authenticationRequired,
      enabled: repository.enabled,
      ...credentials(repository, HIDDEN_PASSWORD_PLACEHOLDER),
    },
  })
}

export async function deleteRepository(api: ApiClient, uuid: string) {
  const response = await api.send(`/v1/repository/${encodeURIComponent(uuid)}`, {
    method: 'DELETE',
  })
  await response.body?.cancel()
}
