import type { Queryable } from '../db/database.ts'

/** Records a revoked token and drops the rows of tokens that have expired since. */
export async function insertRevokedToken(db: Queryable, tokenId: string, expiresAt: Date) {
  await db.query('DELETE FROM revoked_token WHERE expires_at < now()')
  await db.query(
    `INSERT INTO revoked_token (token_id, expires_at) VALUES ($1, $2)
     ON CONFLICT (token_id) DO NOTHING`,
    [tokenId, expiresAt],
  )
}
