import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { credentialsFrom } from '../../domain/auth/principal.ts'
import { revokeToken } from '../../domain/auth/session.ts'
import { requireUser } from '../../http/access.ts'
import type { Api } from '../types.ts'

/** Lookout extension: Dependency-Track has no sign-out; its tokens live until they expire. */
export default function sessionRoutes(app: Api, ctx: AppContext) {
  app.post(
    '/v1/user/logout',
    {
      config: { access: 'authenticated', consumes: 'none' },
      schema: {
        tags: ['user'],
        summary:
          'Sign out: revoke the presented bearer token (or session cookie) until it expires ' +
          '(Lookout extension)',
        response: { 204: z.null().describe('The token no longer works') },
      },
    },
    async (request, reply) => {
      requireUser(request)
      await revokeToken(ctx, credentialsFrom(request.headers).jwt)
      return reply.status(204).send(null)
    },
  )
}
