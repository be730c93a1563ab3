import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AppContext } from '../context.ts'
import type { Permission } from '../domain/auth/permissions.ts'
import { credentialsFrom, resolvePrincipal, type Principal } from '../domain/auth/principal.ts'
import { emptyError, HttpError } from '../lib/errors.ts'

/** public: no credentials; authenticated: any principal; otherwise any one of the permissions. */
export type Access = 'public' | 'authenticated' | { anyOf: readonly Permission[] }

export type BodyKind = 'form' | 'json' | 'text' | 'none'

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access
    consumes?: BodyKind
    /**
     * The body carries sign-in credentials: the domain answers malformed ones exactly like wrong
     * ones (401), so the input guard neither refuses nor echoes them.
     */
    signIn?: true
  }
  interface FastifyRequest {
    principal: Principal | undefined
  }
}

const MEDIA_TYPES: Record<Exclude<BodyKind, 'none'>, RegExp> = {
  form: /^application\/x-www-form-urlencoded/i,
  json: /^application\/(?:[\w.+-]*\+)?json/i,
  text: /^text\/plain/i,
}

/** Every /api route is authenticated unless its config says otherwise (safe by default). */
export function registerAccessControl(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('principal', undefined)
  app.addHook('onRequest', async (request) => {
    if (request.method === 'OPTIONS' || request.is404) return
    const access = request.routeOptions.config.access ?? 'authenticated'
    if (access === 'public') return
    request.principal = await resolvePrincipal(ctx, credentialsFrom(request.headers))
    if (!request.principal) throw emptyError(401)
    if (
      access !== 'authenticated' &&
      !access.anyOf.some((p) => request.principal!.permissions.has(p))
    ) {
      throw emptyError(403)
    }
  })
  app.addHook('preValidation', async (request) => {
    const consumes = request.routeOptions.config.consumes
    if (!consumes || consumes === 'none') return
    const contentType = request.headers['content-type']
    const hasBody = request.body !== undefined && request.body !== null
    if (!contentType && !hasBody) return
    if (!contentType || !MEDIA_TYPES[consumes].test(contentType)) throw new HttpError(415)
  })
}

export function requireUser(request: FastifyRequest) {
  const principal = request.principal
  if (principal?.kind !== 'user') throw emptyError(401)
  return principal.user
}

export function hasPermission(request: FastifyRequest, permission: Permission) {
  return request.principal?.permissions.has(permission) ?? false
}
