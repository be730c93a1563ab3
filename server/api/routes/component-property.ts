import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import {
  COMPONENT_MESSAGES,
  loadAccessibleComponent,
  PROJECT_FORBIDDEN,
} from '../../domain/components/access.ts'
import {
  createComponentProperty,
  deleteComponentProperty,
  listComponentProperties,
} from '../../domain/components/properties.ts'
import { ComponentPropertyBody } from '../../domain/components/schemas.ts'
import { ComponentPropertyJson, componentPropertyJson } from '../component-json.ts'
import {
  AclForbidden,
  ConflictText,
  NoContent,
  NotFoundText,
  portfolioManagement,
  Uuid,
  UuidParams,
  viewPortfolio,
} from '../kit/index.ts'
import type { Api } from '../types.ts'

export default function componentPropertyRoutes(app: Api, ctx: AppContext) {
  const db = ctx.db
  const tags = ['componentProperty']

  app.get(
    '/v1/component/:uuid/property',
    {
      config: { access: viewPortfolio },
      schema: {
        tags,
        summary: 'The properties of a component',
        params: UuidParams,
        response: { 200: z.array(ComponentPropertyJson), 403: AclForbidden, 404: NotFoundText },
      },
    },
    async (request) => {
      const component = await loadAccessibleComponent(db, request.principal, request.params.uuid, {
        notFound: 'The component could not be found.',
        forbidden: PROJECT_FORBIDDEN,
      })
      return (await listComponentProperties(db, component.id)).map(componentPropertyJson)
    },
  )

  app.put(
    '/v1/component/:uuid/property',
    {
      config: { access: portfolioManagement, consumes: 'json' },
      schema: {
        tags,
        summary: 'Add a property to a component',
        params: UuidParams,
        body: ComponentPropertyBody,
        response: {
          201: ComponentPropertyJson,
          403: AclForbidden,
          404: NotFoundText,
          409: ConflictText,
        },
      },
    },
    async (request, reply) => {
      const component = await loadAccessibleComponent(
        db,
        request.principal,
        request.params.uuid,
        COMPONENT_MESSAGES,
      )
      const property = await createComponentProperty(db, component.id, request.body)
      return reply.status(201).send(componentPropertyJson(property))
    },
  )

  app.delete(
    '/v1/component/:uuid/property/:propertyUuid',
    {
      config: { access: portfolioManagement },
      schema: {
        tags,
        summary: 'Remove a property from a component',
        params: z.object({ uuid: Uuid, propertyUuid: Uuid }),
        response: { 204: NoContent, 403: AclForbidden, 404: NotFoundText },
      },
    },
    async (request, reply) => {
      const component = await loadAccessibleComponent(
        db,
        request.principal,
        request.params.uuid,
        COMPONENT_MESSAGES,
      )
      await deleteComponentProperty(db, component.id, request.params.propertyUuid)
      return reply.status(204).send()
    },
  )
}
