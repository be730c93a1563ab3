import type { Queryable } from '../../db/database.ts'
import { isAclEnabled, principalTeamIds, projectHasAnyTeam } from '../../data/project-access.ts'
import type { Principal } from '../auth/principal.ts'

/**
 * Portfolio access control (acl.enabled): without it everyone with the endpoint's permission
 * sees every project; with it, ACCESS_MANAGEMENT or a shared team is needed.
 */
export interface ProjectAccess {
  /** undefined: no restriction. Otherwise only projects assigned to one of these teams. */
  teamIds: number[] | undefined
}

export async function projectAccessFor(
  db: Queryable,
  principal: Principal | undefined,
): Promise<ProjectAccess> {
  if (!principal || principal.permissions.has('ACCESS_MANAGEMENT')) return { teamIds: undefined }
  if (!(await isAclEnabled(db))) return { teamIds: undefined }
  const teamIds = await principalTeamIds(
    db,
    principal.kind === 'user'
      ? { kind: 'user', userId: principal.user.id }
      : { kind: 'apiKey', apiKeyId: principal.apiKey.id },
  )
  return { teamIds }
}

export async function canAccessProject(db: Queryable, access: ProjectAccess, projectId: number) {
  if (!access.teamIds) return true
  return projectHasAnyTeam(db, projectId, access.teamIds)
}

/**
 * A SQL condition restricting `alias` (a project table alias) to accessible projects.
 * paramIndex is the number of the next $n placeholder; the returned params follow in order.
 */
export function accessCondition(access: ProjectAccess, alias: string, paramIndex: number) {
  if (!access.teamIds) return { sql: 'TRUE', params: [] as unknown[] }
  return {
    sql: `EXISTS (SELECT 1 FROM project_access_team pat WHERE pat.project_id = ${alias}.id
            AND pat.team_id = ANY($${paramIndex}::bigint[]))`,
    params: [access.teamIds] as unknown[],
  }
}
