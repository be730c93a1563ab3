import type { AppLoadContext } from '@remix-run/node'
import { ApiError } from '~/api/client.server.ts'
import { portfolioMetrics, type PortfolioScope } from '~/api/metrics.server.ts'
import type { SessionUser } from '~/utils/auth.server.ts'
import { cachedMetric, principalOf } from '~/utils/metrics-cache.server.ts'
import { portfolioSeries, type DrawnCounter, type PortfolioWidgets } from './model.ts'

const DAY = 86_400_000

/** 4.13's header widgets read the last 90 days. */
export const WIDGET_DAYS = 90

export const WIDGET_COUNTERS = [
  'vulnerabilities',
  'vulnerableProjects',
  'vulnerableComponents',
  'inheritedRiskScore',
] as const satisfies readonly DrawnCounter[]

/**
 * The portfolio samples of the last `days` days for this reader, through the per-principal
 * cache; `outcome` says whether the API was asked.
 */
export async function cachedPortfolioMetrics(
  context: AppLoadContext,
  session: SessionUser,
  days: number,
  scope: PortfolioScope = { excludeInactive: false, onlyLatest: false },
) {
  const resource = `portfolio:${days}:${scope.excludeInactive ? 1 : 0}${scope.onlyLatest ? 1 : 0}`
  return cachedMetric(context, principalOf(session), resource, () =>
    portfolioMetrics(session.api, days, scope),
  )
}

/**
 * The header widgets' data for the list pages. A list must not fail because the metrics do:
 * an API that refuses or lacks them (a 4.13 server without metrics yet) leaves the row out, and
 * so does any other failure (logged). Never rejects, so a loader may start it first and await
 * it last.
 */
export async function loadPortfolioWidgets(
  context: AppLoadContext,
  session: SessionUser,
): Promise<PortfolioWidgets | undefined> {
  try {
    const { value } = await cachedPortfolioMetrics(context, session, WIDGET_DAYS)
    if (value.length === 0) return undefined
    const since = Date.now() - WIDGET_DAYS * DAY
    return {
      days: WIDGET_DAYS,
      series: portfolioSeries(value, { since, counters: WIDGET_COUNTERS }),
    }
  } catch (error) {
    if (!(error instanceof ApiError)) {
      context.log?.error({ err: error }, 'portfolio widgets unavailable')
    }
    return undefined
  }
}
