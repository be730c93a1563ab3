import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { findConfigProperty, listConfigProperties } from '../../data/config-properties.ts'
import {
  configPropertyJson,
  isPublicProperty,
  updateConfigProperty,
} from '../../domain/config/properties.ts'
import { emptyError, HttpError, textError } from '../../shared/errors.ts'
import { ConfigPropertyJson } from '../schemas.ts'
import type { Api } from '../types.ts'

const systemConfiguration = { anyOf: ['SYSTEM_CONFIGURATION'] } as const
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

export function configPropertyRoutes(app: Api, ctx: AppContext, encryptionKey: Uint8Array) {
  app.get(
    '/v1/configProperty/public/:groupName/:propertyName',
    {
      config: { access: 'public' },
      schema: {
        tags: ['configProperty'],
        summary: 'A property readable without signing in',
        params: z.object({ groupName: z.string(), propertyName: z.string() }),
        response: { 200: ConfigPropertyJson },
      },
    },
    async (request) => {
      const { groupName, propertyName } = request.params
      if (!isPublicProperty(groupName, propertyName)) {
        const known = await findConfigProperty(ctx.db, groupName, propertyName)
        if (known) throw emptyError(403)
        throw textError(404, 'The config property could not be found.')
      }
      const row = await findConfigProperty(ctx.db, groupName, propertyName)
      if (!row) throw textError(404, 'The config property could not be found.')
      return configPropertyJson(row)
    },
  )

  app.get(
    '/v1/configProperty',
    {
      config: { access: systemConfiguration },
      schema: {
        tags: ['configProperty'],
        summary: 'All config properties (secrets hidden)',
        response: { 200: z.array(ConfigPropertyJson) },
      },
    },
    async () => (await listConfigProperties(ctx.db)).map(configPropertyJson),
  )

  app.post(
    '/v1/configProperty',
    {
      config: { access: systemConfiguration, consumes: 'json' },
      schema: {
        tags: ['configProperty'],
        summary: 'Update one config property',
        body: ConfigPropertyBody,
        response: { 200: ConfigPropertyJson },
      },
    },
    async (request) => updateConfigProperty(ctx.db, request.body, encryptionKey),
  )

  app.post(
    '/v1/configProperty/aggregate',
    {
      config: { access: systemConfiguration, consumes: 'json' },
      schema: {
        tags: ['configProperty'],
        summary:
          'Update several config properties; one answer entry per item (object, error text or null)',
        body: z.array(ConfigPropertyBody),
      },
    },
    async (request) => {
      const results: unknown[] = []
      for (const update of request.body) {
        try {
          results.push(await updateConfigProperty(ctx.db, update, encryptionKey))
        } catch (error) {
          if (!(error instanceof HttpError)) throw error
          results.push(error.status === 304 ? null : error.body)
        }
      }
      return results
    },
  )
}
