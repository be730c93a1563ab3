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
