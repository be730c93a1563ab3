import { z } from 'zod'
import type { Queryable } from '../../db/database.ts'
import * as mappings from '../../data/ldap-mappings.ts'
import { findTeamByUuid } from '../../data/teams.ts'
import { textError } from '../../lib/errors.ts'

const isUuid = (value: unknown): value is string => z.uuid().safeParse(value).success

async function requireTeam(db: Queryable, uuid: unknown) {
  const team = isUuid(uuid) ? await findTeamByUuid(db, uuid) : undefined
  if (!team) throw textError(404, 'The UUID of the team could not be found.')
  return team
}

/** GET /ldap/team/{uuid}: the team's mapped groups, by DN. */
export async function teamMappings(db: Queryable, teamUuid: string) {
  const team = await requireTeam(db, teamUuid)
  return mappings.teamMappedLdapGroups(db, [team.id])
}

/** PUT /ldap/mapping. */
export async function addMapping(db: Queryable, teamUuid: string, dn: string) {
  const team = await requireTeam(db, teamUuid)
  const created = await mappings.insertMappedLdapGroup(db, team.id, dn)
  if (!created) throw textError(409, 'A mapping with the same team and dn already exists.')
  return created
}

/** DELETE /ldap/mapping/{uuid}. */
export async function removeMapping(db: Queryable, uuid: string) {
  const deleted = isUuid(uuid) && (await mappings.deleteMappedLdapGroup(db, uuid))
  if (!deleted) throw textError(404, 'The UUID of the mapping could not be found.')
}
