import { maybeOne, type Queryable } from '../db/database.ts'
import type { Page } from './licenses.ts'
import { likePattern, SqlParams } from './sql.ts'

/** Package repositories (migration 0022, dt-api-admin §7). */

export interface RepositoryRow {
  id: number | string
  uuid: string
  type: string
  identifier: string
  url: string
  resolution_order: number
  enabled: boolean
  internal: boolean | null
  authentication_required: boolean | null
  username: string | null
  /** Encrypted; never serialised. */
  password: string | null
}

const COLUMNS = `r.id, r.uuid, r.type, r.identifier, r.url, r.resolution_order, r.enabled,
  r.internal, r.authentication_required, r.username, r.password`

/** Sortable persistent Repository fields. */
export const REPOSITORY_SORT_COLUMNS: Record<string, string | null> = {
  id: 'r.id',
  uuid: 'r.uuid',
  type: 'r.type',
  identifier: 'r.identifier',
  url: 'r.url',
  resolutionOrder: 'r.resolution_order',
  enabled: 'r.enabled',
  internal: 'r.internal',
  authenticationRequired: 'r.authentication_required',
  username: 'r.username',
  password: null,
}

/** One page of repositories, of one type or all; the search matches the identifier, ignoring case. */
export async function pageOfRepositories(
  db: Queryable,
  filter: { type?: string; searchText?: string },
  orderBy: string,
  page: Page,
) {
  const params = new SqlParams()
  const where: string[] = []
  if (filter.type !== undefined) where.push(`r.type = ${params.add(filter.type)}`)
  if (filter.searchText !== undefined) {
    where.push(`lower(r.identifier) LIKE ${params.add(likePattern(filter.searchText.toLowerCase()))}`)
  }
  const condition = where.length > 0 ? where.join(' AND ') : 'TRUE'
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM repository r WHERE ${condition}`,
    params.values,
  )
  const limit = params.add(page.limit)
  const offset = params.add(page.offset)
  const rows = await db.query<RepositoryRow>(
    `SELECT ${COLUMNS} FROM repository r WHERE ${condition}
     ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}`,
    params.values,
  )
  return { rows, total: Number(count?.total ?? 0) }
}

export const findRepository = (db: Queryable, uuid: string) =>
  maybeOne<RepositoryRow>(db, `SELECT ${COLUMNS} FROM repository r WHERE r.uuid = $1`, [uuid])

/** The enabled repositories of a type that serve internal (or external) components, in resolution order. */
export const enabledRepositories = (db: Queryable, type: string, internal: boolean) =>
  db.query<RepositoryRow>(
    `SELECT ${COLUMNS} FROM repository r
     WHERE r.type = $1 AND r.enabled AND COALESCE(r.internal, false) = $2
     ORDER BY r.resolution_order, r.id`,
    [type, internal],
  )

export interface NewRepository {
  type: string
  identifier: string
  url: string
  enabled: boolean
  internal: boolean
  authenticationRequired: boolean
  username: string | null
  password: string | null
}

/**
 * Inserts a repository unless one of that type and identifier exists (then undefined): 4.13's
 * `createRepository` no-op. The resolution order is one more than the type's highest.
 */
export function insertRepository(db: Queryable, repository: NewRepository) {
  return maybeOne<RepositoryRow>(
    db,
    `INSERT INTO repository AS r (type, identifier, url, resolution_order, enabled, internal,
       authentication_required, username, password)
     VALUES ($1, $2, $3,
       (SELECT COALESCE(max(resolution_order), 0) + 1 FROM repository WHERE type = $1),
       $4, $5, $6, $7, $8)
     ON CONFLICT (type, identifier) DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      repository.type,
      repository.identifier,
      repository.url,
      repository.enabled,
      repository.internal,
      repository.authenticationRequired,
      repository.username,
      repository.password,
    ],
  )
}

export interface RepositoryChanges {
  url: string
  enabled: boolean
  internal: boolean
  authenticationRequired: boolean
  username: string | null
  password: string | null
}

export const updateRepository = (db: Queryable, id: number | string, changes: RepositoryChanges) =>
  maybeOne<RepositoryRow>(
    db,
    `UPDATE repository AS r SET url = $2, enabled = $3, internal = $4, authentication_required = $5,
       username = $6, password = $7
     WHERE r.id = $1 RETURNING ${COLUMNS}`,
    [
      id,
      changes.url,
      changes.enabled,
      changes.internal,
      changes.authenticationRequired,
      changes.username,
      changes.password,
    ],
  )

export async function deleteRepository(db: Queryable, id: number | string) {
  await db.query('DELETE FROM repository WHERE id = $1', [id])
}
