import { z } from 'zod'
import type { Queryable } from '../../db/database.ts'
import * as groups from '../../data/oidc-groups.ts'
import { findTeamByUuid } from '../../data/teams.ts'
import { textError } from '../../lib/errors.ts'
import { sizeMessage } from '../column-sizes.ts'

export type { OidcGroupRow } from '../../data/oidc-groups.ts'

/**
 * OpenID Connect groups and their team mappings (dt-api-admin §10.7). The 404 sentences differ
 * per operation in 4.13, so each is kept word for word.
 */
export const GROUP_EXISTS = 'A group with the same name already exists. Cannot create new group'
export const GROUP_NOT_FOUND_ON_RENAME =
  'An OpenID Connect group with the specified UUID does not exists.'
export const GROUP_NOT_FOUND_ON_DELETE =
  'An OpenID Connect group with the specified UUID could not be found.'
export const GROUP_NOT_FOUND_ON_TEAMS = 'A mapping with the specified UUID could not be found.'
export const MAPPING_TEAM_NOT_FOUND = 'A team with the specified UUID could not be found.'
export const MAPPING_GROUP_NOT_FOUND = 'A group with the specified UUID could not be found.'
export const MAPPING_EXISTS = 'A mapping for the same team and group already exists.'
export const MAPPING_NOT_FOUND = 'The UUID of the mapping could not be found.'
export const UNMAP_TEAM_NOT_FOUND = 'The UUID of the team could not be found.'
export const UNMAP_GROUP_NOT_FOUND = 'The UUID of the group could not be found.'

/** Alpine's OidcGroup.name: @NotBlank, @Size(1, 255), no control characters. */
export const OidcGroupName = z
  .string({ error: 'must not be blank' })
  .refine((name) => name.trim() !== '', 'must not be blank')
  .max(255, sizeMessage(1, 255))
  .regex(/^\P{Cc}*$/u, 'The name must not contain control characters')

const isUuid = (value: unknown): value is string => z.uuid().safeParse(value).success

async function findGroup(db: Queryable, uuid: unknown, notFound: string) {
  const group = isUuid(uuid) ? await groups.findOidcGroupByUuid(db, uuid) : undefined
  if (!group) throw textError(404, notFound)
  return group
}

async function findTeam(db: Queryable, uuid: unknown, notFound: string) {
  const team = isUuid(uuid) ? await findTeamByUuid(db, uuid) : undefined
  if (!team) throw textError(404, notFound)
  return team
}

export const listOidcGroups = (db: Queryable) => groups.listOidcGroups(db)

/** Names are unique when a group is created only; 4.13 lets a rename repeat one. */
export async function createOidcGroup(db: Queryable, name: string) {
  if (await groups.findOidcGroupByName(db, name)) throw textError(409, GROUP_EXISTS)
  return groups.insertOidcGroup(db, name)
}

export async function renameOidcGroup(db: Queryable, uuid: unknown, name: string) {
  const group = await findGroup(db, uuid, GROUP_NOT_FOUND_ON_RENAME)
  await groups.renameOidcGroup(db, group.id, name)
  return { ...group, name }
}

export async function deleteOidcGroup(db: Queryable, uuid: string) {
  const group = await findGroup(db, uuid, GROUP_NOT_FOUND_ON_DELETE)
  await groups.deleteOidcGroup(db, group.id)
}

export async function teamsOfOidcGroup(db: Queryable, uuid: string) {
  const group = await findGroup(db, uuid, GROUP_NOT_FOUND_ON_TEAMS)
  return groups.teamsOfOidcGroup(db, group.id)
}

/** PUT /oidc/mapping: the team is looked up first, as 4.13 does. */
export async function mapGroupToTeam(db: Queryable, teamUuid: string, groupUuid: string) {
  const team = await findTeam(db, teamUuid, MAPPING_TEAM_NOT_FOUND)
  const group = await findGroup(db, groupUuid, MAPPING_GROUP_NOT_FOUND)
  const uuid = await groups.insertMapping(db, team.id, group.id)
  if (!uuid) throw textError(409, MAPPING_EXISTS)
  return { uuid, group: { uuid: group.uuid, name: group.name } }
}

export async function deleteMappingByUuid(db: Queryable, uuid: string) {
  if (!(await groups.deleteMappingByUuid(db, uuid))) throw textError(404, MAPPING_NOT_FOUND)
}

export async function unmapGroupFromTeam(db: Queryable, groupUuid: string, teamUuid: string) {
  const team = await findTeam(db, teamUuid, UNMAP_TEAM_NOT_FOUND)
  const group = await findGroup(db, groupUuid, UNMAP_GROUP_NOT_FOUND)
  if (!(await groups.deleteMapping(db, team.id, group.id))) {
    throw textError(
      404,
      `A mapping for the group ${group.name} and team ${team.name} does not exist.`,
    )
  }
}
