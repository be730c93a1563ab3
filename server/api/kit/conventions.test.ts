import type { RouteOptions } from 'fastify'
import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { applyRouteConventions } from './conventions.ts'
import { requires } from './access.ts'

const route = (options: Partial<RouteOptions>) =>
  ({
    method: 'GET',
    url: '/api/v1/example',
    handler: async () => undefined,
    ...options,
  }) as RouteOptions

describe('applyRouteConventions', () => {
  it('refuses an operation without a 2xx response schema', () => {
    expect(() => applyRouteConventions(route({ schema: {} }))).toThrow(
      'GET /api/v1/example declares no 2xx response schema',
    )
  })

  it('adds 401 and 403 to an operation that needs a permission, 400 to validated input', () => {
    const options = route({
      config: { access: requires.VIEW_PORTFOLIO },
      schema: { params: z.object({ uuid: z.string() }), response: { 200: z.string() } },
    })
    applyRouteConventions(options)
    const response = (options.schema as { response: Record<string, unknown> }).response
    expect(Object.keys(response).sort()).toEqual(['200', '400', '401', '403'])
  })

  it('keeps a status the operation declared itself', () => {
    const own = z.string()
    const options = route({ schema: { response: { 200: z.string(), 401: own } } })
    applyRouteConventions(options)
    expect((options.schema as { response: Record<string, unknown> }).response[401]).toBe(own)
  })

  it('marks a public operation as needing no credentials and names its form body', () => {
    const options = route({
      method: 'POST',
      config: { access: 'public', consumes: 'form' },
      schema: { response: { 200: z.string() } },
    })
    applyRouteConventions(options)
    expect(options.schema).toMatchObject({
      security: [],
      consumes: ['application/x-www-form-urlencoded'],
    })
    const response = (options.schema as { response: Record<string, unknown> }).response
    expect(Object.keys(response).sort()).toEqual(['200', '415'])
  })

  it('leaves hidden operations alone', () => {
    expect(() => applyRouteConventions(route({ schema: { hide: true } }))).not.toThrow()
  })
})
