import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import * as services from '../../domain/components/services.ts'
import { loadOwningProjects } from '../../domain/components/project-refs.ts'
import { ServiceBody } from '../../domain/components/schemas.ts'
import { ListQuerySchema, parseListQuery } from '../../lib/list-query.ts'
import { ServiceJson, serviceJson, servicesJson } from '../component-json.ts'
import {
  AclForbidden,
  NoContent,
  NotFoundText,
  plainText,
  portfolioManagement,
  sendPage,
  Uuid,
  UuidParams,
  viewPortfolio,
} from '../kit/index.ts'
import type { Api } from '../types.ts'

const tags = ['service']

export default function serviceRoutes(app: Api, ctx: AppContext) {
  const db = ctx.db

  async function serviceResponse(uuid: string) {
    const row = await services.storedService(db, uuid)
    return serviceJson(row, await loadOwningProjects(db, [row]))
  }

  app.get(
    '/v1/service/project/:uuid',
    {
      config: { access: viewPortfolio },
      schema: {
        tags,
        summary: 'The services of a project (paged)',
        params: UuidParams,
        querystring: ListQuerySchema,
        response: { 200: z.array(ServiceJson), 403: AclForbidden, 404: NotFoundText },
      },
    },
    async (request, reply) => {
      const page = await services.listProjectServices(
        db,
        request.principal,
        request.params.uuid,
        parseListQuery(request.query),
      )
      const projects = await loadOwningProjects(db, page.rows)
      return sendPage(reply, page, servicesJson(projects))
    },
  )

  app.get(
    '/v1/service/:uuid',
    {
      config: { access: viewPortfolio },
      schema: {
        tags,
        summary: 'One service',
        params: UuidParams,
        response: { 200: ServiceJson, 403: AclForbidden, 404: NotFoundText },
      },
    },
    async (request) => {
      const row = await services.getService(db, request.principal, request.params.uuid)
      return serviceResponse(row.uuid)
    },
  )

  app.put(
    '/v1/service/project/:uuid',
    {
      config: { access: portfolioManagement, consumes: 'json' },
      schema: {
        tags,
        summary: 'Create a service in a project',
        params: UuidParams,
        body: ServiceBody,
        response: {
          201: ServiceJson,
          400: plainText('Collection project cannot contain services.'),
          403: AclForbidden,
          404: NotFoundText,
        },
      },
    },
    async (request, reply) => {
      const { principal, params, body } = request
      const uuid = await services.createService(db, principal, params.uuid, body)
      return reply.status(201).send(await serviceResponse(uuid))
    },
  )

  app.post(
    '/v1/service',
    {
      config: { access: portfolioManagement, consumes: 'json' },
      schema: {
        tags,
        summary: 'Update a service',
        body: ServiceBody,
        response: { 200: ServiceJson, 403: AclForbidden, 404: NotFoundText },
      },
    },
    async (request) => {
      const uuid = Uuid.safeParse(request.body.uuid)
      const { principal, body } = request
      const updated = await services.updateService(db, principal, uuid.data, body)
      return serviceResponse(updated)
    },
  )

  app.delete(
    '/v1/service/:uuid',
    {
      config: { access: portfolioManagement },
      schema: {
        tags,
        summary: 'Delete a service',
        params: UuidParams,
        response: { 204: NoContent, 403: AclForbidden, 404: NotFoundText },
      },
    },
    async (request, reply) => {
      await services.deleteService(db, request.principal, request.params.uuid)
      return reply.status(204).send()
    },
  )
}
