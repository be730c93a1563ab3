import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import * as grants from '../../domain/permissions/grants.ts'
import { withOneTeamDetails } from '../../domain/teams/details.ts'
import { withOneUserDetails } from '../../domain/users/details.ts'
import { accessManagement, NotModified, plainText } from '../kit/index.ts'
import { PermissionJson, TeamJson, UserJson } from '../schemas.ts'
import { teamJson, userJson } from '../serializers.ts'
import type { Api } from '../types.ts'

const tags = ['permission']
const NotFound = plainText('The user, team or permission could not be found.')

export default function permissionRoutes(app: Api, ctx: AppContext) {
  app.get(
    '/v1/permission',
    {
      config: { access: accessManagement },
      schema: { tags, summary: 'All permissions', response: { 200: z.array(PermissionJson) } },
    },
    async () => grants.listPermissions(ctx.db),
  )

  for (const method of ['POST', 'DELETE'] as const) {
    const change = method === 'POST' ? 'grant' : 'revoke'
    app.route({
      method,
      url: '/v1/permission/:permission/user/:username',
      config: { access: accessManagement },
      schema: {
        tags,
        summary: method === 'POST' ? 'Grant a permission to a user' : 'Revoke a user’s permission',
        params: z.object({ permission: z.string(), username: z.string() }),
        response: { 200: UserJson, 304: NotModified, 404: NotFound },
      },
      handler: async (request) => {
        const { permission, username } = request.params
        const user = await grants.changeUserPermission(ctx.db, change, permission, username)
        return userJson(await withOneUserDetails(ctx.db, user))
      },
    })

    app.route({
      method,
      url: '/v1/permission/:permission/team/:uuid',
      config: { access: accessManagement },
      schema: {
        tags,
        summary: method === 'POST' ? 'Grant a permission to a team' : 'Revoke a team’s permission',
        params: z.object({ permission: z.string(), uuid: z.string() }),
        response: { 200: TeamJson, 304: NotModified, 404: NotFound },
      },
      handler: async (request) => {
        const { permission, uuid } = request.params
        const team = await grants.changeTeamPermission(ctx.db, change, permission, uuid)
        return teamJson(ctx.env.LOOKOUT_API_KEY_PREFIX, await withOneTeamDetails(ctx.db, team))
      },
    })
  }
}
