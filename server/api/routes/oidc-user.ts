import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { issueToken } from '../../domain/auth/login.ts'
import { signInWithOidc } from '../../domain/oidc/sign-in.ts'
import { createOidcUser } from '../../domain/oidc/users.ts'
import { withOneUserDetails } from '../../domain/users/details.ts'
import { UsernameString } from '../input.ts'
import {
  accessManagement,
  ConflictText,
  noBody,
  plainText,
  publicAccess,
  TextBody,
} from '../kit/index.ts'
import { OidcUserJson } from '../schemas.ts'
import { userJson } from '../serializers.ts'
import type { Api } from '../types.ts'

const tags = ['user']
const SignInRefused = plainText('Why the sign-in was refused (INVALID_CREDENTIALS, OTHER, …)')
// A blank field counts as not sent.
const tokenField = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined))

/** The OpenID Connect parts of /user (dt-api-admin §2.5, §10.3 #14; deletion is in user.ts). */
export default function oidcUserRoutes(app: Api, ctx: AppContext) {
  app.post(
    '/v1/user/oidc/login',
    {
      config: { access: publicAccess, consumes: 'form', signIn: true },
      schema: {
        tags,
        summary: 'Exchange an OpenID Connect ID token and/or access token for a JWT',
        body: z.object({ idToken: tokenField, accessToken: tokenField }).nullish(),
        response: {
          200: TextBody.meta({ description: 'The JWT' }),
          204: noBody('OpenID Connect is not available, or no token was sent'),
          401: SignInRefused,
          403: plainText('UNMAPPED_ACCOUNT (no such user and provisioning is off) or SUSPENDED'),
        },
      },
    },
    async (request, reply) => {
      const outcome = await signInWithOidc(ctx, request.body ?? {})
      if (outcome.status === 'unavailable') return reply.status(204).send()
      reply.type('text/plain; charset=utf-8')
      if (outcome.status === 'signed-in') return reply.send(await issueToken(ctx, outcome.user))
      const forbidden = outcome.cause === 'SUSPENDED' || outcome.cause === 'UNMAPPED_ACCOUNT'
      return reply.status(forbidden ? 403 : 401).send(outcome.cause)
    },
  )

  app.put(
    '/v1/user/oidc',
    {
      config: { access: accessManagement, consumes: 'json' },
      schema: {
        tags,
        summary: 'Create an OpenID Connect user ahead of their first sign-in',
        body: z.object({ username: UsernameString.nullish() }).loose(),
        response: {
          201: OidcUserJson,
          400: plainText('Username cannot be null or blank.'),
          409: ConflictText,
        },
      },
    },
    async (request, reply) => {
      const user = await createOidcUser(ctx.db, request.body?.username)
      return reply.status(201).send(userJson(await withOneUserDetails(ctx.db, user)))
    },
  )
}
