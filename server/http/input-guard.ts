import type { FastifyInstance } from 'fastify'
import { rejectNul } from '../lib/nul.ts'

/**
 * One check at the API's trust boundary, before any route's own validation: path parameters,
 * query strings and parsed JSON or form bodies carry no NUL character. Multipart bodies are read
 * by their handlers, which call rejectNul on the fields.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.signIn) return
    rejectNul({ params: request.params, query: request.query, body: request.body })
  })
}
