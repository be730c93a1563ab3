import { z } from 'zod'
import { VIOLATION_ANALYSIS_STATES } from '../../../common/dt-vocabulary.ts'
import { ViolationAnalysisShape } from '../../../common/policy-shapes.ts'
import type { AppContext } from '../../context.ts'
import { requestMetricsAfterViolationAudit } from '../../domain/metrics/triggers.ts'
import * as analyses from '../../domain/violations/analysis.ts'
import {
  bodyUuid,
  noBody,
  NotFoundText,
  printableText,
  requires,
  validUuidQuery,
} from '../kit/index.ts'
import type { Api } from '../types.ts'
import { violationAnalysisJson } from '../violation-json.ts'

const tags = ['violation']

const AnalysisQuery = z.object({
  component: validUuidQuery('Component is not a valid UUID'),
  policyViolation: validUuidQuery('Policy violation is not a valid UUID'),
})

const AnalysisBody = z.object({
  component: bodyUuid('component'),
  policyViolation: bodyUuid('policy violation'),
  analysisState: z.enum(VIOLATION_ANALYSIS_STATES).nullish(),
  comment: printableText('The comment may only contain printable characters'),
  isSuppressed: z.boolean().nullish(),
})

/** Violation audit decisions (dt-api-portfolio §4.15, dt-behaviour §5.2); no ACL check, as 4.13. */
export default function violationAnalysisRoutes(app: Api, ctx: AppContext) {
  const db = ctx.db

  app.get(
    '/v1/violation/analysis',
    {
      config: { access: requires.VIEW_POLICY_VIOLATION },
      schema: {
        tags,
        summary: 'The audit decision on a policy violation, with its trail (empty when none)',
        querystring: AnalysisQuery,
        response: {
          200: ViolationAnalysisShape.or(noBody('No analysis exists yet')),
          404: NotFoundText,
        },
      },
    },
    async (request, reply) => {
      const found = await analyses.getViolationAnalysis(db, request.query)
      if (!found) return reply.send(undefined)
      return violationAnalysisJson(found.analysis, found.comments)
    },
  )

  app.put(
    '/v1/violation/analysis',
    {
      config: { access: requires.POLICY_VIOLATION_ANALYSIS, consumes: 'json' },
      schema: {
        tags,
        summary:
          'Record an audit decision on a policy violation (an absent state resets it to ' +
          'NOT_SET; an absent isSuppressed keeps the flag)',
        body: AnalysisBody,
        response: { 200: ViolationAnalysisShape, 404: NotFoundText },
      },
    },
    async (request) => {
      const { component, policyViolation, ...decision } = request.body
      const { analysis, comments } = await analyses.recordViolationAnalysis(
        db,
        request.principal,
        { component, policyViolation },
        decision,
      )
      await requestMetricsAfterViolationAudit(ctx, analysis.component_id)
      return violationAnalysisJson(analysis, comments)
    },
  )
}
