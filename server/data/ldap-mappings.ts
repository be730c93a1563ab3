import type { Queryable } from '../db/database.ts'

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
