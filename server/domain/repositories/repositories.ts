import { HIDDEN_PASSWORD_PLACEHOLDER } from '../../../common/repository-shapes.ts'
import * as repositories from '../../data/repositories.ts'
import type { Queryable } from '../../db/database.ts'
import { textError } from '../../lib/errors.ts'
import type { ListQuery } from '../../lib/list-query.ts'
import { orderByClause, type SortableEntity } from '../components/sorting.ts'
import { encryptValue } from '../config/crypto.ts'
import type { CreateRepositoryInput, UpdateRepositoryInput } from './schemas.ts'

export type { RepositoryRow } from '../../data/repositories.ts'

/** Package repositories (dt-api-admin §7.3). */

export const REPOSITORY_EXISTS = 'A repository with the specified identifier already exists.'
export const REPOSITORY_NOT_FOUND = 'The UUID of the repository could not be found.'
export const PASSWORD_NOT_ENCRYPTED = 'The specified repository password could not be encrypted.'

const REPOSITORY: SortableEntity = {
  name: 'Repository',
  columns: repositories.REPOSITORY_SORT_COLUMNS,
  computed: new Set(),
  tieBreaker: 'r.id',
}

/** All repositories (type, identifier order) or one type's (identifier order). */
export const listRepositories = (db: Queryable, query: ListQuery, type?: string) =>
  repositories.pageOfRepositories(
    db,
    { type, searchText: query.searchText },
    orderByClause(REPOSITORY, query, type ? 'r.identifier ASC' : 'r.type ASC, r.identifier ASC'),
    query,
  )

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

async function getRepository(db: Queryable, uuid: string | null | undefined) {
  const row = uuid && UUID.test(uuid) ? await repositories.findRepository(db, uuid) : undefined
  if (!row) throw textError(404, REPOSITORY_NOT_FOUND)
  return row
}

function encrypt(key: Uint8Array, password: string) {
  try {
    return encryptValue(key, password)
  } catch {
    throw textError(500, PASSWORD_NOT_ENCRYPTED)
  }
}

/**
 * A new repository, last in its type's resolution order; 409 when its type has one of that
 * identifier. Credentials are kept only when authentication is required and one was given.
 */
export async function createRepository(
  db: Queryable,
  key: Uint8Array,
  input: CreateRepositoryInput,
) {
  const authenticationRequired = input.authenticationRequired ?? false
  const keepCredentials =
    authenticationRequired && (input.username != null || input.password != null)
  const created = await repositories.insertRepository(db, {
    type: input.type,
    identifier: input.identifier,
    url: input.url,
    enabled: input.enabled ?? false,
    internal: input.internal ?? false,
    authenticationRequired,
    username: keepCredentials ? (input.username ?? null) : null,
    password: keepCredentials && input.password != null ? encrypt(key, input.password) : null,
  })
  if (!created) throw textError(409, REPOSITORY_EXISTS)
  return created
}

/**
 * Updates url, switches and credentials; type, identifier and resolution order stay. Without
 * authentication the credentials are cleared; with it, a password that is absent or the
 * console's placeholder keeps the stored one.
 */
export async function updateRepository(
  db: Queryable,
  key: Uint8Array,
  input: UpdateRepositoryInput,
) {
  const row = await getRepository(db, input.uuid)
  const authenticationRequired = input.authenticationRequired ?? false
  const newPassword =
    input.password != null && input.password !== HIDDEN_PASSWORD_PLACEHOLDER
      ? encrypt(key, input.password)
      : row.password
  const updated = await repositories.updateRepository(db, row.id, {
    url: input.url,
    enabled: input.enabled ?? false,
    internal: input.internal ?? false,
    authenticationRequired,
    username: authenticationRequired ? (input.username ?? null) : null,
    password: authenticationRequired ? newPassword : null,
  })
  if (!updated) throw textError(404, REPOSITORY_NOT_FOUND)
  return updated
}

export async function deleteRepository(db: Queryable, uuid: string) {
  const row = await getRepository(db, uuid)
  await repositories.deleteRepository(db, row.id)
}
