import { z } from 'zod'
import {
  DependencyMetricsShape,
  PortfolioMetricsShape,
  ProjectMetricsShape,
  VulnerabilityMetricsShape,
} from '../../../common/metrics-shapes.ts'
import type { AppContext } from '../../context.ts'
import * as history from '../../domain/metrics/history.ts'
import {
  AclForbidden,
  BadRequestText,
  noBody,
  NotFoundText,
  portfolioManagement,
  ValidUuid,
  viewPortfolio,
} from '../kit/index.ts'
import {
  dependencyMetricsJson,
  portfolioMetricsJson,
  projectMetricsJson,
  vulnerabilityMetricsJson,
} from '../metrics-json.ts'
import type { Api } from '../types.ts'

const tags = ['metrics']
const Flag = z.string().optional()
const flag = (value: string | undefined) => value?.trim().toLowerCase() === 'true'
const None = noBody('No metrics were measured yet')
const Refreshed = noBody('The measurement is queued')
const Lookup = { 403: AclForbidden, 404: NotFoundText }

const PortfolioQuery = z.object({ excludeInactive: Flag, onlyLatest: Flag })
const portfolioFlags = (query: z.infer<typeof PortfolioQuery>) => ({
  excludeInactive: flag(query.excludeInactive),
  onlyLatest: flag(query.onlyLatest),
})
const portfolioSummary = (what: string) =>
  `${what}. Beyond 4.13: over the projects the caller may see when portfolio access control ` +
  'is on; excludeInactive=true or onlyLatest=true count only active or latest-version projects'

/** Metrics (dt-api-portfolio §4.18): history as intervals ascending by lastOccurrence. */
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

  const ProjectParams = z.object({ uuid: ValidUuid })

  app.get(
    '/v1/metrics/project/:uuid/current',
    {
      config: { access: viewPortfolio },
      schema: {
        tags,
        summary: 'The newest metrics of a project (empty when none)',
        params: ProjectParams,
        response: { 200: ProjectMetricsShape.or(None), ...Lookup },
      },
    },
    async (request, reply) => {
      const row = await history.currentProject(db, request.principal, request.params.uuid)
      return row ? projectMetricsJson(row) : reply.send(undefined)
    },
  )

  app.get(
    '/v1/metrics/project/:uuid/since/:date',
    {
      config: { access: viewPortfolio },
      schema: {
        tags,
        summary: 'A project’s metrics since a day (YYYYMMDD; an unreadable day matches none)',
        params: ProjectParams.extend({ date: z.string() }),
        response: { 200: z.array(ProjectMetricsShape), ...Lookup },
      },
    },
    async (request) => {
      const { uuid, date } = request.params
      const rows = await history.projectSinceDate(db, request.principal, uuid, date)
      return rows.map(projectMetricsJson)
    },
  )

  app.get(
    '/v1/metrics/project/:uuid/days/:days',
    {
      config: { access: viewPortfolio },
      schema: {
        tags,
        summary: 'A project’s metrics of the last days',
        params: ProjectParams.extend({ days: z.string() }),
        response: { 200: z.array(ProjectMetricsShape), ...Lookup },
      },
    },
    async (request) => {
      const { uuid, days } = request.params
      const since = history.sinceDaysAgo(days)
      return (await history.projectSince(db, request.principal, uuid, since)).map(
        projectMetricsJson,
      )
    },
  )

  app.get(
    '/v1/metrics/project/:uuid/refresh',
    {
      config: { access: portfolioManagement },
      schema: {
        tags,
        summary: 'Measure a project again (asynchronous)',
        params: ProjectParams,
        response: { 200: Refreshed, ...Lookup },
      },
    },
    async (request, reply) => {
      await history.refreshProject(ctx, request.principal, request.params.uuid)
      return reply.send(undefined)
    },
  )

  const ComponentParams = z.object({ uuid: ValidUuid })

  app.get(
    '/v1/metrics/component/:uuid/current',
    {
      config: { access: viewPortfolio },
      schema: {
        tags,
        summary: 'The current metrics of a component (empty when none)',
        params: ComponentParams,
        response: { 200: DependencyMetricsShape.or(None), ...Lookup },
      },
    },
    async (request, reply) => {
      const row = await history.currentComponent(db, request.principal, request.params.uuid)
      return row ? dependencyMetricsJson(row) : reply.send(undefined)
    },
  )

  app.get(
    '/v1/metrics/component/:uuid/since/:date',
    {
      config: { access: viewPortfolio },
      schema: {
        tags,
        summary: 'A component’s metrics since a day (YYYYMMDD)',
        params: ComponentParams.extend({ date: z.string() }),
        response: { 200: z.array(DependencyMetricsShape), 400: BadRequestText, ...Lookup },
      },
    },
    async (request) => {
      const { uuid, date } = request.params
      const rows = await history.componentSinceDate(db, request.principal, uuid, date)
      return rows.map(dependencyMetricsJson)
    },
  )

  app.get(
    '/v1/metrics/component/:uuid/days/:days',
    {
      config: { access: viewPortfolio },
      schema: {
        tags,
        summary: 'A component’s metrics of the last days',
        params: ComponentParams.extend({ days: z.string() }),
        response: { 200: z.array(DependencyMetricsShape), ...Lookup },
      },
    },
    async (request) => {
      const { uuid, days } = request.params
      const since = history.sinceDaysAgo(days)
      return (await history.componentSince(db, request.principal, uuid, since)).map(
        dependencyMetricsJson,
      )
    },
  )

  app.get(
    '/v1/metrics/component/:uuid/refresh',
    {
      config: { access: portfolioManagement },
      schema: {
        tags,
        summary: 'Measure a component again, with its project (asynchronous)',
        params: ComponentParams,
        response: { 200: Refreshed, ...Lookup },
      },
    },
    async (request, reply) => {
      await history.refreshComponent(ctx, request.principal, request.params.uuid)
      return reply.send(undefined)
    },
  )
}
