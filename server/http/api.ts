import formbody from '@fastify/formbody'
import type { FastifyInstance } from 'fastify'
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import type { AppContext } from '../context.ts'
import { bomRoutes } from '../api/routes/bom.ts'
import { componentRoutes } from '../api/routes/component.ts'
import { configPropertyRoutes } from '../api/routes/config-property.ts'
import { eventRoutes } from '../api/routes/event.ts'
import { oidcRoutes } from '../api/routes/oidc.ts'
import { permissionRoutes } from '../api/routes/permission.ts'
import { projectRoutes } from '../api/routes/project.ts'
import { serviceRoutes } from '../api/routes/service.ts'
import { tagRoutes } from '../api/routes/tag.ts'
import { teamRoutes } from '../api/routes/team.ts'
import { userRoutes } from '../api/routes/user.ts'
import { API_LEVEL, versionRoutes } from '../api/routes/version.ts'
import { registerAccessControl } from './access.ts'
import { registerApiHeaders } from './cors.ts'
import { problem } from '../shared/errors.ts'

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
    registerAccessControl(app, ctx)

    versionRoutes(app, ctx)
    userRoutes(app, ctx)
    teamRoutes(app, ctx)
    permissionRoutes(app, ctx)
    configPropertyRoutes(app, ctx, encryptionKey)
    oidcRoutes(app, ctx)
    eventRoutes(app, ctx)
    projectRoutes(app, ctx)
    tagRoutes(app, ctx)
    componentRoutes(app, ctx)
    serviceRoutes(app, ctx)
    bomRoutes(app, ctx)

    app.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
      scope.swagger(),
    )
    app.setNotFoundHandler({}, async (_request, reply) =>
      reply.status(404).type('text/plain; charset=utf-8').send('Not Found'),
    )
  }
}
