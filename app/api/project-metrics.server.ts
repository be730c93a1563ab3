import { z } from 'zod'
import {
  DependencyMetricsShape,
  ProjectMetricsShape,
  type DependencyMetrics,
  type ProjectMetrics,
} from '../../common/metrics-shapes.ts'
import type { ApiClient } from './client.server.ts'

/**
 * Reads of one project's or one component's metrics (dt-api-portfolio §4.18). Note the paths:
 * project and component history is `/{uuid}/days/{days}`, unlike the portfolio's.
 */

export const ProjectMetricsSchema = ProjectMetricsShape.loose()
export const DependencyMetricsSchema = DependencyMetricsShape.loose()

const at = (kind: 'project' | 'component', uuid: string) =>
  `/v1/metrics/${kind}/${encodeURIComponent(uuid)}`

/** The project's metrics rows of the last `days` days, oldest first. */
export function projectMetricsHistory(
  api: ApiClient,
  uuid: string,
  days: number,
): Promise<ProjectMetrics[]> {
  return api.json(z.array(ProjectMetricsSchema), `${at('project', uuid)}/days/${days}`)
}

/** The component's metrics rows of the last `days` days, oldest first. */
export function componentMetricsHistory(
  api: ApiClient,
  uuid: string,
  days: number,
): Promise<DependencyMetrics[]> {
  return api.json(z.array(DependencyMetricsSchema), `${at('component', uuid)}/days/${days}`)
}

/** The component's latest metrics; undefined while none were measured (4.13 answers an empty 200). */
export async function componentMetricsCurrent(
  api: ApiClient,
  uuid: string,
): Promise<DependencyMetrics | undefined> {
  const text = await api.text(`${at('component', uuid)}/current`)
  return text.trim() ? DependencyMetricsSchema.parse(JSON.parse(text)) : undefined
}

/** Asks for a recomputation (asynchronous: the answer comes before the new numbers). */
export async function refreshMetrics(api: ApiClient, kind: 'project' | 'component', uuid: string) {
  const response = await api.send(`${at(kind, uuid)}/refresh`)
  await response.body?.cancel()
}
