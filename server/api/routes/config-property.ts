import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import * as properties from '../../domain/config/properties.ts'
import { requestRescoreOnWeightChange } from '../../domain/metrics/triggers.ts'
import { mirrorChangedSources } from '../../domain/vulnerabilities/mirror/status.ts'
import {
  noBody,
  NotFoundText,
  NotModified,
  plainText,
  publicAccess,
  systemConfiguration,
} from '../kit/index.ts'
import { ConfigPropertyJson } from '../schemas.ts'
import type { Api } from '../types.ts'
import type { RouteSecrets } from './index.ts'

const tags = ['configProperty']
const NAME = z
  .string()
  .min(1, 'size must be between 1 and 255')
  .max(255, 'size must be between 1 and 255')
  .regex(/^[^\p{Cc}]+$/u, 'must not contain control characters')

/** JSON booleans and numbers sent for the string value are stored as their text (the console does that). */
const ConfigPropertyBody = z
  .object({
    groupName: NAME,
    propertyName: NAME,
    propertyValue: z
      .union([z.string(), z.number(), z.boolean()])
      .nullish()
      .transform((value) => (value === undefined || value === null ? null : String(value)))
      .refine((value) => value === null || /^[^\p{Cc}]+$/u.test(value), {
        message: 'must contain one or more non-control characters',
      }),
  })
  .loose()

export default function configPropertyRoutes(
  app: Api,
  ctx: AppContext,
  { encryptionKey }: RouteSecrets,
) {
  app.get(
    '/v1/configProperty/public/:groupName/:propertyName',
    {
      config: { access: publicAccess },
      schema: {
        tags,
        summary: 'A property readable without signing in',
        params: z.object({ groupName: z.string(), propertyName: z.string() }),
        response: {
          200: ConfigPropertyJson,
          403: noBody('The property exists but is not public'),
          404: NotFoundText,
        },
      },
    },
    async (request) => {
      const { groupName, propertyName } = request.params
      return properties.readPublicProperty(ctx.db, groupName, propertyName)
    },
  )

  app.get(
    '/v1/configProperty',
    {
      config: { access: systemConfiguration },
      schema: {
        tags,
        summary: 'All config properties (secrets hidden)',
        response: { 200: z.array(ConfigPropertyJson) },
      },
    },
    async () => properties.listAllConfigProperties(ctx.db),
  )

  app.post(
    '/v1/configProperty',
    {
      config: { access: systemConfiguration, consumes: 'json' },
      schema: {
        tags,
        summary: 'Update one config property',
        body: ConfigPropertyBody,
        response: {
          200: ConfigPropertyJson,
          304: NotModified,
          400: plainText('The value does not fit the property type'),
          404: NotFoundText,
        },
      },
    },
    async (request) => {
      const changed: properties.ConfigPropertyKey[] = []
      const updated = await properties.updateConfigProperty(
        ctx.db,
        request.body,
        encryptionKey,
        changed,
      )
      await mirrorChangedSources(ctx.db, ctx.enqueue, encryptionKey, changed)
      await requestRescoreOnWeightChange(ctx.db, ctx.enqueue, changed)
      return updated
    },
  )

  app.post(
    '/v1/configProperty/aggregate',
    {
      config: { access: systemConfiguration, consumes: 'json' },
      schema: {
        tags,
        summary:
          'Update several config properties; one answer entry per item (object, error text or null)',
        body: z.array(ConfigPropertyBody),
        response: { 200: z.array(z.union([ConfigPropertyJson, z.string(), z.null()])) },
      },
    },
    async (request) => {
      const changed: properties.ConfigPropertyKey[] = []
      const results = await properties.updateConfigProperties(
        ctx.db,
        request.body,
        encryptionKey,
        changed,
      )
      await mirrorChangedSources(ctx.db, ctx.enqueue, encryptionKey, changed)
      await requestRescoreOnWeightChange(ctx.db, ctx.enqueue, changed)
      return results
    },
  )
}
