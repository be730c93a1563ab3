import type { AppContext } from '../../context.ts'
import { createDiscoveryCache } from '../../domain/oidc/discovery.ts'
import type { Api } from '../types.ts'

export function oidcRoutes(app: Api, ctx: AppContext) {
  const discovery = createDiscoveryCache({
    enabled: ctx.env.OIDC_ENABLED,
    issuer: ctx.env.OIDC_ISSUER,
  })

  app.get(
    '/v1/oidc/available',
    {
      config: { access: 'public' },
      schema: {
        tags: ['oidc'],
        summary: 'Whether OpenID Connect sign-in is configured and reachable',
      },
    },
    async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').send(String(Boolean(await discovery.get()))),
  )

  app.post(
    '/v1/user/oidc/login',
    {
      config: { access: 'public', consumes: 'form' },
      schema: { tags: ['user'], summary: 'Exchange OpenID Connect tokens for a JWT' },
    },
    async (_request, reply) => {
      // Token exchange arrives with the OIDC issue; until then OIDC is never available.
      if (!(await discovery.get())) return reply.status(204).send()
      return reply.status(401).type('text/plain; charset=utf-8').send('OTHER')
    },
  )
}
