import type { Queryable } from '../db/database.ts'

/** Gives a team access to a project; false when it already had it. */
export async function insertAclMapping(db: Queryable, teamId: number, projectId: number) {
  const rows = await db.query(
    `INSERT INTO project_access_team (project_id, team_id) VALUES ($1, $2)
     ON CONFLICT DO NOTHING RETURNING project_id`,
    [projectId, teamId],
  )
  return rows.length > 0
}

/** Takes a team's access to a project away (nothing happens when it had none). */
export async function deleteAclMapping(db: Queryable, teamId: number, projectId: number) {
  await db.query('DELETE FROM project_access_team WHERE project_id = $1 AND team_id = $2', [
    projectId,
    teamId,
  ])
}
