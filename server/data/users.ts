import type { Queryable } from '../db/database.ts'
import { maybeOne } from '../db/database.ts'

export type UserKind = 'MANAGED' | 'LDAP' | 'OIDC'

export interface UserRow {
  id: number
  kind: UserKind
  username: string
  password_hash: string | null
  fullname: string | null
  email: string | null
  suspended: boolean
  force_password_change: boolean
  non_expiry_password: boolean
  last_password_change: Date | null
  dn: string | null
  subject_identifier: string | null
  /** Beyond 4.13 (DT#5023): the groups the directory or identity provider last reported. */
  last_seen_groups: string[] | null
  last_seen_groups_at: Date | null
}

const USER_COLUMNS = `id, kind, username, password_hash, fullname, email, suspended,
  force_password_change, non_expiry_password, last_password_change, dn, subject_identifier,
  last_seen_groups, last_seen_groups_at`

export function findUser(db: Queryable, kind: UserKind, username: string) {
  return maybeOne<UserRow>(
    db,
    `SELECT ${USER_COLUMNS} FROM app_user WHERE kind = $1 AND username = $2`,
    [kind, username],
  )
}

/** Membership and permission endpoints resolve a name as managed, then LDAP, then OIDC user. */
export function findUserAnyKind(db: Queryable, username: string) {
  return maybeOne<UserRow>(
    db,
    `SELECT ${USER_COLUMNS} FROM app_user WHERE username = $1
     ORDER BY CASE kind WHEN 'MANAGED' THEN 0 WHEN 'LDAP' THEN 1 ELSE 2 END LIMIT 1`,
    [username],
  )
}

export function listUsers(db: Queryable, kind: UserKind) {
  return db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM app_user WHERE kind = $1 ORDER BY username`,
    [kind],
  )
}

export function countUsers(db: Queryable, kind: UserKind) {
  return db
    .query<{ count: number }>('SELECT count(*)::int AS count FROM app_user WHERE kind = $1', [kind])
    .then((rows) => rows[0]?.count ?? 0)
}

export interface NewManagedUser {
  username: string
  passwordHash: string
  fullname: string | null
  email: string | null
  suspended: boolean
  forcePasswordChange: boolean
  nonExpiryPassword: boolean
}

export async function insertManagedUser(db: Queryable, user: NewManagedUser): Promise<UserRow> {
  const rows = await db.query<UserRow>(
    `INSERT INTO app_user (kind, username, password_hash, fullname, email, suspended,
       force_password_change, non_expiry_password, last_password_change)
     VALUES ('MANAGED', $1, $2, $3, $4, $5, $6, $7, now())
     RETURNING ${USER_COLUMNS}`,
    [
      user.username,
      user.passwordHash,
      user.fullname,
      user.email,
      user.suspended,
      user.forcePasswordChange,
      user.nonExpiryPassword,
    ],
  )
  return rows[0]!
}

export async function updateManagedUserFields(
  db: Queryable,
  id: number,
  fields: {
    fullname: string | null
    email: string | null
    suspended: boolean
    forcePasswordChange: boolean
    nonExpiryPassword: boolean
  },
) {
  await db.query(
    `UPDATE app_user SET fullname = $2, email = $3, suspended = $4, force_password_change = $5,
       non_expiry_password = $6 WHERE id = $1`,
    [
      id,
      fields.fullname,
      fields.email,
      fields.suspended,
      fields.forcePasswordChange,
      fields.nonExpiryPassword,
    ],
  )
}

export async function updateProfile(
  db: Queryable,
  id: number,
  fields: { fullname: string | null; email: string | null },
) {
  await db.query('UPDATE app_user SET fullname = $2, email = $3 WHERE id = $1', [
    id,
    fields.fullname,
    fields.email,
  ])
}

export async function setPassword(
  db: Queryable,
  id: number,
  passwordHash: string,
  options: { clearForceChange: boolean },
) {
  await db.query(
    `UPDATE app_user SET password_hash = $2, last_password_change = now(),
       force_password_change = CASE WHEN $3 THEN false ELSE force_password_change END
     WHERE id = $1`,
    [id, passwordHash, options.clearForceChange],
  )
}

export async function deleteUser(db: Queryable, id: number) {
  await db.query('DELETE FROM app_user WHERE id = $1', [id])
}

/** A user's permission names, direct ones first, then by team; `userId` is an SQL expression. */
const effectivePermissionNames = (userId: string) => `SELECT name FROM (
    SELECT p.name, 0 AS source, '' AS team_name, p.id FROM user_permission up
      JOIN permission p ON p.id = up.permission_id WHERE up.user_id = ${userId}
    UNION ALL
    SELECT p.name, 1, t.name, p.id FROM team_membership tm
      JOIN team t ON t.id = tm.team_id
      JOIN team_permission tp ON tp.team_id = t.id
      JOIN permission p ON p.id = tp.permission_id
    WHERE tm.user_id = ${userId}
  ) all_permissions ORDER BY source, team_name, name`

/** Direct permissions (by name) first, then each team's, without duplicates. */
export async function effectiveUserPermissions(db: Queryable, userId: number): Promise<string[]> {
  const rows = await db.query<{ name: string }>(effectivePermissionNames('$1'), [userId])
  return [...new Set(rows.map((row) => row.name))]
}

/**
 * The user a signed-in request acts as, with its effective permissions and whether its token was
 * revoked, in one round trip: every authenticated request asks this first.
 */
export async function findSignedInUser(
  db: Queryable,
  kind: UserKind,
  username: string,
  tokenId: string,
) {
  const row = await maybeOne<
    UserRow & { token_revoked: boolean; effective_permissions: string[] }
  >(
    db,
    `SELECT ${USER_COLUMNS},
       EXISTS (SELECT 1 FROM revoked_token WHERE token_id = $3) AS token_revoked,
       ARRAY(${effectivePermissionNames('app_user.id')}) AS effective_permissions
     FROM app_user WHERE kind = $1 AND username = $2`,
    [kind, username, tokenId],
  )
  if (!row) return undefined
  const { token_revoked: revoked, effective_permissions: permissions, ...user } = row
  return { user: user as UserRow, revoked, permissions: [...new Set(permissions)] }
}

export function directUserPermissions(db: Queryable, userId: number) {
  return db.query<{ name: string; description: string }>(
    `SELECT p.name, p.description FROM user_permission up JOIN permission p
       ON p.id = up.permission_id WHERE up.user_id = $1 ORDER BY p.name`,
    [userId],
  )
}

export function userTeams(db: Queryable, userId: number) {
  return db.query<{ id: number; uuid: string; name: string }>(
    `SELECT t.id, t.uuid, t.name FROM team_membership tm JOIN team t ON t.id = tm.team_id
     WHERE tm.user_id = $1 ORDER BY t.name, t.id`,
    [userId],
  )
}

export async function grantUserPermission(db: Queryable, userId: number, permission: string) {
  const rows = await db.query(
    `INSERT INTO user_permission (user_id, permission_id)
     SELECT $1, id FROM permission WHERE name = $2 ON CONFLICT DO NOTHING RETURNING user_id`,
    [userId, permission],
  )
  return rows.length > 0
}

export async function revokeUserPermission(db: Queryable, userId: number, permission: string) {
  const rows = await db.query(
    `DELETE FROM user_permission WHERE user_id = $1
       AND permission_id = (SELECT id FROM permission WHERE name = $2) RETURNING user_id`,
    [userId, permission],
  )
  return rows.length > 0
}

export async function addMembership(db: Queryable, userId: number, teamId: number) {
  const rows = await db.query(
    `INSERT INTO team_membership (team_id, user_id) VALUES ($1, $2)
     ON CONFLICT DO NOTHING RETURNING team_id`,
    [teamId, userId],
  )
  return rows.length > 0
}

export async function removeMembership(db: Queryable, userId: number, teamId: number) {
  const rows = await db.query(
    'DELETE FROM team_membership WHERE team_id = $1 AND user_id = $2 RETURNING team_id',
    [teamId, userId],
  )
  return rows.length > 0
}

export interface UserTeamOrPermission {
  user_id: number
  relation: 'team' | 'permission'
  uuid: string | null
  name: string
  description: string | null
}

/** Teams and direct permissions of many users in one round trip (teams by name, permissions by name). */
export function usersTeamsAndPermissions(db: Queryable, userIds: number[]) {
  return db.query<UserTeamOrPermission>(
    `SELECT user_id, relation, uuid, name, description FROM (
       SELECT tm.user_id, 'team' AS relation, t.uuid::text AS uuid, t.name,
              NULL AS description, t.id AS tie
         FROM team_membership tm JOIN team t ON t.id = tm.team_id
        WHERE tm.user_id = ANY($1::bigint[])
       UNION ALL
       SELECT up.user_id, 'permission', NULL, p.name, p.description, p.id
         FROM user_permission up JOIN permission p ON p.id = up.permission_id
        WHERE up.user_id = ANY($1::bigint[])
     ) related ORDER BY user_id, relation, name, tie`,
    [userIds],
  )
}

/**
 * Beyond 4.13 (DT#5023): the groups the directory or identity provider last reported for a user
 * (null: it reported none), and when, so administrators can see why someone is in a team or not.
 */
export async function recordSeenGroups(db: Queryable, id: number, groups: string[] | null) {
  await db.query(
    'UPDATE app_user SET last_seen_groups = $2::text[], last_seen_groups_at = now() WHERE id = $1',
    [id, groups],
  )
}
