import { z } from 'zod'
import { PolicyViolationShape } from '../../../common/policy-shapes.ts'
import type { AppContext } from '../../context.ts'
import { violationsCsv } from '../../domain/violations/csv.ts'
import {
  parsePortfolioViolationFilter,
  parseViolationFilter,
} from '../../domain/violations/filters.ts'
import * as queries from '../../domain/violations/queries.ts'
import { ListQuerySchema, parseListQuery } from '../../lib/list-query.ts'
import {
  accepts,
  AclForbidden,
  CsvBody,
  NotFoundText,
  problemJson,
  requires,
  sendCsv,
  sendPage,
  ValidUuidParams,
} from '../kit/index.ts'
import type { Api } from '../types.ts'
import { violationsJson } from '../violation-json.ts'

const tags = ['violation']
const Flag = z.string().optional()
const viewViolations = requires.VIEW_POLICY_VIOLATION
const Violations = z.array(PolicyViolationShape)
const BadFilter = problemJson(
  'Illegal argument provided (an unknown enum name or policy UUID), or Field not sortable',
)

/** The portfolio filters; beyond 4.13 the project and component lists take them too. */
const FilterQuery = ListQuerySchema.extend({
  suppressed: Flag,
  violationState: Flag,
  riskType: Flag,
  policy: Flag,
  analysisState: Flag,
  occurredOnDateFrom: Flag,
  occurredOnDateTo: Flag,
  textSearchField: Flag,
  textSearchInput: Flag,
})
const PortfolioQuery = FilterQuery.extend({ showInactive: Flag })

/** Policy violations (dt-api-portfolio §4.14); the analysis lives in violation-analysis.ts. */
export default function violationRoutes(app: Api, ctx: AppContext) {
  const db = ctx.db

  app.get(
    '/v1/violation',
    {
      config: { access: viewViolations },
      schema: {
        tags,
        summary:
          'Violations across the accessible portfolio (paged, filtered and sorted). Beyond ' +
          '4.13: Accept: text/csv answers the whole result as CSV',
        querystring: PortfolioQuery,
        response: { 200: Violations.or(CsvBody), 400: BadFilter },
      },
    },
    async (request, reply) => {
      const filter = parsePortfolioViolationFilter(request.query)
      const query = parseListQuery(request.query)
      const csv = accepts(request, 'text/csv')
      const page = await queries.listPortfolioViolations(db, request.principal, filter, query, !csv)
      const violations = sendPage(reply, page, violationsJson(page.projects))
      return csv ? sendCsv(reply, 'policy-violations', violationsCsv(violations)) : violations
    },
  )

  app.get(
    '/v1/violation/project/:uuid',
    {
      config: { access: viewViolations },
      schema: {
        tags,
        summary:
          "A project's violations (paged; searchText on policy or component name). Beyond " +
          "4.13: the portfolio list's filters (violationState, riskType, policy, analysisState, " +
          'occurredOnDateFrom/To, textSearchField/Input)',
        params: ValidUuidParams,
        querystring: FilterQuery,
        response: { 200: Violations, 400: BadFilter, 403: AclForbidden, 404: NotFoundText },
      },
    },
    async (request, reply) => {
      const page = await queries.listProjectViolations(
        db,
        request.principal,
        request.params.uuid,
        parseViolationFilter(request.query),
        parseListQuery(request.query),
      )
      return sendPage(reply, page, violationsJson(page.projects))
    },
  )

  app.get(
    '/v1/violation/component/:uuid',
    {
      config: { access: viewViolations },
      schema: {
        tags,
        summary: "A component's violations (paged). Beyond 4.13: the portfolio list's filters",
        params: ValidUuidParams,
        querystring: FilterQuery,
        response: { 200: Violations, 400: BadFilter, 403: AclForbidden, 404: NotFoundText },
      },
    },
    async (request, reply) => {
      const page = await queries.listComponentViolations(
        db,
        request.principal,
        request.params.uuid,
        parseViolationFilter(request.query),
        parseListQuery(request.query),
      )
      return sendPage(reply, page, violationsJson(page.projects))
    },
  )
}
