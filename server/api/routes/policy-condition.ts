import type { AppContext } from '../../context.ts'
import * as conditions from '../../domain/policies/conditions.ts'
import {
  ConditionBody,
  ConditionListBody,
  ConditionUpdateBody,
} from '../../domain/policies/schemas.ts'
import {
  NoContent,
  NotFoundText,
  policyManagement,
  problemJson,
  ValidUuidParams,
} from '../kit/index.ts'
import { PolicyConditionJson, policyConditionJson, PolicyJson, policyJson } from '../policy-json.ts'
import type { Api } from '../types.ts'

const tags = ['policyCondition']
const config = { access: policyManagement }
const jsonBody = { ...config, consumes: 'json' as const }

const InvalidConditions = problemJson(
  'A condition value cannot work (title "Invalid policy conditions"; errors maps the row index ' +
    'to the reason: a policyCondition.problems key), or the body failed validation',
)

/** Policy conditions (dt-api-portfolio §4.13) and Lookout's one-submit condition list. */
export default function policyConditionRoutes(app: Api, ctx: AppContext) {
  const { db, enqueue } = ctx

  app.put(
    '/v1/policy/:uuid/condition',
    {
      config: jsonBody,
      schema: {
        tags,
        summary: 'Add a condition to a policy',
        params: ValidUuidParams,
        body: ConditionBody,
        response: { 201: PolicyConditionJson, 404: NotFoundText },
      },
    },
    async (request, reply) => {
      const row = await conditions.createCondition(db, enqueue, request.params.uuid, request.body)
      return reply.status(201).send(policyConditionJson(row))
    },
  )

  app.post(
    '/v1/policy/condition',
    {
      config: jsonBody,
      schema: {
        tags,
        summary: 'Change a condition: subject, operator and value',
        body: ConditionUpdateBody,
        response: { 200: PolicyConditionJson, 404: NotFoundText },
      },
    },
    async (request) =>
      policyConditionJson(await conditions.updateCondition(db, enqueue, request.body)),
  )

  app.delete(
    '/v1/policy/condition/:uuid',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a condition with its violations',
        params: ValidUuidParams,
        response: { 204: NoContent, 404: NotFoundText },
      },
    },
    async (request, reply) => {
      await conditions.deleteCondition(db, enqueue, request.params.uuid)
      return reply.status(204).send()
    },
  )

  app.put(
    '/v1/policy/:uuid/conditions',
    {
      config: jsonBody,
      schema: {
        tags,
        summary:
          "Replace a policy's conditions in one transaction (beyond 4.13): rows with a uuid " +
          'update it, rows without are added, absent ones are deleted with their violations',
        params: ValidUuidParams,
        body: ConditionListBody,
        response: { 200: PolicyJson, 400: InvalidConditions, 404: NotFoundText },
      },
    },
    async (request) =>
      policyJson(
        await conditions.replaceConditions(db, enqueue, request.params.uuid, request.body),
      ),
  )
}
