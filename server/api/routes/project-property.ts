import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { projectAccessFor } from '../../domain/projects/access.ts'
import {
  createProperty,
  listProperties,
  PropertyBody,
  removeProperty,
  updateProperty,
} from '../../domain/projects/properties.ts'
import {
  AclForbidden,
  ConflictText,
  NoContent,
  NotFoundText,
  portfolioManagement,
  ValidUuidParams as UuidParams,
} from '../kit/index.ts'
import { ProjectPropertyJson, projectPropertyJson } from '../project-json.ts'
import type { Api } from '../types.ts'

const tags = ['projectProperty']
const ProjectErrors = { 403: AclForbidden, 404: NotFoundText }

export default function projectPropertyRoutes(app: Api, ctx: AppContext) {
  const access = (request: FastifyRequest) => projectAccessFor(ctx.db, request.principal)

  app.get(
    '/v1/project/:uuid/property',
    {
      config: { access: portfolioManagement },
      schema: {
        tags,
        summary: 'Properties of a project (secrets hidden)',
        params: UuidParams,
        response: { 200: z.array(ProjectPropertyJson), ...ProjectErrors },
      },
    },
    async (request) =>
      (await listProperties(ctx.db, await access(request), request.params.uuid)).map(
        projectPropertyJson,
      ),
  )

  app.put(
    '/v1/project/:uuid/property',
    {
      config: { access: portfolioManagement, consumes: 'json' },
      schema: {
        tags,
        summary: 'Create a project property',
        params: UuidParams,
        body: PropertyBody,
        response: { 201: ProjectPropertyJson, ...ProjectErrors, 409: ConflictText },
      },
    },
    async (request, reply) => {
      const row = await createProperty(
        ctx.db,
        await access(request),
        request.params.uuid,
        request.body ?? PropertyBody.parse({}),
      )
      return reply.status(201).send(projectPropertyJson(row))
    },
  )

  app.post(
    '/v1/project/:uuid/property',
    {
      config: { access: portfolioManagement, consumes: 'json' },
      schema: {
        tags,
        summary: 'Change a project property’s value',
        params: UuidParams,
        body: PropertyBody,
        response: { 200: ProjectPropertyJson, ...ProjectErrors },
      },
    },
    async (request) => {
      const row = await updateProperty(
        ctx.db,
        await access(request),
        request.params.uuid,
        request.body ?? PropertyBody.parse({}),
      )
      return projectPropertyJson(row)
    },
  )

  app.delete(
    '/v1/project/:uuid/property',
    {
      config: { access: portfolioManagement, consumes: 'json' },
      schema: {
        tags,
        summary: 'Delete a project property',
        params: UuidParams,
        body: PropertyBody.optional(),
        response: { 204: NoContent, ...ProjectErrors },
      },
    },
    async (request, reply) => {
      await removeProperty(ctx.db, await access(request), request.params.uuid, request.body)
      return reply.status(204).send()
    },
  )
}
