import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { analyzeComponentOnDemand } from '../../domain/analysis/on-demand.ts'
import * as inventory from '../../domain/components/inventory.ts'
import type { ComponentRow } from '../../domain/components/inventory.ts'
import { identifyInternalComponents } from '../../domain/components/identify.ts'
import { loadOwningProjects } from '../../domain/components/project-refs.ts'
import { currentMetricsOf } from '../../domain/metrics/history.ts'
import { parsePurl } from '../../domain/components/purl.ts'
import { repositoryMetaByPurl } from '../../domain/repositories/meta.ts'
import { requestComponentMetadata } from '../../domain/repositories/triggers.ts'
import { ComponentBody } from '../../domain/components/schemas.ts'
import { ListQuerySchema, parseListQuery } from '../../lib/list-query.ts'
import { ComponentJson, componentJson, componentsJson } from '../component-json.ts'
import {
  AclForbidden,
  NoContent,
  NotFoundText,
  plainText,
  portfolioManagement,
  sendPage,
  systemConfiguration,
  Uuid,
  UuidParams,
  viewPortfolio,
} from '../kit/index.ts'
import type { Api } from '../types.ts'

const Flag = z.string().optional()
const flag = (value: string | undefined) => value?.trim().toLowerCase() === 'true'
const text = (value: string | undefined) => value?.trim() || undefined
const tags = ['component']

export default function componentRoutes(app: Api, ctx: AppContext) {
  const db = ctx.db

  async function componentResponse(uuid: string, withMeta = false) {
    const row = await inventory.storedComponent(db, uuid)
    const meta = withMeta ? await repositoryMetaByPurl(db, [row.purl]) : undefined
    return componentJson(row, await loadOwningProjects(db, [row]), undefined, meta)
  }
  /** A component created or changed through the API is analysed on its own (4.13 §2.1). */
  async function analysedComponentResponse(uuid: string) {
    const row = await inventory.storedComponent(db, uuid)
    await analyzeComponentOnDemand(ctx, row)
    await requestComponentMetadata(db, ctx.enqueue, row)
    return componentJson(row, await loadOwningProjects(db, [row]))
  }
  async function sendComponents(
    reply: FastifyReply,
    page: { rows: ComponentRow[]; total: number },
    withMetrics = false,
  ) {
    const projects = await loadOwningProjects(db, page.rows)
    // The lists with metrics (project components, identity search) carry repositoryMeta too.
    const metrics = withMetrics ? await currentMetricsOf(db, page.rows) : undefined
    const meta = withMetrics
      ? await repositoryMetaByPurl(
          db,
          page.rows.map((row) => row.purl),
        )
      : undefined
    return sendPage(reply, page, componentsJson(projects, metrics, meta))
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
        response: { 200: z.array(ComponentJson), 403: AclForbidden, 404: NotFoundText },
      },
    },
    async (request, reply) => {
      const page = await inventory.listProjectComponents(
        db,
        request.principal,
        request.params.uuid,
        {
          onlyOutdated: flag(request.query.onlyOutdated),
          onlyDirect: flag(request.query.onlyDirect),
        },
        parseListQuery(request.query),
      )
      return sendComponents(reply, page, true)
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
      const project = await inventory.searchScope(db, request.principal, q.project)
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
      const page = await inventory.searchByIdentity(
        db,
        request.principal,
        {
          ...identity,
          projectId: project?.id,
          excludeInactiveProjects: flag(q.excludeInactiveProjects),
          onlyLatestProjectVersions: flag(q.onlyLatestProjectVersions),
        },
        parseListQuery(q),
      )
      return sendComponents(reply, page, true)
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
      const page = await inventory.searchByHash(
        db,
        request.principal,
        request.params.hash.trim(),
        parseListQuery(request.query),
      )
      return sendComponents(reply, page)
    },
  )

  app.get(
    '/v1/component/internal/identify',
    {
      config: { access: systemConfiguration },
      schema: {
        tags,
        summary: 'Re-identify internal components across the portfolio',
        response: { 204: NoContent },
      },
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
        response: { 200: ComponentJson, 403: AclForbidden, 404: NotFoundText },
      },
    },
    async (request) => {
      const row = await inventory.getComponent(db, request.principal, request.params.uuid)
      return componentResponse(row.uuid, flag(request.query.includeRepositoryMetaData))
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
        response: {
          201: ComponentJson,
          400: plainText('Collection project cannot contain components.'),
          403: AclForbidden,
          404: NotFoundText,
        },
      },
    },
    async (request, reply) => {
      const { principal, params, body } = request
      const uuid = await inventory.createComponent(db, principal, params.uuid, body)
      return reply.status(201).send(await analysedComponentResponse(uuid))
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
        response: { 200: ComponentJson, 403: AclForbidden, 404: NotFoundText },
      },
    },
    async (request) => {
      const uuid = Uuid.safeParse(request.body.uuid)
      const { principal, body } = request
      return analysedComponentResponse(
        await inventory.updateComponent(db, principal, uuid.data, body),
      )
    },
  )

  app.delete(
    '/v1/component/:uuid',
    {
      config: { access: portfolioManagement },
      schema: {
        tags,
        summary: 'Delete a component',
        params: UuidParams,
        response: { 204: NoContent, 403: AclForbidden, 404: NotFoundText },
      },
    },
    async (request, reply) => {
      await inventory.deleteComponent(db, request.principal, request.params.uuid)
      return reply.status(204).send()
    },
  )
}
