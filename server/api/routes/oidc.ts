import type { AppContext } from '../../context.ts'
import { createDiscoveryCache } from '../../domain/oidc/discovery.ts'
import { noBody, plainText, publicAccess } from '../kit/index.ts'
import type { Api } from '../types.ts'

export default function oidcRoutes(app: Api, ctx: AppContext) {
  const discovery = createDiscoveryCache({
    enabled: ctx.env.OIDC_ENABLED,
    issuer: ctx.env.OIDC_ISSUER,
  })

  app.get(
    '/v1/oidc/available',
    {
      config: { access: publicAccess },
      schema: {
        tags: ['oidc'],
        summary: 'Whether OpenID Connect sign-in is configured and reachable',
        response: { 200: plainText('true or false') },
      },
    },
    async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').send(String(Boolean(await discovery.get()))),
  )

  app.post(
    '/v1/user/oidc/login',
    {
      config: { access: publicAccess, consumes: 'form', signIn: true },
      schema: {
        tags: ['user'],
        summary: 'Exchange OpenID Connect tokens for a JWT',
        response: {
          200: plainText('The JWT'),
          204: noBody('OpenID Connect is not available'),
          401: plainText('Why the sign-in was refused'),
        },
      },
    },
    async (_request, reply) => {
      // Token exchange arrives with the OIDC issue; until then OIDC is never available.
      if (!(await discovery.get())) return reply.status(204).send()
      return reply.status(401).type('text/plain; charset=utf-8').send('OTHER')
    },
  )
}
