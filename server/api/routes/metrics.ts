import { z } from 'zod'
import { PortfolioMetricsShape, VulnerabilityMetricsShape } from '../../../common/metrics-shapes.ts'
import type { AppContext } from '../../context.ts'
import * as history from '../../domain/metrics/history.ts'
import {
  BadRequestText,
  noBody,
  NotFoundText,
  portfolioManagement,
  viewPortfolio,
} from '../kit/index.ts'
import { portfolioMetricsJson, vulnerabilityMetricsJson } from '../metrics-json.ts'
import type { Api } from '../types.ts'

const tags = ['metrics']
const Flag = z.string().optional()
const flag = (value: string | undefined) => value?.trim().toLowerCase() === 'true'
export const None = noBody('No metrics were measured yet')
export const Refreshed = noBody('The measurement is queued')

const PortfolioQuery = z.object({ excludeInactive: Flag, onlyLatest: Flag })
const portfolioFlags = (query: z.infer<typeof PortfolioQuery>) => ({
  excludeInactive: flag(query.excludeInactive),
  onlyLatest: flag(query.onlyLatest),
})
const portfolioSummary = (what: string) =>
  `${what}. Beyond 4.13: over the projects the caller may see when portfolio access control ` +
  'is on; excludeInactive=true or onlyLatest=true count only active or latest-version projects'

/**
 * Metrics (dt-api-portfolio §4.18): the portfolio's and the catalogue's; history as intervals
 * ascending by lastOccurrence. A project's and a component's are in metrics-project.ts.
 */
export default function metricsRoutes(app: Api, ctx: AppContext) {
  const db = ctx.db

  app.get(
    '/v1/metrics/vulnerability',
    {
      config: { access: viewPortfolio },
      schema: {
        tags,
        summary: 'Vulnerabilities of the catalogue by year and month (a year’s total has no month)',
        response: { 200: z.array(VulnerabilityMetricsShape) },
      },
    },
    async () => (await history.vulnerabilityMetrics(db)).map(vulnerabilityMetricsJson),
  )

  app.get(
    '/v1/metrics/portfolio/current',
    {
      config: { access: viewPortfolio },
      schema: {
        tags,
        summary: portfolioSummary('The newest portfolio metrics (empty when none)'),
        querystring: PortfolioQuery,
        response: { 200: PortfolioMetricsShape.or(None) },
      },
    },
    async (request, reply) => {
      const row = await history.currentPortfolio(
        db,
        request.principal,
        portfolioFlags(request.query),
      )
      return row ? portfolioMetricsJson(row) : reply.send(undefined)
    },
  )

  app.get(
    '/v1/metrics/portfolio/since/:date',
    {
      config: { access: viewPortfolio },
      schema: {
        tags,
        summary: portfolioSummary('Portfolio metrics since a day (YYYYMMDD)'),
        params: z.object({ date: z.string() }),
        querystring: PortfolioQuery,
        response: { 200: z.array(PortfolioMetricsShape), 400: BadRequestText },
      },
    },
    async (request) => {
      const rows = await history.portfolioSinceDate(
        db,
        request.principal,
        request.params.date,
        portfolioFlags(request.query),
      )
      return rows.map(portfolioMetricsJson)
    },
  )

  app.get(
    '/v1/metrics/portfolio/:days/days',
    {
      config: { access: viewPortfolio },
      schema: {
        tags,
        summary: portfolioSummary('Portfolio metrics of the last days'),
        params: z.object({ days: z.string() }),
        querystring: PortfolioQuery,
        response: { 200: z.array(PortfolioMetricsShape), 404: NotFoundText },
      },
    },
    async (request) => {
      const rows = await history.portfolioSince(
        db,
        request.principal,
        history.sinceDaysAgo(request.params.days),
        portfolioFlags(request.query),
      )
      return rows.map(portfolioMetricsJson)
    },
  )

  app.get(
    '/v1/metrics/portfolio/refresh',
    {
      config: { access: portfolioManagement },
      schema: {
        tags,
        summary: 'Measure the whole portfolio again (asynchronous)',
        response: { 200: Refreshed },
      },
    },
    async (_request, reply) => {
      await history.refreshPortfolio(ctx)
      return reply.send(undefined)
    },
  )
}
