import type { FastifyInstance } from 'fastify'

const HEADER_LIST =
  'Origin, Content-Type, Authorization, X-Requested-With, Content-Length, Accept, Origin, X-Api-Key, X-Total-Count'

/** Dependency-Track adds these to every API response, with or without an Origin header. */
export function registerApiHeaders(app: FastifyInstance, version: string) {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Access-Control-Allow-Origin', '*')
    reply.header('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS')
    reply.header('Access-Control-Allow-Headers', `${HEADER_LIST}, *`)
    reply.header('Access-Control-Expose-Headers', HEADER_LIST)
    reply.header('Access-Control-Allow-Credentials', 'true')
    reply.header('Access-Control-Max-Age', '3600')
    reply.header('X-Powered-By', `Dependency-Track v${version}`)
    reply.header('Cache-Control', 'private, max-age=0, must-revalidate, no-cache')
    reply.header('X-Frame-Options', 'DENY')
    reply.header('X-Content-Type-Options', 'nosniff')
  })
  app.options('/*', { config: { access: 'public' }, schema: { hide: true } }, async (_r, reply) =>
    reply.status(200).send(),
  )
}

const FALLBACK_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

/** A route URL as a pattern over concrete paths (`:name` one segment, `*` the rest). */
function routePattern(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) =>
      segment === '*'
        ? '.*'
        : segment.startsWith(':')
          ? '[^/]+'
          : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/')
  return new RegExp(`^${source}/?$`)
}

/**
 * Every path under /api is answered here, never by the console: an unknown path gets the API's
 * plain 404, a known path with another method a 405 naming the allowed ones. Register before the
 * routes (it learns them as they are added).
 */
export function registerApiFallback(app: FastifyInstance) {
  const routes: { method: string; pattern: RegExp }[] = []
  app.addHook('onRoute', (route) => {
    if (route.url.endsWith('/*')) return
    for (const method of [route.method].flat()) {
      routes.push({ method, pattern: routePattern(route.url) })
    }
  })
  app.route({
    method: [...FALLBACK_METHODS],
    url: '/*',
    config: { access: 'public' },
    schema: { hide: true },
    handler: async (request, reply) => {
      const path = request.url.split('?')[0]!
      const matching = routes.filter((route) => route.pattern.test(path))
      // The same method matching means a segment too long for the router: not found.
      if (matching.length > 0 && !matching.some((route) => route.method === request.method)) {
        const allowed = [...new Set(matching.map((route) => route.method))]
        return reply.status(405).header('Allow', allowed.join(', ')).send()
      }
      return reply.status(404).type('text/plain; charset=utf-8').send('Not Found')
    },
  })
}
