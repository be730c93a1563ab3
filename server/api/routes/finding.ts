import { z } from 'zod'
import { FindingShape, GroupedFindingShape } from '../../../common/finding-shapes.ts'
import type { AppContext } from '../../context.ts'
import { findingsCsv, groupedFindingsCsv } from '../../domain/findings/csv.ts'
import { parsePortfolioFilter } from '../../domain/findings/filters.ts'
import * as queries from '../../domain/findings/queries.ts'
import { ListQuerySchema, parseListQuery } from '../../lib/list-query.ts'
import { findingsFpf, findingsSarif, FpfJson } from '../finding-export.ts'
import { findingJson, groupedFindingJson } from '../finding-json.ts'
import {
  accepts,
  AclForbidden,
  CsvBody,
  NotFoundText,
  requires,
  sendCsv,
  ValidUuidParams,
} from '../kit/index.ts'
import type { Api } from '../types.ts'
import { API_LEVEL } from './version.ts'

const tags = ['finding']
const Flag = z.string().optional()
const viewVulnerability = requires.VIEW_VULNERABILITY

const PortfolioQuery = ListQuerySchema.extend({
  showInactive: Flag,
  showSuppressed: Flag,
  severity: Flag,
  analysisStatus: Flag,
  vendorResponse: Flag,
  publishDateFrom: Flag,
  publishDateTo: Flag,
  attributedOnDateFrom: Flag,
  attributedOnDateTo: Flag,
  textSearchField: Flag,
  textSearchInput: Flag,
  cvssv2From: Flag,
  cvssv2To: Flag,
  cvssv3From: Flag,
  cvssv3To: Flag,
})
const GroupedQuery = PortfolioQuery.extend({ occurrencesFrom: Flag, occurrencesTo: Flag })

/** The finding reads (dt-api-portfolio §4.10); POST …/analyze lives in finding-analyze.ts. */
export default function findingRoutes(app: Api, ctx: AppContext) {
  const db = ctx.db

  app.get(
    '/v1/finding/project/:uuid',
    {
      config: { access: viewVulnerability },
      schema: {
        tags,
        summary:
          'The findings of a project (every row, as 4.13; SARIF with Accept: ' +
          'application/sarif+json). Beyond 4.13: pageNumber/pageSize, sortName/sortOrder, searchText',
        params: ValidUuidParams,
        querystring: ListQuerySchema.extend({ suppressed: Flag, source: Flag }),
        response: { 200: z.array(FindingShape), 403: AclForbidden, 404: NotFoundText },
      },
    },
    async (request, reply) => {
      const result = await queries.listProjectFindings(db, request.principal, request.params.uuid, {
        includeSuppressed: queries.isTrue(request.query.suppressed),
        source: request.query.source,
        list: queries.projectListOptions(request.query),
      })
      const findings = result.views.map((view) => findingJson(view, 'project'))
      if (accepts(request, 'application/sarif+json')) {
        reply.header(
          'content-disposition',
          `attachment; filename="findings-${result.project.uuid}.sarif"`,
        )
        return reply
          .type('application/sarif+json')
          .send(JSON.stringify(findingsSarif(findings, API_LEVEL)))
      }
      reply.header('X-Total-Count', String(result.total))
      return findings
    },
  )

  app.get(
    '/v1/finding/project/:uuid/export',
    {
      config: { access: viewVulnerability },
      schema: {
        tags,
        summary: "A project's unsuppressed findings in the Finding Packaging Format 1.2",
        params: ValidUuidParams,
        response: { 200: FpfJson, 403: AclForbidden, 404: NotFoundText },
      },
    },
    async (request, reply) => {
      const result = await queries.listProjectFindings(db, request.principal, request.params.uuid, {
        includeSuppressed: false,
        source: undefined,
      })
      const findings = result.views.map((view) => findingJson(view, 'project'))
      reply.header('content-disposition', `inline; filename=findings-${result.project.uuid}.fpf`)
      return findingsFpf(result.project, findings, {
        version: API_LEVEL,
        baseUrl: await queries.baseUrl(db),
      })
    },
  )

  app.get(
    '/v1/finding',
    {
      config: { access: viewVulnerability },
      schema: {
        tags,
        summary:
          'Findings across the accessible portfolio (paged, filtered and sorted). Beyond ' +
          '4.13: Accept: text/csv answers the whole result as CSV',
        querystring: PortfolioQuery,
        response: { 200: z.array(FindingShape).or(CsvBody) },
      },
    },
    async (request, reply) => {
      const filter = parsePortfolioFilter(request.query)
      const query = parseListQuery(request.query)
      const csv = accepts(request, 'text/csv')
      const result = await queries.listPortfolioFindings(db, request.principal, filter, query, !csv)
      const findings = result.views.map((view) => findingJson(view, 'portfolio'))
      reply.header('X-Total-Count', String(result.total))
      return csv ? sendCsv(reply, 'findings', findingsCsv(findings)) : findings
    },
  )

  app.get(
    '/v1/finding/grouped',
    {
      config: { access: viewVulnerability },
      schema: {
        tags,
        summary:
          'Findings grouped by vulnerability and analyzer (paged). Beyond 4.13: Accept: ' +
          'text/csv answers the whole result as CSV',
        querystring: GroupedQuery,
        response: { 200: z.array(GroupedFindingShape).or(CsvBody) },
      },
    },
    async (request, reply) => {
      const filter = parsePortfolioFilter(request.query, true)
      const query = parseListQuery(request.query)
      const csv = accepts(request, 'text/csv')
      const result = await queries.listGroupedFindings(db, request.principal, filter, query, !csv)
      const rows = result.views.map(groupedFindingJson)
      reply.header('X-Total-Count', String(result.total))
      return csv ? sendCsv(reply, 'findings-grouped', groupedFindingsCsv(rows)) : rows
    },
  )
}
