import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { isChainProcessing } from '../../jobs/queue.ts'
import { TokenStatusJson } from '../schemas.ts'
import type { Api } from '../types.ts'

export default function eventRoutes(app: Api, ctx: AppContext) {
  app.get(
    '/v1/event/token/:uuid',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['event'],
        summary: 'Whether the work behind a token is still queued or running',
        params: z.object({ uuid: z.string() }),
        response: { 200: TokenStatusJson },
      },
    },
    async (request) => {
      const valid = z.uuid().safeParse(request.params.uuid).success
      return { processing: valid ? await isChainProcessing(ctx.db, request.params.uuid) : false }
    },
  )
}
