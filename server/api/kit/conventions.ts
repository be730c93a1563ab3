import type { RouteOptions } from 'fastify'
import type { z } from 'zod'
import type { Access, BodyKind } from '../../http/access.ts'
import { BeanValidationErrors, Forbidden, Unauthorized, UnsupportedMediaType } from './responses.ts'

const MEDIA_TYPES: Record<Exclude<BodyKind, 'none'>, string> = {
  form: 'application/x-www-form-urlencoded',
  json: 'application/json',
  text: 'text/plain',
}

type Responses = Record<string, z.ZodType>

/**
 * Completes every /api operation's contract from its config, so no route can forget it:
 * public routes need no credentials; others answer 401 (and 403 when a permission is needed);
 * validated input answers 400; a declared body kind answers 415 and names its media type.
 * A route without a declared 2xx response is a programming error and stops the boot.
 */
export function applyRouteConventions(route: RouteOptions) {
  const schema = (route.schema ??= {}) as Record<string, unknown>
  if (schema.hide) return
  const access: Access = route.config?.access ?? 'authenticated'
  const consumes = route.config?.consumes
  const response = (schema.response ??= {}) as Responses
  const add = (status: number, responseSchema: z.ZodType) => {
    response[status] ??= responseSchema
  }

  if (access === 'public') schema.security = []
  else {
    add(401, Unauthorized)
    if (access !== 'authenticated') add(403, Forbidden)
  }
  if (schema.params || schema.querystring || schema.body) add(400, BeanValidationErrors)
  if (consumes && consumes !== 'none') {
    schema.consumes = [MEDIA_TYPES[consumes]]
    add(415, UnsupportedMediaType)
  }
  if (!Object.keys(response).some((status) => /^2\d\d$/.test(status))) {
    const methods = [route.method].flat().join(',')
    throw new Error(`${methods} ${route.url} declares no 2xx response schema`)
  }
}
