import { z } from 'zod'
import {
  PortfolioMetricsShape,
  VulnerabilityMetricsShape,
  type PortfolioMetrics,
  type VulnerabilityMetrics,
} from '../../common/metrics-shapes.ts'
import type { ApiClient } from './client.server.ts'

export type { PortfolioMetrics, VulnerabilityMetrics }

/** Which projects the portfolio figures count (beyond 4.13: the brief's additive query). */
export interface PortfolioScope {
  excludeInactive: boolean
  onlyLatest: boolean
}

const PortfolioRowsSchema = z.array(PortfolioMetricsShape.loose())
const VulnerabilityRowsSchema = z.array(VulnerabilityMetricsShape.loose())

/** `GET /metrics/portfolio/{days}/days`: the samples of the last `days` days, oldest first. */
export function portfolioMetrics(
  api: ApiClient,
  days: number,
  scope: PortfolioScope = { excludeInactive: false, onlyLatest: false },
): Promise<PortfolioMetrics[]> {
  return api.json(PortfolioRowsSchema, `/v1/metrics/portfolio/${days}/days`, {
    // Only sent when on, so a 4.13 server (which knows neither) answers as before.
    query: {
      excludeInactive: scope.excludeInactive || undefined,
      onlyLatest: scope.onlyLatest || undefined,
    },
  })
}

/** `GET /metrics/vulnerability`: the vulnerability database by year and by month. */
export function vulnerabilityMetrics(api: ApiClient): Promise<VulnerabilityMetrics[]> {
  return api.json(VulnerabilityRowsSchema, '/v1/metrics/vulnerability')
}

/** `GET /metrics/portfolio/refresh`: asks for a recomputation (it runs in the background). */
export async function requestPortfolioRefresh(api: ApiClient): Promise<void> {
  await api.send('/v1/metrics/portfolio/refresh')
}
