import type { Queryable } from '../db/database.ts'

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
