import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { NameString, UsernameString } from '../input.ts'
import { authenticate, issueToken } from '../../domain/auth/login.ts'
import { changePasswordWithCredentials } from '../../domain/users/change-password.ts'
import { withOneUserDetails, withUserDetails } from '../../domain/users/details.ts'
import * as directory from '../../domain/users/directory.ts'
import {
  createManagedUser,
  updateManagedUser,
  updateOwnProfile,
} from '../../domain/users/managed-users.ts'
import { requireUser } from '../../http/access.ts'
import {
  accessManagement,
  anyPrincipal,
  publicAccess,
  ConflictText,
  NoContent,
  NotFoundText,
  NotModified,
  plainText,
  TextBody,
  noBody,
} from '../kit/index.ts'
import { LdapUserJson, ManagedUserJson, OidcUserJson, UserJson } from '../schemas.ts'
import { userJson } from '../serializers.ts'
import type { Api } from '../types.ts'

const SignInRefused = plainText('Why the sign-in was refused (e.g. INVALID_CREDENTIALS)')
const UserNotFound = plainText('The user could not be found.')
const formField = z.string().optional()
const LoginForm = z.object({ username: formField, password: formField })
const ManagedUserBody = z
  .object({
    username: UsernameString.nullish(),
    fullname: NameString.nullish(),
    email: NameString.nullish(),
    newPassword: z.string().nullish(),
    confirmPassword: z.string().nullish(),
    forcePasswordChange: z.boolean().nullish(),
    nonExpiryPassword: z.boolean().nullish(),
    suspended: z.boolean().nullish(),
  })
  .loose()
const UsernameBody = z.object({ username: z.string().nullish() }).loose()
const TeamRefBody = z.object({ uuid: z.string().nullish() }).loose()

export default function userRoutes(app: Api, ctx: AppContext) {
  const oneUserJson = async (user: directory.UserRow) =>
    userJson(await withOneUserDetails(ctx.db, user))

  app.post(
    '/v1/user/login',
    {
      config: { access: publicAccess, consumes: 'form', signIn: true },
      schema: {
        tags: ['user'],
        summary: 'Sign in with a username and password; answers a JWT as plain text',
        body: LoginForm,
        response: {
          200: TextBody.meta({ description: 'The JWT' }),
          401: SignInRefused,
          403: SignInRefused,
          429: plainText('TOO_MANY_ATTEMPTS; Retry-After says when to try again'),
        },
      },
    },
    async (request, reply) => {
      const { username = '', password = '' } = request.body ?? {}
      const outcome = await authenticate(ctx, username, password)
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
      config: { access: publicAccess, consumes: 'form', signIn: true },
      schema: {
        tags: ['user'],
        summary: 'Change a password with the current credentials (also clears a forced change)',
        body: LoginForm.extend({ newPassword: formField, confirmPassword: formField }),
        response: {
          200: noBody('The password was changed'),
          401: SignInRefused,
          403: SignInRefused,
          406: plainText('The new password was not accepted'),
          429: plainText('TOO_MANY_ATTEMPTS; Retry-After says when to try again'),
        },
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
      config: { access: anyPrincipal },
      schema: { tags: ['user'], summary: 'The signed-in user', response: { 200: UserJson } },
    },
    async (request) => oneUserJson(requireUser(request)),
  )

  app.post(
    '/v1/user/self',
    {
      config: { access: anyPrincipal, consumes: 'json' },
      schema: {
        tags: ['user'],
        summary: 'Update the signed-in managed user’s profile',
        body: ManagedUserBody,
        response: { 200: ManagedUserJson, 400: UserJson.or(z.string()) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request)
      if (user.kind !== 'MANAGED') return reply.status(400).send(await oneUserJson(user))
      const updated = await updateOwnProfile(ctx, user, request.body ?? {})
      return oneUserJson(updated)
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
    {
      config: { access: accessManagement },
      schema: {
        tags: ['user'],
        summary: 'All LDAP users',
        response: { 200: z.array(LdapUserJson) },
      },
    },
    async (_request, reply) => listUsers('LDAP', reply),
  )
  app.get(
    '/v1/user/oidc',
    {
      config: { access: accessManagement },
      schema: {
        tags: ['user'],
        summary: 'All OpenID Connect users',
        response: { 200: z.array(OidcUserJson) },
      },
    },
    async (_request, reply) => listUsers('OIDC', reply),
  )

  async function listUsers(kind: directory.UserKind, reply: FastifyReply) {
    const rows = await directory.listUsers(ctx.db, kind)
    reply.header('X-Total-Count', String(rows.length))
    return (await withUserDetails(ctx.db, rows)).map(userJson)
  }

  app.put(
    '/v1/user/managed',
    {
      config: { access: accessManagement, consumes: 'json' },
      schema: {
        tags: ['user'],
        summary: 'Create a managed user',
        body: ManagedUserBody,
        response: { 201: UserJson, 400: plainText('Missing or invalid fields'), 409: ConflictText },
      },
    },
    async (request, reply) => {
      const created = await createManagedUser(ctx, request.body ?? {})
      return reply.status(201).send(await oneUserJson(created))
    },
  )

  app.post(
    '/v1/user/managed',
    {
      config: { access: accessManagement, consumes: 'json' },
      schema: {
        tags: ['user'],
        summary: 'Update a managed user',
        body: ManagedUserBody,
        response: { 200: UserJson, 400: plainText('Missing or invalid fields'), 404: UserNotFound },
      },
    },
    async (request) => oneUserJson(await updateManagedUser(ctx, request.body ?? {})),
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
        schema: {
          tags: ['user'],
          summary: `Delete a ${path} user`,
          body: UsernameBody,
          response: { 204: NoContent, 404: UserNotFound },
        },
      },
      async (request, reply) => {
        await directory.deleteUser(ctx.db, kind, request.body?.username)
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
        response: { 200: UserJson, 304: NotModified, 404: NotFoundText },
      },
      handler: async (request, reply) => {
        const change = method === 'POST' ? 'add' : 'remove'
        const { username } = request.params
        const user = await directory.changeMembership(ctx.db, change, username, request.body?.uuid)
        return reply.send(await oneUserJson(user))
      },
    })
  }
}
