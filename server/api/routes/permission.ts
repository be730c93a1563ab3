import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import * as teams from '../../data/teams.ts'
import * as users from '../../data/users.ts'
import { isPermission } from '../../domain/auth/permissions.ts'
import { emptyError, textError } from '../../shared/errors.ts'
import { PermissionJson } from '../schemas.ts'
import { teamsJson, userJson } from '../serializers.ts'
import type { Api } from '../types.ts'

const accessManagement = { anyOf: ['ACCESS_MANAGEMENT'] } as const

export function permissionRoutes(app: Api, ctx: AppContext) {
  app.get(
    '/v1/permission',
    {
      config: { access: accessManagement },
      schema: {
        tags: ['permission'],
        summary: 'All permissions',
        response: { 200: z.array(PermissionJson) },
      },
    },
    async () =>
      ctx.db.query<{ name: string; description: string }>(
        'SELECT name, description FROM permission ORDER BY name',
      ),
  )

  for (const method of ['POST', 'DELETE'] as const) {
    app.route({
      method,
      url: '/v1/permission/:permission/user/:username',
      config: { access: accessManagement },
      schema: {
        tags: ['permission'],
        summary: method === 'POST' ? 'Grant a permission to a user' : 'Revoke a user’s permission',
        params: z.object({ permission: z.string(), username: z.string() }),
      },
      handler: async (request) => {
        const user = await users.findUserAnyKind(ctx.db, request.params.username)
        if (!user) throw textError(404, 'The user could not be found.')
        if (!isPermission(request.params.permission)) {
          throw textError(404, 'The permission could not be found.')
        }
        const changed =
          method === 'POST'
            ? await users.grantUserPermission(ctx.db, user.id, request.params.permission)
            : await users.revokeUserPermission(ctx.db, user.id, request.params.permission)
        if (!changed) throw emptyError(304)
        return userJson(ctx.db, user)
      },
    })

    app.route({
      method,
      url: '/v1/permission/:permission/team/:uuid',
      config: { access: accessManagement },
      schema: {
        tags: ['permission'],
        summary: method === 'POST' ? 'Grant a permission to a team' : 'Revoke a team’s permission',
        params: z.object({ permission: z.string(), uuid: z.string() }),
      },
      handler: async (request) => {
        const team = z.uuid().safeParse(request.params.uuid).success
          ? await teams.findTeamByUuid(ctx.db, request.params.uuid)
          : undefined
        if (!team) throw textError(404, 'The team could not be found.')
        if (!isPermission(request.params.permission)) {
          throw textError(404, 'The permission could not be found.')
        }
        const changed =
          method === 'POST'
            ? await teams.grantTeamPermission(ctx.db, team.id, request.params.permission)
            : await teams.revokeTeamPermission(ctx.db, team.id, request.params.permission)
        if (!changed) throw emptyError(304)
        return (await teamsJson(ctx.db, ctx.env.LOOKOUT_API_KEY_PREFIX, [team]))[0]
      },
    })
  }
}
