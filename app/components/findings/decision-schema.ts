import { z } from 'zod'
import {
  ANALYSIS_JUSTIFICATIONS,
  ANALYSIS_RESPONSES,
  ANALYSIS_STATES,
} from '../../../common/dt-vocabulary.ts'

/** Where a decision applies (beyond 4.13: every version of the project, or the portfolio). */
export const DECISION_SCOPES = ['FINDING', 'PROJECT', 'PORTFOLIO'] as const

const MATRIX = /^[0-9a-f-]{36}:[0-9a-f-]{36}:[0-9a-f-]{36}$/i

/** The audit decision fields, shared by the one-finding audit panel and the bulk audit form. */
const decisionFields = {
  analysisState: z.enum(ANALYSIS_STATES).default('NOT_SET'),
  analysisJustification: z.enum(ANALYSIS_JUSTIFICATIONS).default('NOT_SET'),
  analysisResponse: z.enum(ANALYSIS_RESPONSES).default('NOT_SET'),
  analysisDetails: z.string().max(100_000).optional(),
  comment: z.string().max(100_000).optional(),
  /** A checkbox: present when ticked. */
  isSuppressed: z
    .enum(['on', 'true'])
    .optional()
    .transform((value) => value !== undefined),
  scope: z.enum(DECISION_SCOPES).default('FINDING'),
}

/** One finding's audit panel; `matrix` is `<project>:<component>:<vulnerability>`. */
export const AuditDecisionSchema = z.object({
  matrix: z.string().regex(MATRIX),
  ...decisionFields,
})

/** Several selected findings, one decision. */
export const BulkAuditDecisionSchema = z.object({
  matrix: z.array(z.string().regex(MATRIX)).min(1).max(500),
  ...decisionFields,
})

export function splitMatrix(matrix: string) {
  const [project, component, vulnerability] = matrix.split(':') as [string, string, string]
  return { project, component, vulnerability }
}
