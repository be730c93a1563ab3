import type { AppContext } from '../../context.ts'
import { AboutJson } from '../schemas.ts'
import type { Api } from '../types.ts'

/** The API level we implement; Lookout's own version travels in lookoutVersion. */
export const API_LEVEL = '4.13.0'

export default function versionRoutes(app: Api, ctx: AppContext) {
  let database: { productName: string; productVersion: string } | undefined
  app.get(
    '/version',
    {
      config: { access: 'public' },
      schema: {
        tags: ['version'],
        summary: 'Application and API version',
        response: { 200: AboutJson },
      },
    },
    async () => {
      database ??= await ctx.db.productInfo()
      return {
        application: 'Lookout',
        version: API_LEVEL,
        timestamp: ctx.build.timestamp,
        uuid: ctx.build.uuid,
        systemUuid: ctx.systemUuid,
        framework: {
          name: 'Fastify',
          version: app.version,
          timestamp: ctx.build.timestamp,
          uuid: ctx.build.uuid,
        },
        database,
        lookoutVersion: ctx.build.version,
      }
    },
  )
}
