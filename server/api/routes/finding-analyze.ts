import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { analyzeProjectOnDemand } from '../../domain/analysis/on-demand.ts'
import { AclForbidden, NotFoundText, requires, ValidUuidParams } from '../kit/index.ts'
import type { Api } from '../types.ts'

const TokenJson = z.object({ token: z.string() }).meta({ description: 'The analysis token' })

/** dt-api-portfolio §4.10: an ON_DEMAND vulnerability analysis of one project. */
export default function findingAnalyzeRoutes(app: Api, ctx: AppContext) {
  app.post(
    '/v1/finding/project/:uuid/analyze',
    {
      config: { access: requires.VIEW_VULNERABILITY },
      schema: {
        tags: ['finding'],
        summary: 'Analyse a project for vulnerabilities now; answers the token to poll',
        params: ValidUuidParams,
        response: { 200: TokenJson, 403: AclForbidden, 404: NotFoundText },
      },
    },
    async (request) => ({
      token: await analyzeProjectOnDemand(ctx, request.principal, request.params.uuid),
    }),
  )
}
