import path from 'node:path'
import { Readable } from 'node:stream'
import { type ReadableStream as WebReadableStream } from 'node:stream/web'
import { pathToFileURL } from 'node:url'
import fastifyStatic from '@fastify/static'
import {
  createReadableStreamFromReadable,
  createRequestHandler,
  type ServerBuild,
} from '@remix-run/node'
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isCrossSiteWrite } from './same-origin.ts'

export type ApiFetch = (path: string, init?: RequestInit) => Promise<Response>

/** The console's side of OpenID Connect sign-in: where to send the browser, as which client. */
export interface ConsoleOidcSettings {
  issuer: string
  clientId: string
  clientSecret?: string
  scope: string
  buttonText?: string
}

export interface ConsoleOptions {
  buildPath: string
  publicDir: string
  apiFetch: ApiFetch
  mode: string
  sessionSecret: string
  secureCookies: boolean | undefined
  metricsCache?: MetricsCacheSettings
  oidc?: ConsoleOidcSettings
}

export interface MetricsCacheSettings {
  ttlMs: number
  maxEntries: number
  logEveryMs: number
}

/** What every Remix loader and action receives as context. */
export interface ConsoleLoadContext {
  apiFetch: ApiFetch
  sessionSecret: string
  secureCookies: boolean | undefined
  oidc?: ConsoleOidcSettings
  log: FastifyBaseLogger
  metricsCache?: MetricsCacheSettings
}

export async function loadRemixBuild(buildPath: string): Promise<ServerBuild> {
  return (await import(pathToFileURL(buildPath).href)) as ServerBuild
}

/** Serves the Remix console (assets plus every non-API URL) from the same Fastify instance. */
export function consolePlugin(options: ConsoleOptions) {
  return async function consoleRoutes(app: FastifyInstance) {
    const build = await loadRemixBuild(options.buildPath)
    const handle = createRequestHandler(build, options.mode)
    app.removeAllContentTypeParsers()
    // Remix reads the raw body itself (forms, uploads), so leave the stream untouched.
    app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined))

    await app.register(fastifyStatic, {
      root: path.join(options.publicDir, 'build'),
      prefix: '/build/',
      immutable: true,
      maxAge: '1y',
      decorateReply: false,
    })
    await app.register(fastifyStatic, {
      root: options.publicDir,
      prefix: '/',
      wildcard: false,
      maxAge: '1h',
      decorateReply: false,
      globIgnore: ['build/**'],
    })

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      if (isCrossSiteWrite(request.method, request.headers)) {
        request.log.warn({ origin: request.headers.origin }, 'cross-site console request refused')
        return reply
          .status(403)
          .type('text/plain; charset=utf-8')
          .send('Cross-site request refused')
      }
      const context: ConsoleLoadContext = {
        apiFetch: options.apiFetch,
        sessionSecret: options.sessionSecret,
        secureCookies: options.secureCookies,
        oidc: options.oidc,
        log: request.log,
        metricsCache: options.metricsCache,
      }
      const response = await handle(toFetchRequest(request, reply), { ...context })
      return sendFetchResponse(reply, response)
    }
    app.route({ method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'], url: '/*', handler })
    app.route({ method: ['GET', 'HEAD', 'POST'], url: '/', handler })
  }
}

function toFetchRequest(request: FastifyRequest, reply: FastifyReply): Request {
  // request.host and request.protocol follow X-Forwarded-* only from a trusted proxy.
  const url = new URL(request.url, `${request.protocol}://${request.host || 'localhost'}`)
  const controller = new AbortController()
  reply.raw.on('close', () => controller.abort())
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  const init: RequestInit & { duplex?: 'half' } = {
    method: request.method,
    headers,
    signal: controller.signal,
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    init.body = createReadableStreamFromReadable(request.raw)
    init.duplex = 'half'
  }
  return new Request(url, init)
}

async function sendFetchResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status)
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue
    reply.header(name, value)
  }
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) reply.header('set-cookie', cookies)
  if (!response.body) return reply.send()
  return reply.send(Readable.fromWeb(response.body as WebReadableStream))
}
