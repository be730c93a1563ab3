import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { TagNameString } from '../input.ts'
import { projectAccessFor } from '../../domain/projects/access.ts'
import * as policyTags from '../../domain/policies/tags.ts'
import * as tagOps from '../../domain/projects/tags.ts'
import { ListQuerySchema, parseListQuery } from '../../lib/list-query.ts'
import {
  AclForbidden,
  NoContent,
  noBody,
  NotFoundProblem,
  NotFoundText,
  BadRequestProblem,
  policyManagement,
  portfolioManagement,
  sendPage,
  systemConfiguration,
  tagManagement,
  ValidUuid as UuidParam,
  viewPortfolio,
} from '../kit/index.ts'
import type { Api } from '../types.ts'

const tags = ['tag']

const NameParams = z.object({ name: z.string() })
const sized = <T extends z.ZodType>(item: T) =>
  z.array(item).min(1, 'size must be between 1 and 100').max(100, 'size must be between 1 and 100')
const TagNames = sized(TagNameString.refine((name) => name.trim() !== '', 'must not be blank'))
const Uuids = sized(UuidParam)

const TagListItem = z.object({
  name: z.string(),
  projectCount: z.number(),
  collectionProjectCount: z.number(),
  policyCount: z.number(),
  notificationRuleCount: z.number(),
})
const NamedItem = z.object({ uuid: z.string(), name: z.string() })

const same = <T>(row: T) => row

export default function tagRoutes(app: Api, ctx: AppContext) {
  const access = (request: FastifyRequest) => projectAccessFor(ctx.db, request.principal)

  app.get(
    '/v1/tag',
    {
      config: { access: viewPortfolio },
      schema: {
        tags,
        summary: 'Tags with the number of projects, policies and rules using them (paged)',
        querystring: ListQuerySchema,
        response: { 200: z.array(TagListItem) },
      },
    },
    async (request, reply) => {
      const page = await tagOps.tagsPage(
        ctx.db,
        await access(request),
        parseListQuery(request.query),
      )
      return sendPage(reply, page, (row) => ({
        name: row.name,
        projectCount: Number(row.project_count),
        collectionProjectCount: Number(row.collection_project_count),
        policyCount: Number(row.policy_count),
        notificationRuleCount: 0,
      }))
    },
  )

  app.put(
    '/v1/tag',
    {
      config: { access: tagManagement, consumes: 'json' },
      schema: {
        tags,
        summary: 'Create tags (lower-cased)',
        body: TagNames,
        response: { 201: noBody('Created') },
      },
    },
    async (request, reply) => {
      await tagOps.createTags(ctx.db, request.body)
      return reply.status(201).send()
    },
  )

  app.delete(
    '/v1/tag',
    {
      config: { access: tagManagement, consumes: 'json' },
      schema: {
        tags,
        summary: 'Delete tags (all or nothing)',
        body: TagNames,
        response: { 204: NoContent, 400: BadRequestProblem, 403: AclForbidden },
      },
    },
    async (request, reply) => {
      await tagOps.deleteTags(ctx.db, request.principal, await access(request), request.body)
      return reply.status(204).send()
    },
  )

  app.get(
    '/v1/tag/:name/project',
    {
      config: { access: viewPortfolio },
      schema: {
        tags,
        summary: 'Projects carrying a tag (paged)',
        params: NameParams,
        querystring: ListQuerySchema,
        response: { 200: z.array(NamedItem.extend({ version: z.string().optional() })) },
      },
    },
    async (request, reply) => {
      const page = await tagOps.taggedProjectsPage(
        ctx.db,
        await access(request),
        request.params.name,
        parseListQuery(request.query),
      )
      return sendPage(reply, page, (row) => ({
        uuid: row.uuid,
        name: row.name,
        ...(row.version === null ? {} : { version: row.version }),
      }))
    },
  )

  const assignment = (
    kind: 'project' | 'policy' | 'notificationRule',
    permission: typeof portfolioManagement | typeof policyManagement | typeof systemConfiguration,
  ) => {
    for (const method of ['post', 'delete'] as const) {
      app[method](
        `/v1/tag/:name/${kind}`,
        {
          config: { access: permission, consumes: 'json' },
          schema: {
            tags,
            summary: `${method === 'post' ? 'Tag' : 'Untag'} ${kind}s by UUID`,
            params: NameParams,
            body: Uuids,
            response: { 204: NoContent, 403: AclForbidden, 404: NotFoundProblem },
          },
        },
        async (request, reply) => {
          const { name } = request.params as { name: string }
          const uuids = request.body as string[]
          if (kind === 'project') {
            const operation = method === 'post' ? tagOps.tagProjects : tagOps.untagProjects
            await operation(ctx.db, await access(request), name, uuids)
          } else if (kind === 'policy') {
            const operation = method === 'post' ? policyTags.tagPolicies : policyTags.untagPolicies
            await operation(ctx.db, ctx.enqueue, name, uuids)
          } else {
            // Notification rules do not exist yet: only the tag is checked.
            await tagOps.requireTag(ctx.db, name)
          }
          return reply.status(204).send()
        },
      )
    }
  }
  assignment('project', portfolioManagement)
  assignment('policy', policyManagement)
  assignment('notificationRule', systemConfiguration)

  app.get(
    '/v1/tag/:name/policy',
    {
      config: { access: viewPortfolio },
      schema: {
        tags,
        summary: 'Policies carrying a tag (paged)',
        params: NameParams,
        querystring: ListQuerySchema,
        response: { 200: z.array(NamedItem) },
      },
    },
    async (request, reply) =>
      sendPage(
        reply,
        await policyTags.taggedPoliciesPage(
          ctx.db,
          request.params.name,
          parseListQuery(request.query),
        ),
        same,
      ),
  )

  app.get(
    '/v1/tag/:name/notificationRule',
    {
      config: { access: systemConfiguration },
      schema: {
        tags,
        summary: 'Notification rules carrying a tag (paged)',
        params: NameParams,
        querystring: ListQuerySchema,
        response: { 200: z.array(NamedItem) },
      },
    },
    async (request, reply) =>
      sendPage(reply, tagOps.taggedNotificationRulesPage(parseListQuery(request.query)), same),
  )

  const TagList = z.array(z.object({ name: z.string() }))
  const relevantTags = async (reply: FastifyReply, uuid: string) => {
    const rows = await policyTags.tagsForPolicy(ctx.db, uuid)
    reply.header('X-Total-Count', String(rows.length))
    return rows.map((row) => ({ name: row.name }))
  }
  app.get(
    '/v1/tag/policy/:uuid',
    {
      config: { access: viewPortfolio },
      schema: {
        tags,
        summary: "Tags a policy can be limited to: its projects' tags, or all (most used first)",
        params: z.object({ uuid: UuidParam }),
        response: { 200: TagList, 404: NotFoundText },
      },
    },
    async (request, reply) => relevantTags(reply, request.params.uuid),
  )
  app.get(
    '/v1/tag/:policyUuid',
    {
      config: { access: viewPortfolio },
      schema: {
        tags,
        summary: 'Tags a policy can be limited to (deprecated: GET /tag/policy/{uuid})',
        params: z.object({ policyUuid: UuidParam }),
        response: { 200: TagList, 404: NotFoundText },
      },
    },
    async (request, reply) => relevantTags(reply, request.params.policyUuid),
  )
}
