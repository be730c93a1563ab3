import { z } from 'zod'
import { DependencyMetricsShape, ProjectMetricsShape } from '../../../common/metrics-shapes.ts'
import type { AppContext } from '../../context.ts'
import * as history from '../../domain/metrics/history.ts'
import {
  AclForbidden,
  BadRequestText,
  NotFoundText,
  portfolioManagement,
  ValidUuid,
  viewPortfolio,
} from '../kit/index.ts'
import { dependencyMetricsJson, projectMetricsJson } from '../metrics-json.ts'
import type { Api } from '../types.ts'
import { None, Refreshed } from './metrics.ts'

const tags = ['metrics']
const Lookup = { 403: AclForbidden, 404: NotFoundText }

/**
 * A project's and a component's metrics (dt-api-portfolio §4.18): note the paths,
 * `project/{uuid}/days/{days}` where the portfolio has `portfolio/{days}/days`.
 */
export default function metricsProjectRoutes(app: Api, ctx: AppContext) {
  const db = ctx.db

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
