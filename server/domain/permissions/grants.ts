import type { Queryable } from '../../db/database.ts'
import * as teams from '../../data/teams.ts'
import * as users from '../../data/users.ts'
import { emptyError, textError } from '../../lib/errors.ts'
import { isPermission } from '../auth/permissions.ts'
import { requireTeam } from '../teams/teams.ts'

export { listPermissions } from '../../data/permissions.ts'

export type GrantChange = 'grant' | 'revoke'

function requirePermission(name: string) {
  if (!isPermission(name)) throw textError(404, 'The permission could not be found.')
  return name
}

/** Grants or revokes a user's direct permission; 304 when it was already so. */
export async function changeUserPermission(
  db: Queryable,
  change: GrantChange,
  permissionName: string,
  username: string,
) {
  const user = await users.findUserAnyKind(db, username)
  if (!user) throw textError(404, 'The user could not be found.')
  const permission = requirePermission(permissionName)
  const changed =
    change === 'grant'
      ? await users.grantUserPermission(db, user.id, permission)
      : await users.revokeUserPermission(db, user.id, permission)
  if (!changed) throw emptyError(304)
  return user
}

/** Grants or revokes a team's permission; 304 when it was already so. */
export async function changeTeamPermission(
  db: Queryable,
  change: GrantChange,
  permissionName: string,
  teamUuid: string,
) {
  const team = await requireTeam(db, teamUuid)
  const permission = requirePermission(permissionName)
  const changed =
    change === 'grant'
      ? await teams.grantTeamPermission(db, team.id, permission)
      : await teams.revokeTeamPermission(db, team.id, permission)
  if (!changed) throw emptyError(304)
  return team
}
