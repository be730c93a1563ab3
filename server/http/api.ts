import formbody from '@fastify/formbody'
import type { FastifyInstance } from 'fastify'
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import type { AppContext } from '../context.ts'
import { routeFamilies } from '../api/routes/index.ts'
import { API_LEVEL } from '../api/routes/version.ts'
import { applyRouteConventions } from '../api/kit/index.ts'
import { registerAccessControl } from './access.ts'
import { registerApiFallback, registerApiHeaders } from './cors.ts'
import { registerInputGuard } from './input-guard.ts'
import { problem } from '../lib/errors.ts'

/** The /api plugin: Dependency-Track's REST API, encapsulated with its own parsers and hooks. */
export function apiPlugin(ctx: AppContext, encryptionKey: Uint8Array) {
  return async function api(scope: FastifyInstance) {
    const app = scope.withTypeProvider<ZodTypeProvider>()
    app.setValidatorCompiler(validatorCompiler)
    app.setSerializerCompiler(serializerCompiler)
    app.removeContentTypeParser(['application/json'])
    // Clients send empty JSON bodies on some POSTs; treat them as no body instead of an error.
    app.addContentTypeParser(
      /^application\/(?:[\w.+-]*\+)?json/i,
      { parseAs: 'string' },
      (_request, body, done) => {
        const text = String(body)
        if (text.trim() === '') return done(null, undefined)
        try {
          done(null, JSON.parse(text))
        } catch (error) {
          done(
            problem(400, 'The provided JSON payload could not be mapped', (error as Error).message),
            undefined,
          )
        }
      },
    )
    await app.register(formbody)
    registerApiHeaders(app, API_LEVEL)
    registerApiFallback(app)
    registerAccessControl(app, ctx)
    registerInputGuard(app)
    app.addHook('onRoute', applyRouteConventions)

    for (const registerFamily of Object.values(routeFamilies)) {
      registerFamily(app, ctx, { encryptionKey })
    }

    app.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
      scope.swagger(),
    )
    app.setNotFoundHandler({}, async (_request, reply) =>
      reply.status(404).type('text/plain; charset=utf-8').send('Not Found'),
    )
  }
}
