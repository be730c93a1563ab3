import type { Queryable } from '../db/database.ts'
import { maybeOne } from '../db/database.ts'

export interface MappedLdapGroupRow {
  team_id: number
  uuid: string
  dn: string
}

export function teamMappedLdapGroups(db: Queryable, teamIds: number[]) {
  return db.query<MappedLdapGroupRow>(
    `SELECT team_id, uuid, dn FROM mapped_ldap_group
     WHERE team_id = ANY($1::bigint[]) ORDER BY dn, id`,
    [teamIds],
  )
}

/** The new mapping; undefined when the team already maps that DN. */
export function insertMappedLdapGroup(db: Queryable, teamId: number, dn: string) {
  return maybeOne<MappedLdapGroupRow>(
    db,
    `INSERT INTO mapped_ldap_group (team_id, dn) VALUES ($1, $2)
     ON CONFLICT (team_id, dn) DO NOTHING RETURNING team_id, uuid, dn`,
    [teamId, dn],
  )
}

/** Whether a mapping with that UUID existed (and is now gone). */
export async function deleteMappedLdapGroup(db: Queryable, uuid: string) {
  const rows = await db.query('DELETE FROM mapped_ldap_group WHERE uuid = $1 RETURNING id', [uuid])
  return rows.length > 0
}

/**
 * Team synchronisation (Alpine's synchronizeTeamMembership): the user ends up in exactly the teams
 * that map one of their group DNs, and leaves every other team. DNs compare case-insensitively,
 * as the directory does.
 */
export async function synchronizeLdapTeams(db: Queryable, userId: number, groupDns: string[]) {
  const dns = groupDns.map((dn) => dn.toLowerCase())
  await db.query(
    `DELETE FROM team_membership WHERE user_id = $1 AND team_id NOT IN (
       SELECT team_id FROM mapped_ldap_group WHERE lower(dn) = ANY($2::text[]))`,
    [userId, dns],
  )
  await db.query(
    `INSERT INTO team_membership (team_id, user_id)
     SELECT DISTINCT team_id, $1::bigint FROM mapped_ldap_group WHERE lower(dn) = ANY($2::text[])
     ON CONFLICT DO NOTHING`,
    [userId, dns],
  )
}
