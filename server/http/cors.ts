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
