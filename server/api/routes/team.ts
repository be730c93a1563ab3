import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import * as apiKeys from '../../domain/teams/api-keys.ts'
import { withOneTeamDetails, withTeamDetails } from '../../domain/teams/details.ts'
import * as teams from '../../domain/teams/teams.ts'
import type { TeamRow } from '../../domain/teams/teams.ts'
import { hasPermission } from '../../http/access.ts'
import {
  accessManagement,
  anyPrincipal,
  NoContent,
  plainText,
  ValidUuidParams,
} from '../kit/index.ts'
import { ApiKeyJson, PermissionJson, TeamJson, TeamRefJson } from '../schemas.ts'
import { apiKeyJson, teamJson } from '../serializers.ts'
import type { Api } from '../types.ts'

const tags = ['team']
const TeamName = z
  .string()
  .min(1, 'size must be between 1 and 255')
  .max(255, 'size must be between 1 and 255')
  .regex(/^[^\p{Cc}]*$/u, 'The name may not contain control characters')
const KeyParams = z.object({ publicIdOrKey: z.string() })
const TeamNotFound = plainText('The team could not be found.')
const KeyNotFound = plainText('The API key could not be found.')
/** Beyond 4.13 (DT#7316): epoch ms; null or absent means the key never expires. */
const Expires = z.number().int().min(0).nullish()
const ExpiryInThePast = plainText(apiKeys.EXPIRY_IN_THE_PAST)

export default function teamRoutes(app: Api, ctx: AppContext) {
  const prefix = ctx.env.LOOKOUT_API_KEY_PREFIX
  const oneTeamJson = async (team: TeamRow) =>
    teamJson(prefix, await withOneTeamDetails(ctx.db, team))

  app.get(
    '/v1/team',
    {
      config: { access: accessManagement },
      schema: { tags, summary: 'All teams', response: { 200: z.array(TeamJson) } },
    },
    async (_request, reply) => {
      const rows = await teams.listTeams(ctx.db)
      reply.header('X-Total-Count', String(rows.length))
      return (await withTeamDetails(ctx.db, rows)).map((details) => teamJson(prefix, details))
    },
  )

  app.get(
    '/v1/team/visible',
    {
      config: { access: anyPrincipal },
      schema: {
        tags,
        summary: 'Teams the caller may assign projects to',
        response: { 200: z.array(TeamRefJson) },
      },
    },
    async (request) => {
      const seesAll = hasPermission(request, 'ACCESS_MANAGEMENT')
      const rows = await teams.visibleTeams(ctx.db, request.principal!, seesAll)
      return rows.map(({ uuid, name }) => ({ name, uuid }))
    },
  )

  app.get(
    '/v1/team/self',
    {
      config: { access: anyPrincipal },
      schema: {
        tags,
        summary: 'The team of the calling API key',
        response: {
          200: z.object({
            uuid: z.string(),
            name: z.string(),
            permissions: z.array(PermissionJson),
          }),
          400: plainText('Invalid API key supplied.'),
          404: plainText('No Team for the given API key found.'),
        },
      },
    },
    async (request) => teams.apiKeyOwnTeam(ctx.db, request.principal!),
  )

  app.get(
    '/v1/team/:uuid',
    {
      config: { access: accessManagement },
      schema: {
        tags,
        summary: 'One team',
        params: ValidUuidParams,
        response: { 200: TeamJson, 404: TeamNotFound },
      },
    },
    async (request) => oneTeamJson(await teams.requireTeam(ctx.db, request.params.uuid)),
  )

  app.put(
    '/v1/team',
    {
      config: { access: accessManagement, consumes: 'json' },
      schema: {
        tags,
        summary: 'Create a team',
        body: z.object({ name: TeamName }).loose(),
        response: { 201: TeamJson },
      },
    },
    async (request, reply) => {
      const team = await teams.createTeam(ctx.db, request.body.name)
      return reply.status(201).send(await oneTeamJson(team))
    },
  )

  app.post(
    '/v1/team',
    {
      config: { access: accessManagement, consumes: 'json' },
      schema: {
        tags,
        summary: 'Rename a team',
        // A missing uuid finds no team (404), as in 4.13, which validates only the name.
        body: z.object({ uuid: z.string().nullish(), name: TeamName }).loose(),
        response: { 200: TeamJson, 404: TeamNotFound },
      },
    },
    async (request) =>
      oneTeamJson(await teams.renameTeam(ctx.db, request.body.uuid, request.body.name)),
  )

  app.delete(
    '/v1/team',
    {
      config: { access: accessManagement, consumes: 'json' },
      schema: {
        tags,
        summary: 'Delete a team',
        body: z.object({ uuid: z.string().nullish() }).loose(),
        response: { 204: NoContent, 404: TeamNotFound },
      },
    },
    async (request, reply) => {
      await teams.deleteTeam(ctx, request.body?.uuid)
      return reply.status(204).send()
    },
  )

  app.put(
    '/v1/team/:uuid/key',
    {
      config: { access: accessManagement, consumes: 'json' },
      schema: {
        tags,
        summary:
          'Generate an API key for a team; the full key is shown only in this answer. Beyond ' +
          '4.13: an optional body {"expires": epoch ms} makes it stop working then',
        params: ValidUuidParams,
        body: z.object({ expires: Expires }).loose().nullish(),
        response: { 201: ApiKeyJson, 400: ExpiryInThePast, 404: TeamNotFound },
      },
    },
    async (request, reply) => {
      const { uuid } = request.params
      const expires = request.body?.expires
      const { row, clearKey } = await apiKeys.generateTeamKey(ctx, uuid, expires)
      return reply.status(201).send(apiKeyJson(prefix, row, clearKey))
    },
  )

  app.post(
    '/v1/team/key/:publicIdOrKey',
    {
      config: { access: accessManagement },
      schema: {
        tags,
        summary: 'Regenerate an API key’s secret (same public ID)',
        params: KeyParams,
        response: { 200: ApiKeyJson, 404: KeyNotFound },
      },
    },
    async (request) => {
      const { row, clearKey } = await apiKeys.regenerateKey(ctx, request.params.publicIdOrKey)
      return apiKeyJson(prefix, row, clearKey)
    },
  )

  app.post(
    '/v1/team/key/:publicIdOrKey/comment',
    {
      config: { access: accessManagement, consumes: 'text' },
      schema: {
        tags,
        summary: 'Set an API key’s comment (plain-text body)',
        params: KeyParams,
        response: {
          200: ApiKeyJson,
          400: plainText('The comment may not be longer than 255 characters.'),
          404: KeyNotFound,
        },
      },
    },
    async (request) => {
      const comment = typeof request.body === 'string' ? request.body : ''
      const row = await apiKeys.setKeyComment(ctx, request.params.publicIdOrKey, comment)
      return apiKeyJson(prefix, row)
    },
  )

  app.post(
    '/v1/team/key/:publicIdOrKey/expires',
    {
      config: { access: accessManagement, consumes: 'json' },
      schema: {
        tags,
        summary: 'Beyond 4.13: set when an API key expires (epoch ms), or null for never',
        params: KeyParams,
        body: z.object({ expires: Expires }).loose(),
        response: { 200: ApiKeyJson, 400: ExpiryInThePast, 404: KeyNotFound },
      },
    },
    async (request) => {
      const { publicIdOrKey } = request.params
      return apiKeyJson(
        prefix,
        await apiKeys.setKeyExpiry(ctx, publicIdOrKey, request.body.expires),
      )
    },
  )

  app.delete(
    '/v1/team/key/:publicIdOrKey',
    {
      config: { access: accessManagement },
      schema: {
        tags,
        summary: 'Revoke an API key',
        params: KeyParams,
        response: { 204: NoContent, 404: KeyNotFound },
      },
    },
    async (request, reply) => {
      await apiKeys.revokeKey(ctx, request.params.publicIdOrKey)
      return reply.status(204).send()
    },
  )
}
