import {
  type RepositoryMetaComponentJson,
  RepositoryType,
  type RepositoryJson,
} from '../../common/repository-shapes.ts'
import type { RepositoryRow } from '../data/repositories.ts'
import type { RepositoryMetaRow } from '../data/repository-meta.ts'

export { RepositoryJson, RepositoryMetaComponentJson } from '../../common/repository-shapes.ts'

const typeOf = (value: string) => StoredType.parse(value)
const StoredType = RepositoryType.catch('UNSUPPORTED')
const opt = <T>(value: T | null | undefined) => (value === null ? undefined : value)
const epoch = (value: Date | string) => new Date(value).getTime()

/** A Repository (§7.1): the password is write-only and never leaves the server. */
export function repositoryJson(row: RepositoryRow): RepositoryJson {
  return {
    uuid: row.uuid,
    type: typeOf(row.type),
    identifier: row.identifier,
    url: row.url,
    resolutionOrder: row.resolution_order,
    enabled: row.enabled,
    internal: opt(row.internal),
    authenticationRequired: opt(row.authentication_required),
    username: opt(row.username),
  }
}

/** A RepositoryMetaComponent (dt-api-portfolio §3.22); nulls omitted, dates in epoch ms. */
export function repositoryMetaJson(row: RepositoryMetaRow): RepositoryMetaComponentJson {
  return {
    repositoryType: typeOf(row.repository_type),
    namespace: opt(row.namespace),
    name: row.name,
    latestVersion: row.latest_version ?? '',
    published: row.published === null ? undefined : epoch(row.published),
    lastCheck: epoch(row.last_check),
  }
}
