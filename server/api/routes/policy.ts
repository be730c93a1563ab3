import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { policiesPage } from '../../domain/policies/queries.ts'
import { PolicyCreateBody, PolicyUpdateBody } from '../../domain/policies/schemas.ts'
import { getPolicy, type PolicyView } from '../../domain/policies/view.ts'
import * as write from '../../domain/policies/write.ts'
import { ListQuerySchema, parseListQuery } from '../../lib/list-query.ts'
import {
  BadRequestProblem,
  ConflictText,
  NoContent,
  NotFoundText,
  NotModified,
  policyManagement,
  sendPage,
  ValidUuid,
  ValidUuidParams,
} from '../kit/index.ts'
import { PolicyJson, policyJson } from '../policy-json.ts'
import type { Api } from '../types.ts'

const tags = ['policy']
const config = { access: policyManagement }
const jsonBody = { ...config, consumes: 'json' as const }
const ProjectParams = z.object({ policyUuid: ValidUuid, projectUuid: ValidUuid })
const TagParams = z.object({ policyUuid: ValidUuid, tagName: z.string() })
const Changed = { 200: PolicyJson, 304: NotModified, 404: NotFoundText }

/** A limit change answers the policy, or 304 when there was nothing to change. */
const changed = (reply: FastifyReply, view: PolicyView | null) =>
  view ? policyJson(view) : reply.status(304).send()

/** Policies (dt-api-portfolio §4.12); all POLICY_MANAGEMENT. */
export default function policyRoutes(app: Api, ctx: AppContext) {
  const { db, enqueue } = ctx

  app.get(
    '/v1/policy',
    {
      config,
      schema: {
        tags,
        summary: 'Policies with conditions, projects and tags (paged; searchText on the name)',
        querystring: ListQuerySchema,
        response: { 200: z.array(PolicyJson), 400: BadRequestProblem },
      },
    },
    async (request, reply) =>
      sendPage(reply, await policiesPage(db, parseListQuery(request.query)), policyJson),
  )

  app.get(
    '/v1/policy/:uuid',
    {
      config,
      schema: {
        tags,
        summary: 'One policy',
        params: ValidUuidParams,
        response: { 200: PolicyJson, 404: NotFoundText },
      },
    },
    async (request) => policyJson(await getPolicy(db, request.params.uuid)),
  )

  app.put(
    '/v1/policy',
    {
      config: jsonBody,
      schema: {
        tags,
        summary: 'Create a policy (operator ANY and state INFO unless given)',
        body: PolicyCreateBody,
        response: { 201: PolicyJson, 409: ConflictText },
      },
    },
    async (request, reply) =>
      reply.status(201).send(policyJson(await write.createPolicy(db, request.body))),
  )

  app.post(
    '/v1/policy',
    {
      config: jsonBody,
      schema: {
        tags,
        summary: 'Update a policy: name, operator, violation state, includeChildren, latest only',
        body: PolicyUpdateBody,
        response: { 200: PolicyJson, 404: NotFoundText, 409: ConflictText },
      },
    },
    async (request) => policyJson(await write.updatePolicy(db, enqueue, request.body)),
  )

  app.delete(
    '/v1/policy/:uuid',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a policy with its conditions and violations',
        params: ValidUuidParams,
        response: { 204: NoContent, 404: NotFoundText },
      },
    },
    async (request, reply) => {
      await write.deletePolicy(db, request.params.uuid)
      return reply.status(204).send()
    },
  )

  app.post(
    '/v1/policy/:policyUuid/project/:projectUuid',
    {
      config,
      schema: {
        tags,
        summary: 'Limit a policy to a project',
        params: ProjectParams,
        response: Changed,
      },
    },
    async (request, reply) => {
      const { policyUuid, projectUuid } = request.params
      return changed(reply, await write.addProjectToPolicy(db, enqueue, policyUuid, projectUuid))
    },
  )

  app.delete(
    '/v1/policy/:policyUuid/project/:projectUuid',
    {
      config,
      schema: {
        tags,
        summary: 'Remove a project from a policy',
        params: ProjectParams,
        response: Changed,
      },
    },
    async (request, reply) => {
      const { policyUuid, projectUuid } = request.params
      const view = await write.removeProjectFromPolicy(db, enqueue, policyUuid, projectUuid)
      return changed(reply, view)
    },
  )

  app.post(
    '/v1/policy/:policyUuid/tag/:tagName',
    {
      config,
      schema: {
        tags,
        summary: 'Limit a policy to a tag (deprecated: POST /tag/{name}/policy)',
        params: TagParams,
        response: Changed,
      },
    },
    async (request, reply) => {
      const { policyUuid, tagName } = request.params
      return changed(reply, await write.addTagToPolicy(db, enqueue, policyUuid, tagName))
    },
  )

  app.delete(
    '/v1/policy/:policyUuid/tag/:tagName',
    {
      config,
      schema: {
        tags,
        summary: 'Remove a tag from a policy (deprecated: DELETE /tag/{name}/policy)',
        params: TagParams,
        response: Changed,
      },
    },
    async (request, reply) => {
      const { policyUuid, tagName } = request.params
      return changed(reply, await write.removeTagFromPolicy(db, enqueue, policyUuid, tagName))
    },
  )
}
