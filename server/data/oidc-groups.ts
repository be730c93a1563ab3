import type { Queryable } from '../db/database.ts'
import { maybeOne } from '../db/database.ts'
import type { TeamRow } from './teams.ts'

export interface OidcGroupRow {
  id: number
  uuid: string
  name: string
}

export interface MappedOidcGroupRow {
  team_id: number
  uuid: string
  group_uuid: string
  group_name: string
}

export function teamMappedOidcGroups(db: Queryable, teamIds: number[]) {
  return db.query<MappedOidcGroupRow>(
    `SELECT m.team_id, m.uuid, g.uuid AS group_uuid, g.name AS group_name
       FROM mapped_oidc_group m JOIN oidc_group g ON g.id = m.group_id
     WHERE m.team_id = ANY($1::bigint[]) ORDER BY g.name, m.id`,
    [teamIds],
  )
}

/** Every group by name (4.13 does not page this list). */
export function listOidcGroups(db: Queryable) {
  return db.query<OidcGroupRow>('SELECT id, uuid, name FROM oidc_group ORDER BY name, id')
}

export function findOidcGroupByUuid(db: Queryable, uuid: string) {
  return maybeOne<OidcGroupRow>(db, 'SELECT id, uuid, name FROM oidc_group WHERE uuid = $1', [
    uuid,
  ])
}

export function findOidcGroupByName(db: Queryable, name: string) {
  return maybeOne<OidcGroupRow>(
    db,
    'SELECT id, uuid, name FROM oidc_group WHERE name = $1 ORDER BY id LIMIT 1',
    [name],
  )
}

export async function insertOidcGroup(db: Queryable, name: string) {
  const rows = await db.query<OidcGroupRow>(
    'INSERT INTO oidc_group (name) VALUES ($1) RETURNING id, uuid, name',
    [name],
  )
  return rows[0]!
}

export async function renameOidcGroup(db: Queryable, id: number, name: string) {
  await db.query('UPDATE oidc_group SET name = $2 WHERE id = $1', [id, name])
}

/** Its team mappings go with it (foreign key cascade). */
export async function deleteOidcGroup(db: Queryable, id: number) {
  await db.query('DELETE FROM oidc_group WHERE id = $1', [id])
}

/** The teams a group is mapped to, by name. */
export function teamsOfOidcGroup(db: Queryable, groupId: number) {
  return db.query<TeamRow>(
    `SELECT t.id, t.uuid, t.name FROM mapped_oidc_group m JOIN team t ON t.id = m.team_id
     WHERE m.group_id = $1 ORDER BY t.name, t.id`,
    [groupId],
  )
}

/** The new mapping's UUID; undefined when the team and group were mapped already. */
export async function insertMapping(db: Queryable, teamId: number, groupId: number) {
  const rows = await db.query<{ uuid: string }>(
    `INSERT INTO mapped_oidc_group (team_id, group_id) VALUES ($1, $2)
     ON CONFLICT (team_id, group_id) DO NOTHING RETURNING uuid`,
    [teamId, groupId],
  )
  return rows[0]?.uuid
}

/** Whether a mapping with this UUID existed. */
export async function deleteMappingByUuid(db: Queryable, uuid: string) {
  const rows = await db.query('DELETE FROM mapped_oidc_group WHERE uuid = $1 RETURNING id', [uuid])
  return rows.length > 0
}

/** Whether the team and group were mapped. */
export async function deleteMapping(db: Queryable, teamId: number, groupId: number) {
  const rows = await db.query(
    'DELETE FROM mapped_oidc_group WHERE team_id = $1 AND group_id = $2 RETURNING id',
    [teamId, groupId],
  )
  return rows.length > 0
}

/**
 * Team synchronisation: the user ends up in exactly the teams mapped to a group whose name the
 * provider claimed, leaving every other team (Dependency-Track's synchronizeTeamMembership).
 */
export async function synchroniseOidcTeams(db: Queryable, userId: number, groupNames: string[]) {
  await db.query(
    `DELETE FROM team_membership tm WHERE tm.user_id = $1 AND NOT EXISTS (
       SELECT 1 FROM mapped_oidc_group m JOIN oidc_group g ON g.id = m.group_id
       WHERE m.team_id = tm.team_id AND g.name = ANY($2::text[]))`,
    [userId, groupNames],
  )
  await db.query(
    `INSERT INTO team_membership (team_id, user_id)
     SELECT DISTINCT m.team_id, $1::bigint FROM mapped_oidc_group m
       JOIN oidc_group g ON g.id = m.group_id
     WHERE g.name = ANY($2::text[])
     ON CONFLICT DO NOTHING`,
    [userId, groupNames],
  )
}
