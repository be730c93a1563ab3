import type { Queryable } from '../db/database.ts'

/**
 * Portfolio access control (acl.enabled): without it everyone with the endpoint's permission
 * sees every project; with it, ACCESS_MANAGEMENT or a shared team is needed.
 */
export interface ProjectAccess {
  /**
   * undefined: no restriction. Otherwise only projects assigned to one of these teams; an empty
   * list (a principal in no team) matches nothing, where 4.13 shows everything (decision 019).
   */
  teamIds: number[] | undefined
}

export async function isAclEnabled(db: Queryable): Promise<boolean> {
  const rows = await db.query<{ property_value: string | null }>(
    `SELECT property_value FROM config_property
     WHERE group_name = 'access-management' AND property_name = 'acl.enabled'`,
  )
  return rows[0]?.property_value === 'true'
}

/** Team ids of a user (memberships) or of an API key. */
export async function principalTeamIds(
  db: Queryable,
  principal: { kind: 'user'; userId: number } | { kind: 'apiKey'; apiKeyId: number },
): Promise<number[]> {
  const rows =
    principal.kind === 'user'
      ? await db.query<{ team_id: number }>(
          'SELECT team_id FROM team_membership WHERE user_id = $1',
          [principal.userId],
        )
      : await db.query<{ team_id: number }>(
          'SELECT team_id FROM api_key_team WHERE api_key_id = $1 ORDER BY team_id',
          [principal.apiKeyId],
        )
  return rows.map((row) => Number(row.team_id))
}

export async function projectHasAnyTeam(db: Queryable, projectId: number, teamIds: number[]) {
  const rows = await db.query(
    `SELECT 1 FROM project_access_team WHERE project_id = $1 AND team_id = ANY($2::bigint[]) LIMIT 1`,
    [projectId, teamIds],
  )
  return rows.length > 0
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
