import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import * as users from '../../data/users.ts'
import { findTeamByUuid } from '../../data/teams.ts'
import { authenticateManagedUser, issueToken } from '../../domain/auth/login.ts'
import { changePasswordWithCredentials } from '../../domain/users/change-password.ts'
import {
  createManagedUser,
  updateManagedUser,
  updateOwnProfile,
} from '../../domain/users/managed-users.ts'
import { requireUser } from '../../http/access.ts'
import { emptyError, textError } from '../../shared/errors.ts'
import { ManagedUserJson, UserJson } from '../schemas.ts'
import { userJson } from '../serializers.ts'
import type { Api } from '../types.ts'

const accessManagement = { anyOf: ['ACCESS_MANAGEMENT'] } as const
const formField = z.string().optional()
const LoginForm = z.object({ username: formField, password: formField })
const ManagedUserBody = z
  .object({
    username: z.string().nullish(),
    fullname: z.string().nullish(),
    email: z.string().nullish(),
    newPassword: z.string().nullish(),
    confirmPassword: z.string().nullish(),
    forcePasswordChange: z.boolean().nullish(),
    nonExpiryPassword: z.boolean().nullish(),
    suspended: z.boolean().nullish(),
  })
  .loose()
const UsernameBody = z.object({ username: z.string().nullish() }).loose()
const TeamRefBody = z.object({ uuid: z.string().nullish() }).loose()

export function userRoutes(app: Api, ctx: AppContext) {
  app.post(
    '/v1/user/login',
    {
      config: { access: 'public', consumes: 'form' },
      schema: {
        tags: ['user'],
        summary: 'Sign in with a username and password; answers a JWT as plain text',
        body: LoginForm,
      },
    },
    async (request, reply) => {
      const { username = '', password = '' } = request.body ?? {}
      const outcome = await authenticateManagedUser(ctx, username, password)
      reply.type('text/plain; charset=utf-8')
      if (outcome.ok) return reply.send(await issueToken(ctx, outcome.user))
      if (outcome.cause === 'THROTTLED') {
        reply.header('Retry-After', String(outcome.retryAfterSeconds))
        return reply.status(429).send('TOO_MANY_ATTEMPTS')
      }
      const forbidden = outcome.cause === 'SUSPENDED' || outcome.cause === 'UNMAPPED_ACCOUNT'
      return reply.status(forbidden ? 403 : 401).send(outcome.cause)
    },
  )

  app.post(
    '/v1/user/forceChangePassword',
    {
      config: { access: 'public', consumes: 'form' },
      schema: {
        tags: ['user'],
        summary: 'Change a password with the current credentials (also clears a forced change)',
        body: LoginForm.extend({ newPassword: formField, confirmPassword: formField }),
      },
    },
    async (request, reply) => {
      const result = await changePasswordWithCredentials(ctx, request.body ?? {})
      if (result.status === 200) return reply.status(200).send()
      if (result.retryAfterSeconds) reply.header('Retry-After', String(result.retryAfterSeconds))
      return reply.status(result.status).type('text/plain; charset=utf-8').send(result.body)
    },
  )

  app.get(
    '/v1/user/self',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['user'], summary: 'The signed-in user', response: { 200: UserJson } },
    },
    async (request) => userJson(ctx.db, requireUser(request)),
  )

  app.post(
    '/v1/user/self',
    {
      config: { access: 'authenticated', consumes: 'json' },
      schema: {
        tags: ['user'],
        summary: 'Update the signed-in managed user’s profile',
        body: ManagedUserBody,
        response: { 200: ManagedUserJson, 400: UserJson.or(z.string()) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request)
      if (user.kind !== 'MANAGED') return reply.status(400).send(await userJson(ctx.db, user))
      const updated = await updateOwnProfile(ctx, user, request.body ?? {})
      return userJson(ctx.db, updated)
    },
  )

  app.get(
    '/v1/user/managed',
    {
      config: { access: accessManagement },
      schema: {
        tags: ['user'],
        summary: 'All managed users',
        response: { 200: z.array(UserJson) },
      },
    },
    async (_request, reply) => listUsers('MANAGED', reply),
  )
  app.get(
    '/v1/user/ldap',
    { config: { access: accessManagement }, schema: { tags: ['user'], summary: 'All LDAP users' } },
    async (_request, reply) => listUsers('LDAP', reply),
  )
  app.get(
    '/v1/user/oidc',
    {
      config: { access: accessManagement },
      schema: { tags: ['user'], summary: 'All OpenID Connect users' },
    },
    async (_request, reply) => listUsers('OIDC', reply),
  )

  async function listUsers(kind: users.UserKind, reply: { header(k: string, v: string): unknown }) {
    const rows = await users.listUsers(ctx.db, kind)
    reply.header('X-Total-Count', String(rows.length))
    return Promise.all(rows.map((row) => userJson(ctx.db, row)))
  }

  app.put(
    '/v1/user/managed',
    {
      config: { access: accessManagement, consumes: 'json' },
      schema: { tags: ['user'], summary: 'Create a managed user', body: ManagedUserBody },
    },
    async (request, reply) => {
      const created = await createManagedUser(ctx, request.body ?? {})
      return reply.status(201).send(await userJson(ctx.db, created))
    },
  )

  app.post(
    '/v1/user/managed',
    {
      config: { access: accessManagement, consumes: 'json' },
      schema: { tags: ['user'], summary: 'Update a managed user', body: ManagedUserBody },
    },
    async (request) => userJson(ctx.db, await updateManagedUser(ctx, request.body ?? {})),
  )

  for (const [path, kind] of [
    ['managed', 'MANAGED'],
    ['ldap', 'LDAP'],
    ['oidc', 'OIDC'],
  ] as const) {
    app.delete(
      `/v1/user/${path}`,
      {
        config: { access: accessManagement, consumes: 'json' },
        schema: { tags: ['user'], summary: `Delete a ${path} user`, body: UsernameBody },
      },
      async (request, reply) => {
        const username = request.body?.username
        const user = username ? await users.findUser(ctx.db, kind, username) : undefined
        if (!user) throw textError(404, 'The user could not be found.')
        await users.deleteUser(ctx.db, user.id)
        return reply.status(204).send()
      },
    )
  }

  for (const method of ['POST', 'DELETE'] as const) {
    app.route({
      method,
      url: '/v1/user/:username/membership',
      config: { access: accessManagement, consumes: 'json' },
      schema: {
        tags: ['user'],
        summary: method === 'POST' ? 'Add a user to a team' : 'Remove a user from a team',
        params: z.object({ username: z.string() }),
        body: TeamRefBody,
      },
      handler: async (request, reply) => {
        const uuid = request.body?.uuid
        const team =
          uuid && z.uuid().safeParse(uuid).success ? await findTeamByUuid(ctx.db, uuid) : undefined
        if (!team) throw textError(404, 'The team could not be found.')
        const user = await users.findUserAnyKind(ctx.db, request.params.username)
        if (!user) throw textError(404, 'The user could not be found.')
        const changed =
          method === 'POST'
            ? await users.addMembership(ctx.db, user.id, team.id)
            : await users.removeMembership(ctx.db, user.id, team.id)
        if (!changed) throw emptyError(304)
        return reply.send(await userJson(ctx.db, user))
      },
    })
  }
}
