import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { findProjectByUuid } from '../../data/components.ts'
import * as services from '../../data/services.ts'
import {
  isCollectionProject,
  loadAccessibleProject,
  loadAccessibleService,
  PROJECT_FORBIDDEN,
  requireProjectAccess,
  SERVICE_FORBIDDEN,
} from '../../domain/components/access.ts'
import { serviceValues } from '../../domain/components/fields.ts'
import { ServiceBody } from '../../domain/components/schemas.ts'
import { orderByClause, type SortableEntity } from '../../domain/components/sorting.ts'
import { textError } from '../../shared/errors.ts'
import { ListQuerySchema, parseListQuery } from '../../shared/list-query.ts'
import { projectsJson, ServiceJson, serviceJson, servicesJson } from '../component-json.ts'
import type { Api } from '../types.ts'

const viewPortfolio = { anyOf: ['VIEW_PORTFOLIO'] } as const
const portfolioManagement = { anyOf: ['PORTFOLIO_MANAGEMENT'] } as const
const Uuid = z.uuid({ message: 'Invalid UUID' })
const UuidParams = z.object({ uuid: Uuid })
const tags = ['service']

const SERVICE: SortableEntity = {
  name: 'ServiceComponent',
  columns: services.SERVICE_SORT_COLUMNS,
  computed: new Set(['bomRef']),
  tieBreaker: 's.id',
}

const updateMessages = {
  notFound: 'The UUID of the service could not be found.',
  forbidden: SERVICE_FORBIDDEN,
}

export function serviceRoutes(app: Api, ctx: AppContext) {
  const db = ctx.db

  async function serviceResponse(uuid: string) {
    const row = (await services.findServiceByUuid(db, uuid))!
    const projects = await projectsJson(db, [row.project_id])
    return serviceJson(row, projects.get(String(row.project_id))!)
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
        response: { 200: z.array(ServiceJson) },
      },
    },
    async (request, reply) => {
      const project = await loadAccessibleProject(db, request.principal, request.params.uuid, {
        notFound: 'The project could not be found.',
        forbidden: PROJECT_FORBIDDEN,
      })
      const query = parseListQuery(request.query)
      const page = await services.listProjectServices(
        db,
        project.id,
        query.searchText,
        orderByClause(SERVICE, query, 's.name ASC, s.version DESC'),
        query,
      )
      reply.header('X-Total-Count', String(page.total))
      return servicesJson(db, page.rows)
    },
  )

  app.get(
    '/v1/service/:uuid',
    {
      config: { access: viewPortfolio },
      schema: { tags, summary: 'One service', params: UuidParams, response: { 200: ServiceJson } },
    },
    async (request) => {
      const row = await loadAccessibleService(db, request.principal, request.params.uuid, {
        notFound: 'The service could not be found.',
        forbidden: SERVICE_FORBIDDEN,
      })
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
        response: { 201: ServiceJson },
      },
    },
    async (request, reply) => {
      const project = await findProjectByUuid(db, request.params.uuid)
      if (!project) throw textError(404, 'The project could not be found.')
      if (isCollectionProject(project)) {
        throw textError(400, 'Collection project cannot contain services.')
      }
      await requireProjectAccess(db, request.principal, project.id, PROJECT_FORBIDDEN)
      const uuid = await services.insertService(db, project.id, serviceValues(request.body))
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
        response: { 200: ServiceJson },
      },
    },
    async (request) => {
      const uuid = Uuid.safeParse(request.body.uuid)
      if (!uuid.success) throw textError(404, updateMessages.notFound)
      const row = await loadAccessibleService(db, request.principal, uuid.data, updateMessages)
      await services.updateService(db, row.id, serviceValues(request.body))
      return serviceResponse(row.uuid)
    },
  )

  app.delete(
    '/v1/service/:uuid',
    {
      config: { access: portfolioManagement },
      schema: { tags, summary: 'Delete a service', params: UuidParams },
    },
    async (request, reply) => {
      const row = await loadAccessibleService(
        db,
        request.principal,
        request.params.uuid,
        updateMessages,
      )
      await services.deleteService(db, row.id)
      return reply.status(204).send()
    },
  )
}
