import { describe, expect, it, vi } from 'vitest'
import { METRIC_COUNTERS } from '../../common/metrics-shapes.ts'
import type { ApiClient } from './client.server.ts'
import {
  componentMetricsCurrent,
  componentMetricsHistory,
  projectMetricsHistory,
  refreshMetrics,
} from './project-metrics.server.ts'

const ROW = {
  ...Object.fromEntries(METRIC_COUNTERS.map((name) => [name, 0])),
  critical: 2,
  inheritedRiskScore: 20,
  firstOccurrence: 1_700_000_000_000,
  lastOccurrence: 1_700_000_360_000,
}
const PROJECT_ROW = {
  ...ROW,
  components: 4,
  vulnerableComponents: 1,
  collectionLogic: 'NONE',
  collectionLogicChanged: false,
}

function client(body: string) {
  const send = vi.fn(async (_path: string) => new Response(body))
  const api = {
    send,
    json: async (schema: { parse: (v: unknown) => unknown }, path: string) =>
      schema.parse(await (await send(path)).json()),
    text: async (path: string) => (await send(path)).text(),
  } as unknown as ApiClient
  return { api, send }
}

describe('project and component metrics', () => {
  it('reads a project’s history at /{uuid}/days/{days}, unlike the portfolio’s path', async () => {
    const { api, send } = client(JSON.stringify([PROJECT_ROW]))
    const rows = await projectMetricsHistory(api, 'p-1', 30)
    expect(send).toHaveBeenCalledWith('/v1/metrics/project/p-1/days/30')
    expect(rows[0]).toMatchObject({ critical: 2, components: 4 })
  })

  it('reads a component’s history and its current row', async () => {
    const history = client(JSON.stringify([ROW]))
    expect(await componentMetricsHistory(history.api, 'c-1', 90)).toHaveLength(1)
    expect(history.send).toHaveBeenCalledWith('/v1/metrics/component/c-1/days/90')
    const current = client(JSON.stringify(ROW))
    expect(await componentMetricsCurrent(current.api, 'c-1')).toMatchObject({ critical: 2 })
    expect(current.send).toHaveBeenCalledWith('/v1/metrics/component/c-1/current')
  })

  it('answers no current row when 4.13’s empty 200 says nothing was measured', async () => {
    expect(await componentMetricsCurrent(client('').api, 'c-1')).toBeUndefined()
  })

  it('asks for a recomputation of the one project or component', async () => {
    const { api, send } = client('')
    await refreshMetrics(api, 'component', 'c/1')
    expect(send).toHaveBeenCalledWith('/v1/metrics/component/c%2F1/refresh')
  })
})
