import { z } from 'zod'
import { CvssScoreShape, OwaspScoreShape } from '../../common/vulnerability-shapes.ts'
import { ApiError, type ApiClient } from './client.server.ts'

export const CvssScoreSchema = CvssScoreShape.extend({
  impactSubScore: z.number().nullish(),
  exploitabilitySubScore: z.number().nullish(),
}).loose()
export type CvssScore = z.infer<typeof CvssScoreSchema>

export const OwaspScoreSchema = OwaspScoreShape.loose()
export type OwaspScore = z.infer<typeof OwaspScoreSchema>

/** A vector the calculator refuses (400) scores as nothing; other failures are errors. */
async function refusedAsUndefined<T>(call: Promise<T>): Promise<T | undefined> {
  try {
    return await call
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return undefined
    throw error
  }
}

/** GET /v1/calculator/cvss: base, impact and exploitability scores of a v2 or v3 vector. */
export function calculateCvss(api: ApiClient, vector: string) {
  return refusedAsUndefined(api.json(CvssScoreSchema, '/v1/calculator/cvss', { query: { vector } }))
}

/** GET /v1/calculator/owasp: likelihood, technical and business impact of an OWASP RR vector. */
export function calculateOwasp(api: ApiClient, vector: string) {
  return refusedAsUndefined(
    api.json(OwaspScoreSchema, '/v1/calculator/owasp', { query: { vector } }),
  )
}

export interface DraftScores {
  cvssV2?: CvssScore
  cvssV3?: CvssScore
  owasp?: OwaspScore
}

/** The scores of whichever vectors are complete, asked of the API at once. */
export async function scoreVectors(
  api: ApiClient,
  vectors: { cvssV2?: string; cvssV3?: string; owasp?: string },
): Promise<DraftScores> {
  const [cvssV2, cvssV3, owasp] = await Promise.all([
    vectors.cvssV2 ? calculateCvss(api, vectors.cvssV2) : undefined,
    vectors.cvssV3 ? calculateCvss(api, vectors.cvssV3) : undefined,
    vectors.owasp ? calculateOwasp(api, vectors.owasp) : undefined,
  ])
  return { cvssV2, cvssV3, owasp }
}
