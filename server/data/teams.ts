import type { Queryable } from '../db/database.ts'
import { maybeOne } from '../db/database.ts'
import type { UserRow } from './users.ts'

export interface TeamRow {
  id: number
  uuid: string
  name: string
}

export function listTeamRows(db: Queryable) {
  return db.query<TeamRow>('SELECT id, uuid, name FROM team ORDER BY name, id')
}

export function findTeamByUuid(db: Queryable, uuid: string) {
  return maybeOne<TeamRow>(db, 'SELECT id, uuid, name FROM team WHERE uuid = $1', [uuid])
}

export function findTeamByName(db: Queryable, name: string) {
  return maybeOne<TeamRow>(db, 'SELECT id, uuid, name FROM team WHERE name = $1 ORDER BY id', [
    name,
  ])
}

export async function insertTeam(db: Queryable, name: string): Promise<TeamRow> {
  const rows = await db.query<TeamRow>(
    'INSERT INTO team (name) VALUES ($1) RETURNING id, uuid, name',
    [name],
  )
  return rows[0]!
}

export async function renameTeam(db: Queryable, id: number, name: string) {
  await db.query('UPDATE team SET name = $2 WHERE id = $1', [id, name])
}

/** Keys, memberships and permission links go with the team (Dependency-Track leaves some behind). */
export async function deleteTeam(db: Queryable, id: number) {
  await db.query(
    `DELETE FROM api_key WHERE id IN (SELECT api_key_id FROM api_key_team WHERE team_id = $1)
       AND NOT EXISTS (SELECT 1 FROM api_key_team other
                       WHERE other.api_key_id = api_key.id AND other.team_id <> $1)`,
    [id],
  )
  await db.query('DELETE FROM team WHERE id = $1', [id])
}

export function teamPermissions(db: Queryable, teamIds: number[]) {
  return db.query<{ team_id: number; name: string; description: string }>(
    `SELECT tp.team_id, p.name, p.description FROM team_permission tp
       JOIN permission p ON p.id = tp.permission_id
     WHERE tp.team_id = ANY($1::bigint[]) ORDER BY p.name`,
    [teamIds],
  )
}

export function teamMembers(db: Queryable, teamIds: number[]) {
  return db.query<UserRow & { team_id: number }>(
    `SELECT tm.team_id, u.* FROM team_membership tm JOIN app_user u ON u.id = tm.user_id
     WHERE tm.team_id = ANY($1::bigint[]) ORDER BY u.username`,
    [teamIds],
  )
}

export async function grantTeamPermission(db: Queryable, teamId: number, permission: string) {
  const rows = await db.query(
    `INSERT INTO team_permission (team_id, permission_id)
     SELECT $1, id FROM permission WHERE name = $2 ON CONFLICT DO NOTHING RETURNING team_id`,
    [teamId, permission],
  )
  return rows.length > 0
}

export async function revokeTeamPermission(db: Queryable, teamId: number, permission: string) {
  const rows = await db.query(
    `DELETE FROM team_permission WHERE team_id = $1
       AND permission_id = (SELECT id FROM permission WHERE name = $2) RETURNING team_id`,
    [teamId, permission],
  )
  return rows.length > 0
}
