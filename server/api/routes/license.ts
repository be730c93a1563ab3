import { z } from 'zod'
import { ConciseLicenseShape, LicenseShape } from '../../../common/policy-shapes.ts'
import type { AppContext } from '../../context.ts'
import * as licenses from '../../domain/licenses/licenses.ts'
import { CustomLicenseBody, withExceptionAliases } from '../../domain/licenses/schemas.ts'
import { ListQuerySchema, parseListQuery } from '../../lib/list-query.ts'
import { anyPrincipal, NoContent, plainText, sendPage, systemConfiguration } from '../kit/index.ts'
import { conciseLicenseJson, licenseJson } from '../license-json.ts'
import type { Api } from '../types.ts'

const tags = ['license']
const LicenseParams = z.object({ licenseId: z.string() })
const NotFound = plainText(licenses.LICENSE_NOT_FOUND)

/** The license catalogue (dt-api-portfolio §4.16): any signed-in principal reads it. */
export default function licenseRoutes(app: Api, ctx: AppContext) {
  app.get(
    '/v1/license',
    {
      config: { access: anyPrincipal },
      schema: {
        tags,
        summary: 'Licenses with their texts (paged; searchText matches name or licenseId)',
        querystring: ListQuerySchema,
        response: { 200: z.array(LicenseShape) },
      },
    },
    async (request, reply) =>
      sendPage(
        reply,
        await licenses.listLicenses(ctx.db, parseListQuery(request.query)),
        licenseJson,
      ),
  )

  app.get(
    '/v1/license/concise',
    {
      config: { access: anyPrincipal },
      schema: {
        tags,
        summary: 'Every license, concise, by name (not paged)',
        response: { 200: z.array(ConciseLicenseShape) },
      },
    },
    async () => (await licenses.listConciseLicenses(ctx.db)).map(conciseLicenseJson),
  )

  app.get(
    '/v1/license/:licenseId',
    {
      config: { access: anyPrincipal },
      schema: {
        tags,
        summary: 'One license by its licenseId',
        params: LicenseParams,
        response: { 200: LicenseShape, 404: NotFound },
      },
    },
    async (request) => licenseJson(await licenses.getLicense(ctx.db, request.params.licenseId)),
  )

  app.put(
    '/v1/license',
    {
      config: { access: systemConfiguration, consumes: 'json' },
      schema: {
        tags,
        summary: 'Create a custom license (components naming it resolve to it)',
        body: z.preprocess(withExceptionAliases, CustomLicenseBody),
        response: { 201: LicenseShape, 409: plainText(licenses.LICENSE_EXISTS) },
      },
    },
    async (request, reply) => {
      const row = await licenses.createCustomLicense(ctx, request.body)
      return reply.status(201).send(licenseJson(row))
    },
  )

  app.delete(
    '/v1/license/:licenseId',
    {
      config: { access: systemConfiguration },
      schema: {
        tags,
        summary: 'Delete a custom license and the LICENSE conditions naming it',
        params: LicenseParams,
        response: { 204: NoContent, 404: NotFound, 409: plainText(licenses.ONLY_CUSTOM) },
      },
    },
    async (request, reply) => {
      await licenses.deleteCustomLicense(ctx, request.params.licenseId)
      return reply.status(204).send()
    },
  )
}
