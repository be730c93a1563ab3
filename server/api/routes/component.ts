import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import * as components from '../../data/components.ts'
import {
  COMPONENT_FORBIDDEN,
  isCollectionProject,
  loadAccessibleComponent,
  loadAccessibleProject,
  PROJECT_FORBIDDEN,
  requireProjectAccess,
} from '../../domain/components/access.ts'
import {
  componentsListed,
  expandedDependencyGraph,
  resolveDirectDependencies,
} from '../../domain/components/dependency-graph.ts'
import { componentValues } from '../../domain/components/fields.ts'
import { identifyInternalComponents } from '../../domain/components/identify.ts'
import { internalMatcher } from '../../domain/components/internal.ts'
import { createComponentProperty } from '../../domain/components/properties.ts'
import { parsePurl } from '../../domain/components/purl.ts'
import { ComponentBody, ComponentPropertyBody } from '../../domain/components/schemas.ts'
import { orderByClause, type SortableEntity } from '../../domain/components/sorting.ts'
import { projectAccessFor } from '../../domain/projects/access.ts'
import { textError } from '../../shared/errors.ts'
import { ListQuerySchema, parseListQuery } from '../../shared/list-query.ts'
import {
  ComponentJson,
  ComponentPropertyJson,
  componentJson,
  componentPropertyJson,
  componentsJson,
  DependencyGraphResponseJson,
  dependencyGraphResponseJson,
  GraphNodeJson,
  graphNodeJson,
  projectsJson,
} from '../component-json.ts'
import type { Api } from '../types.ts'

const viewPortfolio = { anyOf: ['VIEW_PORTFOLIO'] } as const
const portfolioManagement = { anyOf: ['PORTFOLIO_MANAGEMENT'] } as const
const Uuid = z.uuid({ message: 'Invalid UUID' })
const UuidParams = z.object({ uuid: Uuid })
const Flag = z.string().optional()
const flag = (value: string | undefined) => value?.trim().toLowerCase() === 'true'
const text = (value: string | undefined) => value?.trim() || undefined
const tags = ['component']

const COMPONENT: SortableEntity = {
  name: 'Component',
  columns: components.COMPONENT_SORT_COLUMNS,
  computed: new Set([
    'bomRef',
    'licenseCandidates',
    'metrics',
    'repositoryMeta',
    'isNew',
    'cacheResult',
    'dependencyGraph',
    'expandDependencyGraph',
  ]),
  nested: { project: components.PROJECT_SORT_COLUMNS },
  tieBreaker: 'c.id',
}

const componentMessages = {
  notFound: 'The component could not be found.',
  forbidden: COMPONENT_FORBIDDEN,
}
const updateMessages = {
  notFound: 'The UUID of the component could not be found.',
  forbidden: COMPONENT_FORBIDDEN,
}
const projectMessages = {
  notFound: 'The project could not be found.',
  forbidden: PROJECT_FORBIDDEN,
}

export function componentRoutes(app: Api, ctx: AppContext) {
  const db = ctx.db

  async function componentResponse(uuid: string) {
    const row = (await components.findComponentByUuid(db, uuid))!
    const projects = await projectsJson(db, [row.project_id])
    return componentJson(row, projects.get(String(row.project_id))!)
  }

  app.get(
    '/v1/component/project/:uuid',
    {
      config: { access: viewPortfolio },
      schema: {
        tags,
        summary: 'The components of a project (paged)',
        params: UuidParams,
        querystring: ListQuerySchema.extend({ onlyOutdated: Flag, onlyDirect: Flag }),
        response: { 200: z.array(ComponentJson) },
      },
    },
    async (request, reply) => {
      const project = await loadAccessibleProject(
        db,
        request.principal,
        request.params.uuid,
        projectMessages,
      )
      const query = parseListQuery(request.query)
      const page = await components.listProjectComponents(
        db,
        project.id,
        {
          searchText: query.searchText,
          onlyOutdated: flag(request.query.onlyOutdated),
          onlyDirect: flag(request.query.onlyDirect),
        },
        orderByClause(COMPONENT, query, 'c.name ASC, c.version DESC'),
        query,
      )
      reply.header('X-Total-Count', String(page.total))
      return componentsJson(db, page.rows)
    },
  )

  app.get(
    '/v1/component/identity',
    {
      config: { access: viewPortfolio },
      schema: {
        tags,
        summary: 'Components by identity: coordinates, else purl, else cpe, else swidTagId (paged)',
        querystring: ListQuerySchema.extend({
          group: z.string().optional(),
          name: z.string().optional(),
          version: z.string().optional(),
          purl: z.string().optional(),
          cpe: z.string().optional(),
          swidTagId: z.string().optional(),
          project: Uuid.optional(),
          excludeInactiveProjects: Flag,
          onlyLatestProjectVersions: Flag,
        }),
        // No criteria at all: 200 with an empty body.
        response: { 200: z.array(ComponentJson).optional() },
      },
    },
    async (request, reply) => {
      const q = request.query
      const project = q.project
        ? await loadAccessibleProject(db, request.principal, q.project, projectMessages)
        : undefined
      const identity = {
        group: text(q.group),
        name: text(q.name),
        version: text(q.version),
        purl: parsePurl(q.purl)?.purl,
        cpe: text(q.cpe),
        swidTagId: text(q.swidTagId),
      }
      if (Object.values(identity).every((value) => value === undefined)) {
        return reply.header('X-Total-Count', '0').send(undefined)
      }
      const query = parseListQuery(q)
      const page = await components.searchComponentsByIdentity(
        db,
        {
          ...identity,
          projectId: project?.id,
          excludeInactiveProjects: flag(q.excludeInactiveProjects),
          onlyLatestProjectVersions: flag(q.onlyLatestProjectVersions),
        },
        await projectAccessFor(db, request.principal),
        orderByClause(COMPONENT, query, 'c.id ASC'),
        query,
      )
      reply.header('X-Total-Count', String(page.total))
      return componentsJson(db, page.rows)
    },
  )

  app.get(
    '/v1/component/hash/:hash',
    {
      config: { access: viewPortfolio },
      schema: {
        tags,
        summary:
          'Components with the given MD5, SHA-1, SHA-2, SHA-3, BLAKE2b or BLAKE3 hash (paged)',
        params: z.object({ hash: z.string() }),
        querystring: ListQuerySchema,
        response: { 200: z.array(ComponentJson) },
      },
    },
    async (request, reply) => {
      const query = parseListQuery(request.query)
      const page = await components.searchComponentsByHash(
        db,
        request.params.hash.trim(),
        await projectAccessFor(db, request.principal),
        orderByClause(COMPONENT, query, 'c.id ASC'),
        query,
      )
      reply.header('X-Total-Count', String(page.total))
      return componentsJson(db, page.rows)
    },
  )

  app.get(
    '/v1/component/internal/identify',
    {
      config: { access: { anyOf: ['SYSTEM_CONFIGURATION'] } },
      schema: { tags, summary: 'Re-identify internal components across the portfolio' },
    },
    async (_request, reply) => {
      await identifyInternalComponents(db)
      return reply.status(204).send()
    },
  )

  app.get(
    '/v1/component/:uuid',
    {
      config: { access: viewPortfolio },
      schema: {
        tags,
        summary: 'One component',
        params: UuidParams,
        querystring: z.object({ includeRepositoryMetaData: Flag }).loose(),
        response: { 200: ComponentJson },
      },
    },
    async (request) => {
      const row = await loadAccessibleComponent(
        db,
        request.principal,
        request.params.uuid,
        componentMessages,
      )
      return componentResponse(row.uuid)
    },
  )

  app.put(
    '/v1/component/project/:uuid',
    {
      config: { access: portfolioManagement, consumes: 'json' },
      schema: {
        tags,
        summary: 'Create a component in a project',
        params: UuidParams,
        body: ComponentBody,
        response: { 201: ComponentJson },
      },
    },
    async (request, reply) => {
      const project = await components.findProjectByUuid(db, request.params.uuid)
      if (!project) throw textError(404, 'The project could not be found.')
      if (isCollectionProject(project)) {
        throw textError(400, 'Collection project cannot contain components.')
      }
      await requireProjectAccess(db, request.principal, project.id, PROJECT_FORBIDDEN)
      const values = componentValues(request.body, await internalMatcher(db))
      const uuid = await components.insertComponent(db, project.id, {
        ...values,
        external_references: null,
      })
      return reply.status(201).send(await componentResponse(uuid))
    },
  )

  app.post(
    '/v1/component',
    {
      config: { access: portfolioManagement, consumes: 'json' },
      schema: {
        tags,
        summary: 'Update a component',
        body: ComponentBody,
        response: { 200: ComponentJson },
      },
    },
    async (request) => {
      const uuid = Uuid.safeParse(request.body.uuid)
      if (!uuid.success) throw textError(404, updateMessages.notFound)
      const row = await loadAccessibleComponent(db, request.principal, uuid.data, updateMessages)
      await components.updateComponent(
        db,
        row.id,
        componentValues(request.body, await internalMatcher(db)),
      )
      return componentResponse(row.uuid)
    },
  )

  app.delete(
    '/v1/component/:uuid',
    {
      config: { access: portfolioManagement },
      schema: { tags, summary: 'Delete a component', params: UuidParams },
    },
    async (request, reply) => {
      const row = await loadAccessibleComponent(
        db,
        request.principal,
        request.params.uuid,
        updateMessages,
      )
      await components.deleteComponent(db, row.id)
      return reply.status(204).send()
    },
  )

  componentPropertyRoutes(app, ctx)
  dependencyGraphRoutes(app, ctx)
}

function componentPropertyRoutes(app: Api, ctx: AppContext) {
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
        response: { 200: z.array(ComponentPropertyJson) },
      },
    },
    async (request) => {
      const component = await loadAccessibleComponent(db, request.principal, request.params.uuid, {
        notFound: 'The component could not be found.',
        forbidden: PROJECT_FORBIDDEN,
      })
      return (await components.listComponentProperties(db, component.id)).map(componentPropertyJson)
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
        response: { 201: ComponentPropertyJson },
      },
    },
    async (request, reply) => {
      const component = await loadAccessibleComponent(
        db,
        request.principal,
        request.params.uuid,
        componentMessages,
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
      },
    },
    async (request, reply) => {
      const component = await loadAccessibleComponent(
        db,
        request.principal,
        request.params.uuid,
        componentMessages,
      )
      const deleted = await components.deleteComponentProperty(
        db,
        component.id,
        request.params.propertyUuid,
      )
      if (deleted === 0) throw textError(404, 'The component property could not be found.')
      return reply.status(204).send()
    },
  )
}

function dependencyGraphRoutes(app: Api, ctx: AppContext) {
  const db = ctx.db

  app.get(
    '/v1/component/project/:projectUuid/dependencyGraph/:componentUuids',
    {
      config: { access: viewPortfolio },
      schema: {
        tags: ['component'],
        summary:
          'The paths from the project to every occurrence of the components (uuids split by |)',
        params: z.object({ projectUuid: Uuid, componentUuids: z.string() }),
        response: { 200: z.record(z.string(), GraphNodeJson) },
      },
    },
    async (request) => {
      const project = await loadAccessibleProject(
        db,
        request.principal,
        request.params.projectUuid,
        {
          notFound: 'The UUID of the project could not be found.',
          forbidden: `${PROJECT_FORBIDDEN}.`,
        },
      )
      const requested = await componentsListed(db, request.params.componentUuids)
      if (!requested) throw textError(404, 'The UUID of the component could not be found.')
      const graph = await expandedDependencyGraph(db, project, requested)
      return Object.fromEntries([...graph].map(([uuid, node]) => [uuid, graphNodeJson(node)]))
    },
  )

  app.get(
    '/v1/dependencyGraph/project/:uuid/directDependencies',
    {
      config: { access: viewPortfolio },
      schema: {
        tags: ['dependencyGraph'],
        summary: 'The direct dependencies of a project',
        params: UuidParams,
        response: { 200: z.array(DependencyGraphResponseJson) },
      },
    },
    async (request) => {
      const project = await loadAccessibleProject(db, request.principal, request.params.uuid, {
        notFound: 'The component could not be found.',
        forbidden: PROJECT_FORBIDDEN,
      })
      const entries = await resolveDirectDependencies(db, project.direct_dependencies)
      return entries.map(dependencyGraphResponseJson)
    },
  )

  app.get(
    '/v1/dependencyGraph/component/:uuid/directDependencies',
    {
      config: { access: viewPortfolio },
      schema: {
        tags: ['dependencyGraph'],
        summary: 'The direct dependencies of a component',
        params: UuidParams,
        response: { 200: z.array(DependencyGraphResponseJson) },
      },
    },
    async (request) => {
      const component = await loadAccessibleComponent(
        db,
        request.principal,
        request.params.uuid,
        componentMessages,
      )
      const entries = await resolveDirectDependencies(db, component.direct_dependencies)
      return entries.map(dependencyGraphResponseJson)
    },
  )
}
