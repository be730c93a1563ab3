import type { Queryable } from '../db/database.ts'
import { findUser, type UserRow } from './users.ts'

/** Dependency-Track's placeholder DN of an LDAP user the sync task has not reached yet. */
export const SYNCING_DN = 'Syncing...'
/** What the sync task writes for a user the directory no longer has. */
export const INVALID_DN = 'INVALID'

/** A new LDAP user; undefined when one of that name already exists. */
export async function insertLdapUser(
  db: Queryable,
  user: { username: string; dn: string; email: string | null },
): Promise<UserRow | undefined> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO app_user (kind, username, dn, email) VALUES ('LDAP', $1, $2, $3)
     ON CONFLICT (kind, username) DO NOTHING RETURNING id`,
    [user.username, user.dn, user.email],
  )
  return rows.length > 0 ? findUser(db, 'LDAP', user.username) : undefined
}

export async function updateLdapUserEntry(
  db: Queryable,
  id: number,
  entry: { dn: string; email: string | null },
) {
  await db.query(`UPDATE app_user SET dn = $2, email = $3 WHERE id = $1 AND kind = 'LDAP'`, [
    id,
    entry.dn,
    entry.email,
  ])
}

export { recordSeenGroups } from './users.ts'

/** LDAP users after `afterId`, in id order (the sync task walks them a page at a time). */
export function ldapUsersAfter(db: Queryable, afterId: number, limit: number) {
  return db.query<{ id: number; username: string }>(
    `SELECT id, username FROM app_user WHERE kind = 'LDAP' AND id > $1 ORDER BY id LIMIT $2`,
    [afterId, limit],
  )
}
