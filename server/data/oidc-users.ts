import type { Queryable } from '../db/database.ts'

/** An OpenID Connect user as PUT /user/oidc or provisioning creates one; undefined if taken. */
export async function insertOidcUser(
  db: Queryable,
  user: { username: string; subject: string | null; email: string | null },
) {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO app_user (kind, username, subject_identifier, email) VALUES ('OIDC', $1, $2, $3)
     ON CONFLICT (kind, username) DO NOTHING RETURNING id`,
    [user.username, user.subject, user.email],
  )
  return rows[0]?.id
}

export async function updateOidcIdentity(
  db: Queryable,
  id: number,
  identity: { subject: string; email: string | null },
) {
  await db.query('UPDATE app_user SET subject_identifier = $2, email = $3 WHERE id = $1', [
    id,
    identity.subject,
    identity.email,
  ])
}

/** Adds the user to every team with one of these names (unknown names are skipped). */
export async function addToTeamsNamed(db: Queryable, userId: number, teamNames: string[]) {
  await db.query(
    `INSERT INTO team_membership (team_id, user_id)
     SELECT id, $1::bigint FROM team WHERE name = ANY($2::text[])
     ON CONFLICT DO NOTHING`,
    [userId, teamNames],
  )
}
