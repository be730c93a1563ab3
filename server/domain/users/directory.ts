import type { Queryable } from '../../db/database.ts'
import * as users from '../../data/users.ts'
import { emptyError, textError } from '../../lib/errors.ts'
import { requireTeam } from '../teams/teams.ts'

export type { UserKind, UserRow } from '../../data/users.ts'

export const listUsers = (db: Queryable, kind: users.UserKind) => users.listUsers(db, kind)

export async function deleteUser(db: Queryable, kind: users.UserKind, username: unknown) {
  const user =
    typeof username === 'string' && username ? await users.findUser(db, kind, username) : undefined
  if (!user) throw textError(404, 'The user could not be found.')
  await users.deleteUser(db, user.id)
}

/** Adds a user to a team or removes them; 304 when it was already so. */
export async function changeMembership(
  db: Queryable,
  change: 'add' | 'remove',
  username: string,
  teamUuid: unknown,
) {
  const team = await requireTeam(db, teamUuid)
  const user = await users.findUserAnyKind(db, username)
  if (!user) throw textError(404, 'The user could not be found.')
  const changed =
    change === 'add'
      ? await users.addMembership(db, user.id, team.id)
      : await users.removeMembership(db, user.id, team.id)
  if (!changed) throw emptyError(304)
  return user
}
