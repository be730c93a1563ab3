import { z } from 'zod'
import { CvssScoreShape, OwaspScoreShape } from '../../../common/vulnerability-shapes.ts'
import type { AppContext } from '../../context.ts'
import {
  InvalidOwaspVector,
  scoreCvss,
  scoreOwaspRiskRating,
} from '../../domain/vulnerabilities/scoring.ts'
import { textError } from '../../lib/errors.ts'
import { anyPrincipal, plainText } from '../kit/index.ts'
import type { Api } from '../types.ts'

const tags = ['calculator']
const VectorQuery = z.object({ vector: z.string().optional() }).loose()
const INVALID_CVSS = 'An invalid CVSSv2 or CVSSv3 vector submitted.'

/** The CVSS and OWASP Risk Rating calculators (dt-api-portfolio §4.20). */
export default function calculatorRoutes(app: Api, _ctx: AppContext) {
  app.get(
    '/v1/calculator/cvss',
    {
      config: { access: anyPrincipal },
      schema: {
        tags,
        summary:
          'Scores a CVSS v2, v3.0 or v3.1 vector (beyond 4.13 also v4.0, which has no subscores)',
        querystring: VectorQuery,
        response: { 200: CvssScoreShape, 400: plainText(INVALID_CVSS) },
      },
    },
    async (request) => {
      const score = scoreCvss(request.query.vector)
      if (!score) throw textError(400, INVALID_CVSS)
      return {
        baseScore: score.baseScore,
        impactSubScore: score.impactSubScore ?? undefined,
        exploitabilitySubScore: score.exploitabilitySubScore ?? undefined,
      }
    },
  )

  app.get(
    '/v1/calculator/owasp',
    {
      config: { access: anyPrincipal },
      schema: {
        tags,
        summary: 'Scores an OWASP Risk Rating vector',
        querystring: VectorQuery,
        response: {
          200: OwaspScoreShape,
          400: plainText('Provided vector … does not match OWASP RR Vector pattern …'),
        },
      },
    },
    async (request) => {
      try {
        return scoreOwaspRiskRating(request.query.vector ?? '')
      } catch (error) {
        if (error instanceof InvalidOwaspVector) throw textError(400, error.message)
        throw error
      }
    },
  )
}
