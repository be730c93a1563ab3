import { z } from 'zod'
import {
  ANALYSIS_JUSTIFICATIONS,
  ANALYSIS_RESPONSES,
  ANALYSIS_STATES,
} from '../../../common/dt-vocabulary.ts'
import { AnalysisShape } from '../../../common/finding-shapes.ts'
import type { AppContext } from '../../context.ts'
import * as decisions from '../../domain/audit/decisions.ts'
import { measuringAudits } from '../../domain/metrics/triggers.ts'
import { ListQuerySchema, parseListQuery } from '../../lib/list-query.ts'
import { analysisJson, analysisRuleJson, AnalysisRuleJson } from '../analysis-json.ts'
import {
  AclForbidden,
  bodyUuid,
  NoContent,
  NotFoundText,
  requires,
  printableText,
  sendPage,
  validUuidQuery,
  ValidUuidParams,
} from '../kit/index.ts'
import type { Api } from '../types.ts'

const tags = ['analysis']

const AnalysisQuery = z.object({
  project: validUuidQuery('Project is not a valid UUID').optional(),
  component: validUuidQuery('Component is not a valid UUID'),
  vulnerability: validUuidQuery('Vulnerability is not a valid UUID'),
})

/** The decision fields of PUT /analysis and its batch (absent state etc. mean NOT_SET). */
const DecisionFields = {
  analysisState: z.enum(ANALYSIS_STATES).nullish(),
  analysisJustification: z.enum(ANALYSIS_JUSTIFICATIONS).nullish(),
  analysisResponse: z.enum(ANALYSIS_RESPONSES).nullish(),
  analysisDetails: printableText('The analysis details may only contain printable characters'),
  comment: printableText('The comment may only contain printable characters'),
  isSuppressed: z.boolean().nullish(),
  /** Beyond 4.13: FINDING (default), PROJECT (every version), PORTFOLIO (everywhere). */
  scope: z.enum(['FINDING', 'PROJECT', 'PORTFOLIO']).nullish(),
}

const Target = z.object({
  project: bodyUuid('project'),
  component: bodyUuid('component'),
  vulnerability: bodyUuid('vulnerability'),
})

const AnalysisBody = z.object({
  project: bodyUuid('project').optional(),
  component: bodyUuid('component'),
  vulnerability: bodyUuid('vulnerability'),
  ...DecisionFields,
})

const BatchBody = z.object({
  targets: z
    .array(Target)
    .min(1, 'size must be between 1 and 500')
    .max(500, 'size must be between 1 and 500'),
  ...DecisionFields,
})

/** Audit decisions (dt-api-portfolio §4.11), plus the additive batch and decision rules. */
export default function analysisRoutes(app: Api, ctx: AppContext) {
  const db = ctx.db

  app.get(
    '/v1/analysis',
    {
      config: { access: requires.VIEW_VULNERABILITY },
      schema: {
        tags,
        summary: 'The audit decision of a finding, with its trail',
        querystring: AnalysisQuery,
        response: { 200: AnalysisShape, 404: NotFoundText },
      },
    },
    async (request) => {
      const { analysis, comments } = await decisions.getAnalysis(db, request.query)
      return analysisJson(analysis, comments)
    },
  )

  app.put(
    '/v1/analysis',
    {
      config: { access: requires.VULNERABILITY_ANALYSIS, consumes: 'json' },
      schema: {
        tags,
        summary:
          'Record an audit decision (absent state, justification or response reset to ' +
          'NOT_SET). Beyond 4.13: scope PROJECT or PORTFOLIO decides beyond this finding',
        body: AnalysisBody,
        response: { 200: AnalysisShape, 403: AclForbidden, 404: NotFoundText },
      },
    },
    async (request) => {
      const { project, component, vulnerability, ...decision } = request.body
      const { analysis, comments } = await measuringAudits(ctx, () =>
        decisions.recordDecision(
          db,
          request.principal,
          { project, component, vulnerability },
          decision,
        ),
      )
      return analysisJson(analysis, comments)
    },
  )

  app.put(
    '/v1/analysis/batch',
    {
      config: { access: requires.VULNERABILITY_ANALYSIS, consumes: 'json' },
      schema: {
        tags,
        summary: 'Beyond 4.13: one decision for up to 500 findings, all or nothing',
        body: BatchBody,
        response: {
          200: z.object({ updated: z.number() }),
          403: AclForbidden,
          404: NotFoundText,
        },
      },
    },
    async (request) => {
      const { targets, ...decision } = request.body
      return measuringAudits(ctx, () =>
        decisions.recordDecisions(db, request.principal, targets, decision),
      )
    },
  )

  app.get(
    '/v1/analysis/rule',
    {
      config: { access: requires.VIEW_VULNERABILITY },
      schema: {
        tags,
        summary: 'Beyond 4.13: decisions for every version of a project or the portfolio (paged)',
        querystring: ListQuerySchema,
        response: { 200: z.array(AnalysisRuleJson) },
      },
    },
    async (request, reply) => {
      const query = parseListQuery(request.query)
      const page = await decisions.listRules(db, request.principal, query)
      return sendPage(reply, page, analysisRuleJson)
    },
  )

  app.delete(
    '/v1/analysis/rule/:uuid',
    {
      config: { access: requires.VULNERABILITY_ANALYSIS },
      schema: {
        tags,
        summary: 'Beyond 4.13: stop a decision rule (analyses it set keep their values)',
        params: ValidUuidParams,
        response: { 204: NoContent, 404: NotFoundText },
      },
    },
    async (request, reply) => {
      await decisions.removeRule(db, request.principal, request.params.uuid)
      return reply.status(204).send()
    },
  )
}
