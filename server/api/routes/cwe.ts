import { z } from 'zod'
import { CweShape } from '../../../common/vulnerability-shapes.ts'
import type { AppContext } from '../../context.ts'
import { allCwes, cweById } from '../../domain/vulnerabilities/cwe.ts'
import { textError } from '../../lib/errors.ts'
import { ListQuerySchema, parseListQuery } from '../../lib/list-query.ts'
import { anyPrincipal, NotFoundText } from '../kit/index.ts'
import type { Api } from '../types.ts'

const tags = ['cwe']
const CWE_NOT_FOUND = 'The CWE could not be found.'

/** The CWE dictionary (dt-api-portfolio §4.21): any signed-in principal may read it. */
export default function cweRoutes(app: Api, _ctx: AppContext) {
  app.get(
    '/v1/cwe',
    {
      config: { access: anyPrincipal },
      schema: {
        tags,
        summary: 'The CWE dictionary in dictionary order (paged; searchText and sorting ignored)',
        querystring: ListQuerySchema,
        response: { 200: z.array(CweShape) },
      },
    },
    async (request, reply) => {
      const { offset, limit } = parseListQuery(request.query)
      const cwes = allCwes()
      reply.header('X-Total-Count', String(cwes.length))
      return cwes.slice(offset, offset + limit)
    },
  )

  app.get(
    '/v1/cwe/:cweId',
    {
      config: { access: anyPrincipal },
      schema: {
        tags,
        summary: 'One CWE by its number',
        params: z.object({ cweId: z.string() }),
        response: { 200: CweShape, 404: NotFoundText },
      },
    },
    async (request) => {
      const text = request.params.cweId
      const cwe = /^\d{1,9}$/.test(text) ? cweById(Number(text)) : undefined
      if (!cwe) throw textError(404, CWE_NOT_FOUND)
      return cwe
    },
  )
}
