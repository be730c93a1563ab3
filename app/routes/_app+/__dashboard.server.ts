import type { AppLoadContext } from '@remix-run/node'
import { vulnerabilityMetrics } from '~/api/metrics.server.ts'
import { hasAnyProject } from '~/api/projects.server.ts'
import {
  portfolioSeries,
  vulnerabilityHistogram,
  type DashboardParams,
} from '~/components/dashboard/model.ts'
import { cachedPortfolioMetrics } from '~/components/dashboard/widgets.server.ts'
import type { SessionUser } from '~/utils/auth.server.ts'
import { cachedMetric, principalOf, type CacheOutcome } from '~/utils/metrics-cache.server.ts'

const DAY = 86_400_000

/**
 * Everything the dashboard draws: the portfolio samples of the chosen period and scope, the
 * vulnerability database's histogram, and whether the portfolio is empty (only asked when there
 * are no samples: a measured portfolio has projects). `cache` says how the answers were found,
 * for the Server-Timing header a bench reads.
 */
export async function loadDashboard(
  context: AppLoadContext,
  session: SessionUser,
  params: DashboardParams,
  now = Date.now(),
) {
  const scope = { excludeInactive: params.excludeInactive, onlyLatest: params.onlyLatest }
  const [portfolio, database] = await Promise.all([
    cachedPortfolioMetrics(context, session, params.days, scope),
    cachedMetric(context, principalOf(session), 'vulnerability', () =>
      vulnerabilityMetrics(session.api),
    ),
  ])
  const rows = portfolio.value
  const portfolioEmpty = rows.length === 0 ? !(await hasAnyProject(session.api)) : false
  const last = rows[rows.length - 1]
  return {
    series: portfolioSeries(rows, { since: now - params.days * DAY }),
    lastMeasurement: last?.lastOccurrence,
    histogram: vulnerabilityHistogram(database.value),
    portfolioEmpty,
    cache: combined([portfolio.outcome, database.outcome]),
  }
}

function combined(outcomes: readonly CacheOutcome[]): CacheOutcome {
  if (outcomes.includes('off')) return 'off'
  return outcomes.every((outcome) => outcome === 'hit') ? 'hit' : 'miss'
}

/** `Server-Timing: metrics-cache;desc=hit;dur=12.3`: how the figures were found, and how fast. */
export function serverTiming(outcome: CacheOutcome, started: number) {
  return `metrics-cache;desc=${outcome};dur=${(performance.now() - started).toFixed(1)}`
}
