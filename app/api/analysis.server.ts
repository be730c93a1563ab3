import { z } from 'zod'
import { AnalysisShape, type AnalysisRequest } from '../../common/finding-shapes.ts'
import type { ApiClient } from './client.server.ts'

/** Shared by the project findings tab, the portfolio audit view and bulk audit. */
export const AnalysisSchema = AnalysisShape.loose()

/** GET /v1/analysis; `undefined` when no decision was recorded yet (404 `No analysis exists.`). */
export async function getAnalysis(
  api: ApiClient,
  target: { project: string; component: string; vulnerability: string },
) {
  const response = await api.send('/v1/analysis', { query: target, accept: [404] })
  if (response.status === 404) return undefined
  return AnalysisSchema.parse(await response.json())
}

/** Where a decision applies (agreed additive `scope`; absent = this finding, as in 4.13). */
export type DecisionScope = 'FINDING' | 'PROJECT' | 'PORTFOLIO'

/** PUT /v1/analysis: records one decision and answers the analysis with its new trail. */
export async function putAnalysis(
  api: ApiClient,
  request: AnalysisRequest & { scope?: DecisionScope },
) {
  return api.json(AnalysisSchema, '/v1/analysis', { method: 'PUT', json: request })
}

export interface AnalysisBatchRequest {
  targets: Array<{ project: string; component: string; vulnerability: string }>
  analysisState?: AnalysisRequest['analysisState']
  analysisJustification?: AnalysisRequest['analysisJustification']
  analysisResponse?: AnalysisRequest['analysisResponse']
  analysisDetails?: string
  comment?: string
  isSuppressed?: boolean
  scope?: 'FINDING' | 'PROJECT' | 'PORTFOLIO'
}

const BatchResultSchema = z.object({ updated: z.number() }).loose()

/** PUT /v1/analysis/batch (Lookout): one decision for up to 500 findings, all or nothing. */
export async function putAnalysisBatch(api: ApiClient, request: AnalysisBatchRequest) {
  return api.json(BatchResultSchema, '/v1/analysis/batch', { method: 'PUT', json: request })
}
