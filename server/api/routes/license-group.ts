import { z } from 'zod'
import { LicenseGroupShape } from '../../../common/policy-shapes.ts'
import type { AppContext } from '../../context.ts'
import * as groups from '../../domain/licenses/groups.ts'
import { LICENSE_NOT_FOUND } from '../../domain/licenses/licenses.ts'
import { LicenseGroupName } from '../../domain/licenses/schemas.ts'
import { emptyError } from '../../lib/errors.ts'
import { ListQuerySchema, parseListQuery } from '../../lib/list-query.ts'
import {
  NoContent,
  NotModified,
  plainText,
  policyManagement,
  sendPage,
  ValidUuid,
  ValidUuidParams,
} from '../kit/index.ts'
import { licenseGroupJson } from '../license-json.ts'
import type { Api } from '../types.ts'

const tags = ['licenseGroup']
const GroupNotFound = plainText(groups.GROUP_NOT_FOUND)
const Conflict = plainText(groups.GROUP_EXISTS)
const MemberParams = z.object({ uuid: ValidUuid, licenseUuid: ValidUuid })
const MemberNotFound = plainText(`${groups.GROUP_NOT_FOUND} / ${LICENSE_NOT_FOUND}`)

/** License groups (dt-api-portfolio §4.17): all POLICY_MANAGEMENT. */
export default function licenseGroupRoutes(app: Api, ctx: AppContext) {
  const config = { access: policyManagement }

  app.get(
    '/v1/licenseGroup',
    {
      config,
      schema: {
        tags,
        summary: 'License groups with their licenses (paged; searchText matches the name)',
        querystring: ListQuerySchema,
        response: { 200: z.array(LicenseGroupShape) },
      },
    },
    async (request, reply) =>
      sendPage(
        reply,
        await groups.listLicenseGroups(ctx.db, parseListQuery(request.query)),
        licenseGroupJson,
      ),
  )

  app.get(
    '/v1/licenseGroup/:uuid',
    {
      config,
      schema: {
        tags,
        summary: 'One license group',
        params: ValidUuidParams,
        response: { 200: LicenseGroupShape, 404: GroupNotFound },
      },
    },
    async (request) => licenseGroupJson(await groups.getLicenseGroup(ctx.db, request.params.uuid)),
  )

  app.put(
    '/v1/licenseGroup',
    {
      config: { ...config, consumes: 'json' },
      schema: {
        tags,
        summary: 'Create a license group (risk weight 0)',
        body: z.object({ name: LicenseGroupName }).loose(),
        response: { 201: LicenseGroupShape, 409: Conflict },
      },
    },
    async (request, reply) => {
      const group = await groups.createLicenseGroup(ctx.db, request.body.name)
      return reply.status(201).send(licenseGroupJson(group))
    },
  )

  app.post(
    '/v1/licenseGroup',
    {
      config: { ...config, consumes: 'json' },
      schema: {
        tags,
        summary: 'Rename a license group (its risk weight stays)',
        body: z.object({ uuid: z.string().nullish(), name: LicenseGroupName }).loose(),
        response: { 200: LicenseGroupShape, 404: GroupNotFound, 409: Conflict },
      },
    },
    async (request) =>
      licenseGroupJson(
        await groups.renameLicenseGroup(ctx.db, request.body.uuid, request.body.name),
      ),
  )

  app.delete(
    '/v1/licenseGroup/:uuid',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a license group',
        params: ValidUuidParams,
        response: { 204: NoContent, 404: plainText(groups.GROUP_UUID_NOT_FOUND) },
      },
    },
    async (request, reply) => {
      await groups.deleteLicenseGroup(ctx.db, request.params.uuid)
      return reply.status(204).send()
    },
  )

  app.post(
    '/v1/licenseGroup/:uuid/license/:licenseUuid',
    {
      config,
      schema: {
        tags,
        summary: 'Add a license to a license group (304 when it is a member already)',
        params: MemberParams,
        response: { 200: LicenseGroupShape, 304: NotModified, 404: MemberNotFound },
      },
    },
    async (request) => {
      const { uuid, licenseUuid } = request.params
      const group = await groups.addLicenseToGroup(ctx.db, uuid, licenseUuid)
      if (group === 'unchanged') throw emptyError(304)
      return licenseGroupJson(group)
    },
  )

  app.delete(
    '/v1/licenseGroup/:uuid/license/:licenseUuid',
    {
      config,
      schema: {
        tags,
        summary: 'Remove a license from a license group (304 when it is not a member)',
        params: MemberParams,
        response: { 200: LicenseGroupShape, 304: NotModified, 404: MemberNotFound },
      },
    },
    async (request) => {
      const { uuid, licenseUuid } = request.params
      const group = await groups.removeLicenseFromGroup(ctx.db, uuid, licenseUuid)
      if (group === 'unchanged') throw emptyError(304)
      return licenseGroupJson(group)
    },
  )
}
