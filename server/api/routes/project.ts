import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { requestAggregateMetrics } from '../../domain/metrics/triggers.ts'
import { projectAccessFor } from '../../domain/projects/access.ts'
import { CloneBody, requestClone } from '../../domain/projects/clone.ts'
import { batchDeleteProjects, deleteProject } from '../../domain/projects/delete.ts'
import { normaliseProjectInput, ProjectBody, UuidParam } from '../../domain/projects/input.ts'
import * as queries from '../../domain/projects/queries.ts'
import type { Caller } from '../../domain/projects/rules.ts'
import type { ProjectView } from '../../domain/projects/view.ts'
import { createProject, patchProject, replaceProject } from '../../domain/projects/write.ts'
import { HttpError } from '../../lib/errors.ts'
import { ListQuerySchema, parseListQuery } from '../../lib/list-query.ts'
import { projectJson, ProjectJson } from '../project-json.ts'
import {
  AclForbidden,
  BadRequestProblem,
  ConflictText,
  NoContent,
  NotFoundText,
  NotModified,
  portfolioManagement,
  sendPage,
  ValidUuidParams,
  viewPortfolio,
} from '../kit/index.ts'
import type { Api } from '../types.ts'

const tags = ['project']
const UuidParams = ValidUuidParams
const Flag = z.string().optional()
const flag = (value: string | undefined) => value?.trim().toLowerCase() === 'true'
const Page = { 200: z.array(ProjectJson), 400: BadRequestProblem }
const ProjectErrors = { 403: AclForbidden, 404: NotFoundText }
const Single = { 200: ProjectJson, ...ProjectErrors }

const sendProjects = (reply: FastifyReply, page: { projects: ProjectView[]; total: number }) =>
  sendPage(reply, { rows: page.projects, total: page.total }, projectJson)

export default function projectRoutes(app: Api, ctx: AppContext) {
  const caller = async (request: FastifyRequest): Promise<Caller> => ({
    principal: request.principal,
    access: await projectAccessFor(ctx.db, request.principal),
  })
  const access = async (request: FastifyRequest) => (await caller(request)).access
  /** Parents, tags, activity and deletions change collections' and the portfolio's sums. */
  const remeasureAggregates = () => requestAggregateMetrics(ctx.db, ctx.enqueue)

  app.get(
    '/v1/project',
    {
      config: { access: viewPortfolio },
      schema: {
        tags,
        summary: 'Projects (paged; name, excludeInactive, onlyRoot, notAssignedToTeamWithUuid)',
        querystring: ListQuerySchema.extend({
          name: z.string().optional(),
          excludeInactive: Flag,
          onlyRoot: Flag,
          notAssignedToTeamWithUuid: UuidParam.optional(),
        }),
        response: Page,
      },
    },
    async (request, reply) => {
      const q = request.query
      const page = await queries.listPortfolio(
        ctx.db,
        await access(request),
        {
          name: q.name,
          excludeInactive: flag(q.excludeInactive),
          onlyRoot: flag(q.onlyRoot),
          notAssignedToTeamUuid: q.notAssignedToTeamWithUuid,
        },
        parseListQuery(q),
      )
      return sendProjects(reply, page)
    },
  )

  app.get(
    '/v1/project/lookup',
    {
      config: { access: viewPortfolio },
      schema: {
        tags,
        summary: 'The project with this name and version',
        querystring: z.object({ name: z.string().optional(), version: z.string().optional() }),
        response: Single,
      },
    },
    async (request) => {
      const { name, version } = request.query
      return projectJson(await queries.lookupProject(ctx.db, await access(request), name, version))
    },
  )

  app.get(
    '/v1/project/latest/:name',
    {
      config: { access: viewPortfolio },
      schema: {
        tags,
        summary: 'The latest version of a project',
        params: z.object({ name: z.string() }),
        response: Single,
      },
    },
    async (request) =>
      projectJson(await queries.latestProject(ctx.db, await access(request), request.params.name)),
  )

  const ListFlags = ListQuerySchema.extend({ excludeInactive: Flag, onlyRoot: Flag })

  app.get(
    '/v1/project/tag/:tag',
    {
      config: { access: viewPortfolio },
      schema: {
        tags,
        summary: 'Projects with a tag (paged)',
        params: z.object({ tag: z.string() }),
        querystring: ListFlags,
        response: Page,
      },
    },
    async (request, reply) => {
      const q = request.query
      const flags = { excludeInactive: flag(q.excludeInactive), onlyRoot: flag(q.onlyRoot) }
      const page = await queries.listByTag(
        ctx.db,
        await access(request),
        request.params.tag,
        flags,
        parseListQuery(q),
      )
      return sendProjects(reply, page)
    },
  )

  app.get(
    '/v1/project/classifier/:classifier',
    {
      config: { access: viewPortfolio },
      schema: {
        tags,
        summary: 'Projects of a classifier (paged)',
        params: z.object({ classifier: z.string() }),
        querystring: ListFlags,
        response: Page,
      },
    },
    async (request, reply) => {
      const q = request.query
      const flags = { excludeInactive: flag(q.excludeInactive), onlyRoot: flag(q.onlyRoot) }
      const page = await queries.listByClassifier(
        ctx.db,
        await access(request),
        request.params.classifier,
        flags,
        parseListQuery(q),
      )
      return sendProjects(reply, page)
    },
  )

  app.get(
    '/v1/project/withoutDescendantsOf/:uuid',
    {
      config: { access: viewPortfolio },
      schema: {
        tags,
        summary: 'Projects that are neither this project nor one of its descendants (paged)',
        params: UuidParams,
        querystring: ListQuerySchema.extend({ name: z.string().optional(), excludeInactive: Flag }),
        response: Page,
      },
    },
    async (request, reply) => {
      const q = request.query
      const page = await queries.listWithoutDescendantsOf(
        ctx.db,
        await access(request),
        request.params.uuid,
        { name: q.name, excludeInactive: flag(q.excludeInactive) },
        parseListQuery(q),
      )
      return sendProjects(reply, page)
    },
  )

  app.get(
    '/v1/project/:uuid',
    {
      config: { access: viewPortfolio },
      schema: { tags, summary: 'One project', params: UuidParams, response: Single },
    },
    async (request) =>
      projectJson(await queries.getProject(ctx.db, await access(request), request.params.uuid)),
  )

  const childRoute = (path: string, summary: string, extra: z.ZodObject = z.object({})) =>
    app.get(
      path,
      {
        config: { access: viewPortfolio },
        schema: {
          tags,
          summary,
          params: UuidParams.extend(extra.shape),
          querystring: ListFlags,
          response: { ...Page, ...ProjectErrors },
        },
      },
      async (request, reply) => {
        const params = request.params as { uuid: string; classifier?: string; tag?: string }
        const page = await queries.listChildren(
          ctx.db,
          await access(request),
          params.uuid,
          {
            excludeInactive: flag(request.query.excludeInactive),
            classifier: params.classifier,
            tag: params.tag,
          },
          parseListQuery(request.query),
        )
        return sendProjects(reply, page)
      },
    )
  childRoute('/v1/project/:uuid/children', 'Direct children of a project (paged)')
  childRoute(
    '/v1/project/:uuid/children/classifier/:classifier',
    'Direct children of a project with a classifier (paged)',
    z.object({ classifier: z.string() }),
  )
  childRoute(
    '/v1/project/:uuid/children/tag/:tag',
    'Direct children of a project with a tag (paged)',
    z.object({ tag: z.string() }),
  )

  app.put(
    '/v1/project',
    {
      config: { access: portfolioManagement, consumes: 'json' },
      schema: {
        tags,
        summary: 'Create a project',
        body: ProjectBody,
        response: { 201: ProjectJson, 403: AclForbidden, 409: ConflictText },
      },
    },
    async (request, reply) => {
      const input = normaliseProjectInput(request.body ?? {}, { nameRequired: true })
      const view = await createProject(ctx.db, await caller(request), input)
      await remeasureAggregates()
      return reply.status(201).send(projectJson(view))
    },
  )

  app.post(
    '/v1/project',
    {
      config: { access: portfolioManagement, consumes: 'json' },
      schema: {
        tags,
        summary: 'Replace a project’s fields (absent values are cleared)',
        body: ProjectBody,
        response: { ...Single, 409: ConflictText },
      },
    },
    async (request) => {
      const input = normaliseProjectInput(request.body ?? {}, { nameRequired: false })
      const view = await replaceProject(ctx.db, await caller(request), input)
      await remeasureAggregates()
      return projectJson(view)
    },
  )

  app.patch(
    '/v1/project/:uuid',
    {
      config: { access: portfolioManagement, consumes: 'json' },
      schema: {
        tags,
        summary: 'Change the given fields of a project (304 when nothing changes)',
        params: UuidParams,
        body: ProjectBody,
        response: { ...Single, 304: NotModified, 409: ConflictText },
      },
    },
    async (request) => {
      const input = normaliseProjectInput(request.body ?? {}, { nameRequired: false })
      const result = await patchProject(ctx.db, await caller(request), request.params.uuid, input)
      if (result === 'unchanged') throw new HttpError(304)
      await remeasureAggregates()
      return projectJson(result)
    },
  )

  app.delete(
    '/v1/project/:uuid',
    {
      config: { access: portfolioManagement },
      schema: {
        tags,
        summary: 'Delete a project and its descendants',
        params: UuidParams,
        response: { 204: NoContent, ...ProjectErrors },
      },
    },
    async (request, reply) => {
      await deleteProject(ctx.db, await access(request), request.params.uuid)
      await remeasureAggregates()
      return reply.status(204).send()
    },
  )

  app.post(
    '/v1/project/batchDelete',
    {
      config: { access: portfolioManagement, consumes: 'json' },
      schema: {
        tags,
        summary: 'Delete several projects and their descendants (all or nothing)',
        body: z
          .array(UuidParam)
          .min(1, 'size must be between 1 and 1000')
          .max(1000, 'size must be between 1 and 1000'),
        response: { 204: NoContent, ...ProjectErrors },
      },
    },
    async (request, reply) => {
      await batchDeleteProjects(ctx.db, await access(request), request.body)
      await remeasureAggregates()
      return reply.status(204).send()
    },
  )

  app.put(
    '/v1/project/clone',
    {
      config: { access: portfolioManagement, consumes: 'json' },
      schema: {
        tags,
        summary: 'Clone a project as a new version (asynchronous; answers a token)',
        body: CloneBody,
        response: { 200: z.object({ token: z.string() }), ...ProjectErrors, 409: ConflictText },
      },
    },
    async (request) => requestClone(ctx, await caller(request), request.body ?? {}),
  )
}
