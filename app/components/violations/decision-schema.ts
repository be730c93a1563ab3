import { z } from 'zod'
import { VIOLATION_ANALYSIS_STATES } from '../../../common/dt-vocabulary.ts'
import { checkbox } from '~/utils/settings-form.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The violation audit form of the project tab's panel (§7.10): which violation of which
 * component, the analysis state (absent resets to NOT_SET, as the API does), suppression (a
 * checkbox, so absent means not suppressed) and an optional comment for the trail.
 */
export const ViolationDecisionSchema = z.object({
  policyViolation: z.string().regex(UUID),
  component: z.string().regex(UUID),
  analysisState: z.enum(VIOLATION_ANALYSIS_STATES).default('NOT_SET'),
  comment: z
    .string()
    .max(100_000)
    .optional()
    .transform((value) => value?.trim() || undefined),
  isSuppressed: checkbox,
})
export type ViolationDecision = z.infer<typeof ViolationDecisionSchema>
