import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import * as groups from '../../domain/oidc/groups.ts'
import { oidcProvider } from '../../domain/oidc/provider.ts'
import { withTeamDetails } from '../../domain/teams/details.ts'
import {
  accessManagement,
  bodyUuid,
  NoContent,
  plainText,
  publicAccess,
  ValidUuid,
  ValidUuidParams,
} from '../kit/index.ts'
import { MappedOidcGroupJson, OidcGroupJson, TeamJson } from '../schemas.ts'
import { teamJson } from '../serializers.ts'
import type { Api } from '../types.ts'

const tags = ['oidc']
const groupJson = ({ uuid, name }: { uuid: string; name: string }) => ({ uuid, name })
const NameBody = z.object({ name: groups.OidcGroupName }).loose()

/** OpenID Connect availability, groups and their team mappings (dt-api-admin §2.4, §10.7). */
export default function oidcRoutes(app: Api, ctx: AppContext) {
  const config = { access: accessManagement }

  app.get(
    '/v1/oidc/available',
    {
      config: { access: publicAccess },
      schema: {
        tags,
        summary: 'Whether OpenID Connect sign-in is configured and reachable',
        response: { 200: plainText('true or false') },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send(String(Boolean(await oidcProvider(ctx).discovery()))),
  )

  app.get(
    '/v1/oidc/group',
    {
      config,
      schema: {
        tags,
        summary: 'Every OpenID Connect group by name (not paged, as in 4.13)',
        response: { 200: z.array(OidcGroupJson) },
      },
    },
    async () => (await groups.listOidcGroups(ctx.db)).map(groupJson),
  )

  app.put(
    '/v1/oidc/group',
    {
      config: { ...config, consumes: 'json' },
      schema: {
        tags,
        summary: 'Create a group (its name must be new)',
        body: NameBody,
        response: { 201: OidcGroupJson, 409: plainText(groups.GROUP_EXISTS) },
      },
    },
    async (request, reply) => {
      const group = await groups.createOidcGroup(ctx.db, request.body.name)
      return reply.status(201).send(groupJson(group))
    },
  )

  app.post(
    '/v1/oidc/group',
    {
      config: { ...config, consumes: 'json' },
      schema: {
        tags,
        summary: 'Rename a group (as in 4.13, another group may have the name)',
        body: NameBody.extend({ uuid: z.string({ error: 'must not be null' }) }),
        response: { 200: OidcGroupJson, 404: plainText(groups.GROUP_NOT_FOUND_ON_RENAME) },
      },
    },
    async (request) =>
      groupJson(await groups.renameOidcGroup(ctx.db, request.body.uuid, request.body.name)),
  )

  app.delete(
    '/v1/oidc/group/:uuid',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a group and its team mappings',
        params: ValidUuidParams,
        response: { 204: NoContent, 404: plainText(groups.GROUP_NOT_FOUND_ON_DELETE) },
      },
    },
    async (request, reply) => {
      await groups.deleteOidcGroup(ctx.db, request.params.uuid)
      return reply.status(204).send()
    },
  )

  app.get(
    '/v1/oidc/group/:uuid/team',
    {
      config,
      schema: {
        tags,
        summary: 'The teams a group is mapped to',
        params: ValidUuidParams,
        response: { 200: z.array(TeamJson), 404: plainText(groups.GROUP_NOT_FOUND_ON_TEAMS) },
      },
    },
    async (request) => {
      const teams = await groups.teamsOfOidcGroup(ctx.db, request.params.uuid)
      const prefix = ctx.env.LOOKOUT_API_KEY_PREFIX
      return (await withTeamDetails(ctx.db, teams)).map((details) => teamJson(prefix, details))
    },
  )

  app.put(
    '/v1/oidc/mapping',
    {
      config: { ...config, consumes: 'json' },
      schema: {
        tags,
        summary: 'Map a group to a team (answers 200, as 4.13 does)',
        body: z.object({ team: bodyUuid('team'), group: bodyUuid('group') }).loose(),
        response: {
          200: MappedOidcGroupJson,
          404: plainText(`${groups.MAPPING_TEAM_NOT_FOUND} / ${groups.MAPPING_GROUP_NOT_FOUND}`),
          409: plainText(groups.MAPPING_EXISTS),
        },
      },
    },
    async (request) => groups.mapGroupToTeam(ctx.db, request.body.team, request.body.group),
  )

  app.delete(
    '/v1/oidc/mapping/:uuid',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a mapping by its UUID',
        params: ValidUuidParams,
        response: { 204: NoContent, 404: plainText(groups.MAPPING_NOT_FOUND) },
      },
    },
    async (request, reply) => {
      await groups.deleteMappingByUuid(ctx.db, request.params.uuid)
      return reply.status(204).send()
    },
  )

  app.delete(
    '/v1/oidc/group/:groupUuid/team/:teamUuid/mapping',
    {
      config,
      schema: {
        tags,
        summary: 'Delete the mapping of a group to a team',
        params: z.object({ groupUuid: ValidUuid, teamUuid: ValidUuid }),
        response: {
          204: NoContent,
          404: plainText(
            `${groups.UNMAP_TEAM_NOT_FOUND} / ${groups.UNMAP_GROUP_NOT_FOUND} / ` +
              'A mapping for the group <g> and team <t> does not exist.',
          ),
        },
      },
    },
    async (request, reply) => {
      const { groupUuid, teamUuid } = request.params
      await groups.unmapGroupFromTeam(ctx.db, groupUuid, teamUuid)
      return reply.status(204).send()
    },
  )
}
