import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import {
  inactiveOsvEcosystems,
  osvEcosystems,
} from '../../domain/vulnerabilities/osv-ecosystems.ts'
import { systemConfiguration } from '../kit/index.ts'
import type { Api } from '../types.ts'
import type { RouteSecrets } from './index.ts'

const tags = ['integration']

export default function osvEcosystemRoutes(app: Api, ctx: AppContext, secrets: RouteSecrets) {
  app.get(
    '/v1/integration/osv/ecosystem',
    {
      config: { access: systemConfiguration },
      schema: {
        tags,
        summary: 'Every ecosystem OSV publishes (empty when the list cannot be fetched)',
        response: { 200: z.array(z.string()) },
      },
    },
    async () => osvEcosystems(ctx.db, secrets.encryptionKey),
  )

  app.get(
    '/v1/integration/osv/ecosystem/inactive',
    {
      config: { access: systemConfiguration },
      schema: {
        tags,
        summary: 'The OSV ecosystems not yet enabled for mirroring',
        response: { 200: z.array(z.string()) },
      },
    },
    async () => inactiveOsvEcosystems(ctx.db, secrets.encryptionKey),
  )
}
