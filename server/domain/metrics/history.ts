import type { AppContext } from '../../context.ts'
import * as metrics from '../../data/metrics.ts'
import type { Queryable } from '../../db/database.ts'
import { textError } from '../../lib/errors.ts'
import type { Principal } from '../auth/principal.ts'
import {
  COMPONENT_MESSAGES,
  loadAccessibleComponent,
  loadAccessibleProject,
  PROJECT_MESSAGES,
} from '../components/access.ts'
import { projectAccessFor } from '../projects/access.ts'
import { requestPortfolioMetrics, requestProjectMetrics } from './triggers.ts'

/** The metrics API's reads and refreshes (dt-api-portfolio §4.18), with their 4.13 checks. */

export const DATE_FORMAT_INCORRECT = 'The specified date format is incorrect.'

/** `YYYYMMDD` as the start of that day (UTC); undefined unless it is a real calendar day. */
export function parseShortDate(text: string): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(text)
  if (!match) return undefined
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number]
  const date = new Date(Date.UTC(year, month - 1, day))
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  return real ? date : undefined
}

function requireShortDate(text: string) {
  const since = parseShortDate(text)
  if (!since) throw textError(400, DATE_FORMAT_INCORRECT)
  return since
}

const DAY_MS = 86_400_000

/**
 * `{days}` is a Java int path parameter: anything else matches no operation (404). "Since" is
 * now minus that many days; far past is the start of time, a negative count the future.
 */
export function sinceDaysAgo(days: string, now = Date.now()): Date {
  if (!/^[+-]?\d{1,10}$/.test(days) || Math.abs(Number(days)) > 2_147_483_647) {
    throw textError(404, 'Not Found')
  }
  return new Date(Math.max(0, now - Number(days) * DAY_MS))
}

export interface PortfolioFlags {
  excludeInactive: boolean
  onlyLatest: boolean
}

/**
 * 4.13's stored portfolio rows, unless the principal sees only part of the portfolio (ACL) or
 * asks for active or latest versions only (beyond 4.13): then the rows are computed from the
 * project rows of the projects in view.
 */
async function portfolioScope(
  db: Queryable,
  principal: Principal | undefined,
  flags: PortfolioFlags,
) {
  const access = await projectAccessFor(db, principal)
  if (!access.teamIds && !flags.excludeInactive && !flags.onlyLatest) return undefined
  return { access, onlyLatest: flags.onlyLatest }
}

export async function portfolioSince(
  db: Queryable,
  principal: Principal | undefined,
  since: Date,
  flags: PortfolioFlags,
) {
  const scope = await portfolioScope(db, principal, flags)
  return scope
    ? metrics.scopedPortfolioMetrics(db, scope, since, false)
    : metrics.portfolioMetricsSince(db, since)
}

export async function portfolioSinceDate(
  db: Queryable,
  principal: Principal | undefined,
  date: string,
  flags: PortfolioFlags,
) {
  return portfolioSince(db, principal, requireShortDate(date), flags)
}

export async function currentPortfolio(
  db: Queryable,
  principal: Principal | undefined,
  flags: PortfolioFlags,
) {
  const scope = await portfolioScope(db, principal, flags)
  if (!scope) return metrics.latestPortfolioMetrics(db)
  return (await metrics.scopedPortfolioMetrics(db, scope, new Date(0), true))[0]
}

export async function projectSince(
  db: Queryable,
  principal: Principal | undefined,
  uuid: string,
  since: Date | undefined,
) {
  const project = await loadAccessibleProject(db, principal, uuid, PROJECT_MESSAGES)
  // 4.13 does not check a project's date: an unreadable one matches no row.
  return since ? metrics.projectMetricsSince(db, Number(project.id), since) : []
}

/** A project's history since `YYYYMMDD` (an unreadable date answers no rows, as 4.13). */
export const projectSinceDate = (
  db: Queryable,
  principal: Principal | undefined,
  uuid: string,
  date: string,
) => projectSince(db, principal, uuid, parseShortDate(date))

export async function currentProject(
  db: Queryable,
  principal: Principal | undefined,
  uuid: string,
) {
  const project = await loadAccessibleProject(db, principal, uuid, PROJECT_MESSAGES)
  return (await metrics.latestProjectMetrics(db, [Number(project.id)])).get(Number(project.id))
}

export async function componentSince(
  db: Queryable,
  principal: Principal | undefined,
  uuid: string,
  since: Date,
) {
  const component = await loadAccessibleComponent(db, principal, uuid, COMPONENT_MESSAGES)
  return metrics.dependencyMetricsSince(db, Number(component.id), since)
}

export async function componentSinceDate(
  db: Queryable,
  principal: Principal | undefined,
  uuid: string,
  date: string,
) {
  const since = requireShortDate(date)
  return componentSince(db, principal, uuid, since)
}

export async function currentComponent(
  db: Queryable,
  principal: Principal | undefined,
  uuid: string,
) {
  const component = await loadAccessibleComponent(db, principal, uuid, COMPONENT_MESSAGES)
  return (await metrics.currentDependencyMetrics(db, [Number(component.id)])).get(
    Number(component.id),
  )
}

/** The current rows of listed components (their JSON embeds them). */
export function currentMetricsOf(
  db: Queryable,
  components: ReadonlyArray<{ id: number | string }>,
) {
  return metrics.currentDependencyMetrics(
    db,
    components.map((component) => Number(component.id)),
  )
}

export function vulnerabilityMetrics(db: Queryable) {
  return metrics.vulnerabilityMetrics(db)
}

type Refresher = Pick<AppContext, 'db' | 'enqueue'>

/** GET …/portfolio/refresh: the full run, brought forward when one waits. */
export async function refreshPortfolio(ctx: Refresher) {
  await requestPortfolioMetrics(ctx.db, ctx.enqueue)
}

export async function refreshProject(
  ctx: Refresher,
  principal: Principal | undefined,
  uuid: string,
) {
  const project = await loadAccessibleProject(ctx.db, principal, uuid, PROJECT_MESSAGES)
  await requestProjectMetrics(ctx.db, ctx.enqueue, Number(project.id))
}

/** A component is measured with its whole project (one statement counts them all). */
export async function refreshComponent(
  ctx: Refresher,
  principal: Principal | undefined,
  uuid: string,
) {
  const component = await loadAccessibleComponent(ctx.db, principal, uuid, COMPONENT_MESSAGES)
  await requestProjectMetrics(ctx.db, ctx.enqueue, Number(component.project_id))
}
