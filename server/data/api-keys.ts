import type { Queryable } from '../db/database.ts'
import { maybeOne } from '../db/database.ts'

export interface ApiKeyRow {
  id: number
  public_id: string
  secret_hash: string
  comment: string | null
  created: Date
  last_used: Date | null
  legacy: boolean
  expires: Date | null
}

const API_KEY_COLUMNS =
  'k.id, k.public_id, k.secret_hash, k.comment, k.created, k.last_used, k.legacy, k.expires'

const RETURNED_COLUMNS = API_KEY_COLUMNS.replaceAll('k.', '')

export function findApiKey(db: Queryable, publicId: string) {
  return maybeOne<ApiKeyRow>(
    db,
    `SELECT ${API_KEY_COLUMNS} FROM api_key k WHERE k.public_id = $1`,
    [publicId],
  )
}

export function teamApiKeys(db: Queryable, teamIds: number[]) {
  return db.query<ApiKeyRow & { team_id: number }>(
    `SELECT kt.team_id, ${API_KEY_COLUMNS} FROM api_key_team kt JOIN api_key k
       ON k.id = kt.api_key_id WHERE kt.team_id = ANY($1::bigint[]) ORDER BY k.id`,
    [teamIds],
  )
}

export async function insertApiKey(
  db: Queryable,
  teamId: number,
  key: { publicId: string; secretHash: string; expires?: Date | null },
): Promise<ApiKeyRow> {
  const rows = await db.query<ApiKeyRow>(
    `INSERT INTO api_key (public_id, secret_hash, expires) VALUES ($1, $2, $3)
     RETURNING ${RETURNED_COLUMNS}`,
    [key.publicId, key.secretHash, key.expires ?? null],
  )
  const row = rows[0]!
  await db.query('INSERT INTO api_key_team (api_key_id, team_id) VALUES ($1, $2)', [
    row.id,
    teamId,
  ])
  return row
}

export async function replaceSecret(db: Queryable, id: number, secretHash: string) {
  const rows = await db.query<ApiKeyRow>(
    `UPDATE api_key SET secret_hash = $2, legacy = false WHERE id = $1
     RETURNING ${RETURNED_COLUMNS}`,
    [id, secretHash],
  )
  return rows[0]!
}

export async function setComment(db: Queryable, id: number, comment: string | null) {
  const rows = await db.query<ApiKeyRow>(
    `UPDATE api_key SET comment = $2 WHERE id = $1
     RETURNING ${RETURNED_COLUMNS}`,
    [id, comment],
  )
  return rows[0]!
}

export async function setExpires(db: Queryable, id: number, expires: Date | null) {
  const rows = await db.query<ApiKeyRow>(
    `UPDATE api_key SET expires = $2 WHERE id = $1
     RETURNING ${RETURNED_COLUMNS}`,
    [id, expires],
  )
  return rows[0]!
}

export async function deleteApiKey(db: Queryable, id: number) {
  await db.query('DELETE FROM api_key WHERE id = $1', [id])
}

/** An API key and its permissions in one round trip: every request it signs asks this first. */
export async function findApiKeyWithPermissions(db: Queryable, publicId: string) {
  const row = await maybeOne<ApiKeyRow & { key_permissions: string[] }>(
    db,
    `SELECT ${API_KEY_COLUMNS},
       ARRAY(SELECT DISTINCT p.name FROM api_key_team kt
         JOIN team_permission tp ON tp.team_id = kt.team_id
         JOIN permission p ON p.id = tp.permission_id
       WHERE kt.api_key_id = k.id ORDER BY p.name) AS key_permissions
     FROM api_key k WHERE k.public_id = $1`,
    [publicId],
  )
  if (!row) return undefined
  const { key_permissions: permissions, ...apiKey } = row
  return { apiKey: apiKey as ApiKeyRow, permissions }
}

export function apiKeyTeams(db: Queryable, apiKeyId: number) {
  return db.query<{ id: number; uuid: string; name: string }>(
    `SELECT t.id, t.uuid, t.name FROM api_key_team kt JOIN team t ON t.id = kt.team_id
     WHERE kt.api_key_id = $1 ORDER BY t.id`,
    [apiKeyId],
  )
}

/** Applies buffered "last used" times; an older time never overwrites a newer one. */
export async function recordLastUsed(db: Queryable, usage: Record<string, number>) {
  const publicIds = Object.keys(usage)
  if (publicIds.length === 0) return
  await db.query(
    `UPDATE api_key k SET last_used = GREATEST(COALESCE(k.last_used, 'epoch'), u.used_at)
     FROM (SELECT unnest($1::text[]) AS public_id,
                  to_timestamp(unnest($2::float8[]) / 1000.0) AS used_at) u
     WHERE k.public_id = u.public_id`,
    [publicIds, publicIds.map((id) => usage[id])],
  )
}
