import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { violationsBadge, vulnerabilitiesBadge } from '../../domain/metrics/badges.ts'
import { AclForbidden, noBody, NotFoundText, publicAccess, ValidUuid } from '../kit/index.ts'
import type { Api } from '../types.ts'

const tags = ['badge']
const Svg = z.string().meta({
  description: 'The badge (SVG)',
  content: { 'image/svg+xml': { schema: { type: 'string' } } },
})
const Responses = {
  200: Svg,
  401: noBody('Badges need credentials unless general/badge.enabled is on'),
  403: AclForbidden,
  404: NotFoundText,
}
const ApiKeyQuery = z.object({ apiKey: z.string().optional() }).loose()
const ByUuid = z.object({ uuid: ValidUuid })
const ByName = z.object({ name: z.string(), version: z.string() })

const BADGES = [
  { path: 'vulns', render: vulnerabilitiesBadge, what: 'vulnerabilities' },
  { path: 'violations', render: violationsBadge, what: 'policy violations' },
] as const

const summary = (what: string, by: string) =>
  `The ${what} badge of a project ${by} (SVG). Without general/badge.enabled it needs ` +
  'VIEW_BADGES (X-Api-Key, the apiKey query parameter or a bearer token)'

/** Badges (dt-api-portfolio §4.23): public routes that check credentials themselves. */
export default function badgeRoutes(app: Api, ctx: AppContext) {
  for (const { path, render, what } of BADGES) {
    const svg = async (
      reply: FastifyReply,
      request: { headers: FastifyRequest['headers']; query: { apiKey?: string } },
      ref: Parameters<typeof render>[2],
    ) => {
      const credentials = { headers: request.headers, apiKey: request.query.apiKey }
      return reply.type('image/svg+xml').send(await render(ctx, credentials, ref))
    }
    app.get(
      `/v1/badge/${path}/project/:uuid`,
      {
        config: { access: publicAccess },
        schema: {
          tags,
          summary: summary(what, 'by UUID'),
          params: ByUuid,
          querystring: ApiKeyQuery,
          response: Responses,
        },
      },
      async (request, reply) => svg(reply, request, { uuid: request.params.uuid }),
    )
    app.get(
      `/v1/badge/${path}/project/:name/:version`,
      {
        config: { access: publicAccess },
        schema: {
          tags,
          summary: summary(what, 'by name and version'),
          params: ByName,
          querystring: ApiKeyQuery,
          response: Responses,
        },
      },
      async (request, reply) => svg(reply, request, request.params),
    )
  }
}
