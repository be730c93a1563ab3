import type http from 'node:http'
import net from 'node:net'
import type { FastifyHttpOptions, FastifyInstance, FastifyServerOptions } from 'fastify'
import type { Env, TrustProxy } from '../config/env.ts'

type ConnectionSettings = Pick<
  Env,
  | 'LOOKOUT_TRUST_PROXY'
  | 'LOOKOUT_HEADERS_TIMEOUT_MS'
  | 'LOOKOUT_REQUEST_TIMEOUT_MS'
  | 'LOOKOUT_KEEP_ALIVE_TIMEOUT_MS'
>

/** Fastify options that keep slow or stalled clients from holding sockets. */
export function connectionOptions(env: ConnectionSettings): FastifyHttpOptions<http.Server> {
  const headersTimeout = env.LOOKOUT_HEADERS_TIMEOUT_MS
  return {
    trustProxy: fastifyTrustProxy(env.LOOKOUT_TRUST_PROXY),
    requestTimeout: env.LOOKOUT_REQUEST_TIMEOUT_MS,
    keepAliveTimeout: env.LOOKOUT_KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout,
      requestTimeout: env.LOOKOUT_REQUEST_TIMEOUT_MS,
      keepAliveTimeout: env.LOOKOUT_KEEP_ALIVE_TIMEOUT_MS,
      // Node checks the header and request deadlines on this interval (30 s by default).
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(headersTimeout / 4))),
    },
  }
}

function fastifyTrustProxy(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust
  // A hop count: trust that many proxies nearest to this server.
  return (_address: string, hop: number) => hop < trust
}

/** Addresses whose connections are not counted: the proxies named in LOOKOUT_TRUST_PROXY. */
function trustedProxies(trust: TrustProxy): net.BlockList {
  const list = new net.BlockList()
  if (!Array.isArray(trust)) return list
  for (const entry of trust) {
    const [address, bits] = entry.split('/') as [string, string | undefined]
    const type = net.isIPv6(address) ? 'ipv6' : 'ipv4'
    if (bits === undefined) list.addAddress(address, type)
    else list.addSubnet(address, Number(bits), type)
  }
  return list
}

/** Closes a client's connection beyond `limit` open at once (0: no limit). */
export function limitConnectionsPerClient(app: FastifyInstance, limit: number, trust: TrustProxy) {
  if (limit <= 0) return
  const proxies = trustedProxies(trust)
  const open = new Map<string, number>()
  app.server.on('connection', (socket: net.Socket) => {
    const address = socket.remoteAddress
    if (!address) return
    const family = net.isIPv6(address) ? 'ipv6' : 'ipv4'
    if (proxies.check(address, family)) return
    const count = (open.get(address) ?? 0) + 1
    if (count > limit) {
      socket.destroy()
      return
    }
    open.set(address, count)
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1
      if (left <= 0) open.delete(address)
      else open.set(address, left)
    })
  })
}

const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()'
const HSTS = 'max-age=31536000; includeSubDomains'

/**
 * Headers on every answer (console pages, assets, API, errors). HSTS only over https as this
 * process sees it: its own TLS, or a trusted proxy's X-Forwarded-Proto.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff')
    reply.header('Permissions-Policy', PERMISSIONS_POLICY)
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS)
  })
}
