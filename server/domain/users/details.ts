import type { Queryable } from '../../db/database.ts'
import { usersTeamsAndPermissions, type UserRow } from '../../data/users.ts'

export interface UserDetails {
  user: UserRow
  teams: Array<{ uuid: string; name: string }>
  permissions: Array<{ name: string; description: string }>
}

/** Users with their teams and direct permissions, loaded together for any number of users. */
export async function withUserDetails(db: Queryable, users: UserRow[]): Promise<UserDetails[]> {
  const related = users.length
    ? await usersTeamsAndPermissions(
        db,
        users.map((user) => user.id),
      )
    : []
  return users.map((user) => {
    const own = related.filter((row) => Number(row.user_id) === Number(user.id))
    return {
      user,
      teams: own
        .filter((row) => row.relation === 'team')
        .map((row) => ({ uuid: row.uuid!, name: row.name })),
      permissions: own
        .filter((row) => row.relation === 'permission')
        .map((row) => ({ name: row.name, description: row.description! })),
    }
  })
}

export async function withOneUserDetails(db: Queryable, user: UserRow) {
  return (await withUserDetails(db, [user]))[0]!
}
