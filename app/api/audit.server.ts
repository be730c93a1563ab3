import { z } from 'zod'
import { FindingShape, GroupedFindingShape } from '../../common/finding-shapes.ts'
import { auditQuery, type AuditParams } from '~/components/findings/audit-params.ts'
import type { ApiClient } from './client.server.ts'

/** A portfolio finding (§5.1 portfolio variant), read leniently. */
export const PortfolioFindingSchema = FindingShape.extend({
  component: FindingShape.shape.component.loose(),
  vulnerability: FindingShape.shape.vulnerability.loose(),
}).loose()
export type PortfolioFinding = z.infer<typeof PortfolioFindingSchema>

export const GroupedFindingSchema = GroupedFindingShape.loose()
export type GroupedFindingRow = z.infer<typeof GroupedFindingSchema>

const PATHS = { occurrences: '/v1/finding', grouped: '/v1/finding/grouped' } as const

async function page<Schema extends z.ZodType>(api: ApiClient, schema: Schema, params: AuditParams) {
  const response = await api.send(PATHS[params.view], { query: auditQuery(params) })
  const rows = z.array(schema).parse(await response.json())
  const total = Number(response.headers.get('X-Total-Count') ?? rows.length)
  return { rows, total: Number.isFinite(total) ? total : rows.length }
}

/** One page of GET /v1/finding (findings across the portfolio) with its total. */
export function listPortfolioFindings(api: ApiClient, params: AuditParams) {
  return page(api, PortfolioFindingSchema, { ...params, view: 'occurrences' })
}

/** One page of GET /v1/finding/grouped (one row per vulnerability and analyzer) with its total. */
export function listGroupedFindings(api: ApiClient, params: AuditParams) {
  return page(api, GroupedFindingSchema, { ...params, view: 'grouped' })
}

/**
 * The whole filtered, sorted view as CSV (Lookout's `Accept: text/csv` variant); the answer is
 * passed on as a stream with the API's file name.
 */
export function downloadFindingsCsv(api: ApiClient, params: AuditParams) {
  return api.send(PATHS[params.view], {
    query: auditQuery(params, false),
    mediaType: 'text/csv',
  })
}
