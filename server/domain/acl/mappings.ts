import type { Queryable } from '../../db/database.ts'
import { deleteAclMapping, insertAclMapping } from '../../data/acl.ts'
import { findProjectByUuid } from '../../data/projects.ts'
import { findTeamByUuid } from '../../data/teams.ts'
import { textError } from '../../lib/errors.ts'
import type { ListQuery } from '../../lib/list-query.ts'
import { listAssignedToTeam, type ListFlags } from '../projects/queries.ts'

export const TEAM_NOT_FOUND = 'The UUID of the team could not be found.'
export const MAPPING_EXISTS = 'A mapping with the same team and project already exists.'
export const TEAM_OR_PROJECT_NOT_FOUND = 'The UUID of the team or project could not be found.'

/** The projects a team may see, for the access page: the ACL itself does not apply here. */
export async function teamProjects(
  db: Queryable,
  teamUuid: string,
  flags: ListFlags,
  list: ListQuery,
) {
  const team = await findTeamByUuid(db, teamUuid)
  if (!team) throw textError(404, TEAM_NOT_FOUND)
  return listAssignedToTeam(db, Number(team.id), flags, list)
}

/**
 * PUT /acl/mapping. 4.13 answers the team's 404 sentence for a missing project too; Lookout keeps
 * the sentence, since clients match on it.
 */
export async function addMapping(db: Queryable, teamUuid: string, projectUuid: string) {
  const team = await findTeamByUuid(db, teamUuid)
  const project = team && (await findProjectByUuid(db, projectUuid))
  if (!team || !project) throw textError(404, TEAM_NOT_FOUND)
  if (!(await insertAclMapping(db, Number(team.id), project.id))) {
    throw textError(409, MAPPING_EXISTS)
  }
}

/** DELETE /acl/mapping/…: 200 whether or not the team had access. */
export async function removeMapping(db: Queryable, teamUuid: string, projectUuid: string) {
  const team = await findTeamByUuid(db, teamUuid)
  const project = team && (await findProjectByUuid(db, projectUuid))
  if (!team || !project) throw textError(404, TEAM_OR_PROJECT_NOT_FOUND)
  await deleteAclMapping(db, Number(team.id), project.id)
}
