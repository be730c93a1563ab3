import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import type { Queryable } from '../../db/database.ts'
import * as keys from '../../data/api-keys.ts'
import * as teams from '../../data/teams.ts'
import { userTeams } from '../../data/users.ts'
import { textError } from '../../lib/errors.ts'
import type { Principal } from '../auth/principal.ts'

export type { TeamRow } from '../../data/teams.ts'

const isUuid = (value: unknown): value is string => z.uuid().safeParse(value).success

/** The team with this UUID; anything else (missing, malformed) is DT's plain 404. */
export async function requireTeam(db: Queryable, uuid: unknown) {
  const team = isUuid(uuid) ? await teams.findTeamByUuid(db, uuid) : undefined
  if (!team) throw textError(404, 'The team could not be found.')
  return team
}

export const listTeams = (db: Queryable) => teams.listTeamRows(db)
export const createTeam = (db: Queryable, name: string) => teams.insertTeam(db, name)

export async function renameTeam(db: Queryable, uuid: unknown, name: string) {
  const team = await requireTeam(db, uuid)
  await teams.renameTeam(db, team.id, name)
  return { ...team, name }
}

export async function deleteTeam(ctx: AppContext, uuid: unknown) {
  const team = await requireTeam(ctx.db, uuid)
  await ctx.db.transaction((tx) => teams.deleteTeam(tx, team.id))
}

/** Access managers see every team; others the teams they (or their API key) belong to. */
export async function visibleTeams(db: Queryable, principal: Principal, seesAll: boolean) {
  if (seesAll) return teams.listTeamRows(db)
  return principal.kind === 'user'
    ? userTeams(db, principal.user.id)
    : keys.apiKeyTeams(db, principal.apiKey.id)
}

/** GET /team/self: only an API key has a team of its own. */
export async function apiKeyOwnTeam(db: Queryable, principal: Principal) {
  if (principal.kind !== 'apiKey') throw textError(400, 'Invalid API key supplied.')
  const [team] = await keys.apiKeyTeams(db, principal.apiKey.id)
  if (!team) throw textError(404, 'No Team for the given API key found.')
  const permissions = await teams.teamPermissions(db, [team.id])
  return {
    uuid: team.uuid,
    name: team.name,
    permissions: permissions.map(({ name, description }) => ({ name, description })),
  }
}
