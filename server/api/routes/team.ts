import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import * as keys from '../../data/api-keys.ts'
import * as teams from '../../data/teams.ts'
import { userTeams } from '../../data/users.ts'
import { decodeApiKey, generateApiKey } from '../../domain/auth/api-keys.ts'
import { hasPermission } from '../../http/access.ts'
import { textError } from '../../shared/errors.ts'
import { ApiKeyJson, PermissionJson, TeamJson, TeamRefJson } from '../schemas.ts'
import { apiKeyJson, teamsJson } from '../serializers.ts'
import type { Api } from '../types.ts'

const accessManagement = { anyOf: ['ACCESS_MANAGEMENT'] } as const
const TeamName = z
  .string()
  .min(1, 'size must be between 1 and 255')
  .max(255, 'size must be between 1 and 255')
  .regex(/^[^\p{Cc}]*$/u, 'The name may not contain control characters')
const UuidParams = z.object({ uuid: z.uuid({ message: 'Invalid UUID' }) })
const KeyParams = z.object({ publicIdOrKey: z.string() })

export function teamRoutes(app: Api, ctx: AppContext) {
  const prefix = ctx.env.LOOKOUT_API_KEY_PREFIX
  const teamJson = async (team: teams.TeamRow) => (await teamsJson(ctx.db, prefix, [team]))[0]!

  async function findKey(publicIdOrKey: string) {
    const byId = await keys.findApiKey(ctx.db, publicIdOrKey)
    if (byId) return byId
    const decoded = decodeApiKey(prefix, publicIdOrKey)
    const key = decoded && (await keys.findApiKey(ctx.db, decoded.publicId))
    if (!key) throw textError(404, 'The API key could not be found.')
    return key
  }

  app.get(
    '/v1/team',
    {
      config: { access: accessManagement },
      schema: { tags: ['team'], summary: 'All teams', response: { 200: z.array(TeamJson) } },
    },
    async (_request, reply) => {
      const rows = await teams.listTeamRows(ctx.db)
      reply.header('X-Total-Count', String(rows.length))
      return teamsJson(ctx.db, prefix, rows)
    },
  )

  app.get(
    '/v1/team/visible',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['team'],
        summary: 'Teams the caller may assign projects to',
        response: { 200: z.array(TeamRefJson) },
      },
    },
    async (request) => {
      const principal = request.principal!
      const rows = hasPermission(request, 'ACCESS_MANAGEMENT')
        ? await teams.listTeamRows(ctx.db)
        : principal.kind === 'user'
          ? await userTeams(ctx.db, principal.user.id)
          : await keys.apiKeyTeams(ctx.db, principal.apiKey.id)
      return rows.map(({ uuid, name }) => ({ name, uuid }))
    },
  )

  app.get(
    '/v1/team/self',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['team'],
        summary: 'The team of the calling API key',
        response: {
          200: z.object({
            uuid: z.string(),
            name: z.string(),
            permissions: z.array(PermissionJson),
          }),
        },
      },
    },
    async (request) => {
      const principal = request.principal!
      if (principal.kind !== 'apiKey') throw textError(400, 'Invalid API key supplied.')
      const [team] = await keys.apiKeyTeams(ctx.db, principal.apiKey.id)
      if (!team) throw textError(404, 'No Team for the given API key found.')
      const permissions = await teams.teamPermissions(ctx.db, [team.id])
      return {
        uuid: team.uuid,
        name: team.name,
        permissions: permissions.map(({ name, description }) => ({ name, description })),
      }
    },
  )

  app.get(
    '/v1/team/:uuid',
    {
      config: { access: accessManagement },
      schema: {
        tags: ['team'],
        summary: 'One team',
        params: UuidParams,
        response: { 200: TeamJson },
      },
    },
    async (request) => {
      const team = await teams.findTeamByUuid(ctx.db, request.params.uuid)
      if (!team) throw textError(404, 'The team could not be found.')
      return teamJson(team)
    },
  )

  app.put(
    '/v1/team',
    {
      config: { access: accessManagement, consumes: 'json' },
      schema: {
        tags: ['team'],
        summary: 'Create a team',
        body: z.object({ name: TeamName }).loose(),
        response: { 201: TeamJson },
      },
    },
    async (request, reply) => {
      const team = await teams.insertTeam(ctx.db, request.body.name)
      return reply.status(201).send(await teamJson(team))
    },
  )

  app.post(
    '/v1/team',
    {
      config: { access: accessManagement, consumes: 'json' },
      schema: {
        tags: ['team'],
        summary: 'Rename a team',
        body: z.object({ uuid: z.string(), name: TeamName }).loose(),
        response: { 200: TeamJson },
      },
    },
    async (request) => {
      const team = z.uuid().safeParse(request.body.uuid).success
        ? await teams.findTeamByUuid(ctx.db, request.body.uuid)
        : undefined
      if (!team) throw textError(404, 'The team could not be found.')
      await teams.renameTeam(ctx.db, team.id, request.body.name)
      return teamJson({ ...team, name: request.body.name })
    },
  )

  app.delete(
    '/v1/team',
    {
      config: { access: accessManagement, consumes: 'json' },
      schema: {
        tags: ['team'],
        summary: 'Delete a team',
        body: z.object({ uuid: z.string().nullish() }).loose(),
      },
    },
    async (request, reply) => {
      const uuid = request.body?.uuid
      const team =
        uuid && z.uuid().safeParse(uuid).success
          ? await teams.findTeamByUuid(ctx.db, uuid)
          : undefined
      if (!team) throw textError(404, 'The team could not be found.')
      await ctx.db.transaction((tx) => teams.deleteTeam(tx, team.id))
      return reply.status(204).send()
    },
  )

  app.put(
    '/v1/team/:uuid/key',
    {
      config: { access: accessManagement },
      schema: {
        tags: ['team'],
        summary: 'Generate an API key for a team; the full key is shown only in this answer',
        params: UuidParams,
        response: { 201: ApiKeyJson },
      },
    },
    async (request, reply) => {
      const team = await teams.findTeamByUuid(ctx.db, request.params.uuid)
      if (!team) throw textError(404, 'The team could not be found.')
      const generated = generateApiKey(prefix)
      const row = await ctx.db.transaction((tx) => keys.insertApiKey(tx, team.id, generated))
      return reply.status(201).send(apiKeyJson(prefix, row, generated.key))
    },
  )

  app.post(
    '/v1/team/key/:publicIdOrKey',
    {
      config: { access: accessManagement },
      schema: {
        tags: ['team'],
        summary: 'Regenerate an API key’s secret (same public ID)',
        params: KeyParams,
        response: { 200: ApiKeyJson },
      },
    },
    async (request) => {
      const existing = await findKey(request.params.publicIdOrKey)
      const generated = generateApiKey(prefix, existing.public_id)
      const row = await keys.replaceSecret(ctx.db, existing.id, generated.secretHash)
      return apiKeyJson(prefix, row, generated.key)
    },
  )

  app.post(
    '/v1/team/key/:publicIdOrKey/comment',
    {
      config: { access: accessManagement, consumes: 'text' },
      schema: {
        tags: ['team'],
        summary: 'Set an API key’s comment (plain-text body)',
        params: KeyParams,
        response: { 200: ApiKeyJson },
      },
    },
    async (request) => {
      const existing = await findKey(request.params.publicIdOrKey)
      const body = typeof request.body === 'string' ? request.body : ''
      if (body.length > 255)
        throw textError(400, 'The comment may not be longer than 255 characters.')
      return apiKeyJson(
        prefix,
        await keys.setComment(ctx.db, existing.id, body === '' ? null : body),
      )
    },
  )

  app.delete(
    '/v1/team/key/:publicIdOrKey',
    {
      config: { access: accessManagement },
      schema: { tags: ['team'], summary: 'Revoke an API key', params: KeyParams },
    },
    async (request, reply) => {
      const existing = await findKey(request.params.publicIdOrKey)
      await keys.deleteApiKey(ctx.db, existing.id)
      return reply.status(204).send()
    },
  )
}
