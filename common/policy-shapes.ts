import { z } from 'zod'
import { ComponentShape, ConciseLicenseShape, type ConciseLicense } from './dt-shapes.ts'
import {
  CONDITION_OPERATORS,
  CONDITION_SUBJECTS,
  POLICY_OPERATORS,
  POLICY_VIOLATION_STATES,
  VIOLATION_ANALYSIS_STATES,
  VIOLATION_TYPES,
} from './dt-vocabulary.ts'

/**
 * Dependency-Track 4.13's license, policy and violation JSON (dt-api-portfolio §3.12–§3.17).
 * The server serialises through these; the console reads them with `.loose()`. Keys are absent
 * when null unless a comment says otherwise. Dates are epoch milliseconds.
 */

export { ConciseLicenseShape, type ConciseLicense }

/** §3.16 full view (`/license`, `/license/{licenseId}`, a component's `resolvedLicense`). */
export const LicenseShape = ConciseLicenseShape.extend({
  licenseText: z.string().optional(),
  standardLicenseTemplate: z.string().optional(),
  standardLicenseHeader: z.string().optional(),
  licenseComments: z.string().optional(),
  seeAlso: z.array(z.string()).optional(),
})
export type License = z.infer<typeof LicenseShape>

/** §3.17; `licenses` ordered by name. */
export const LicenseGroupShape = z.object({
  uuid: z.string(),
  name: z.string(),
  licenses: z.array(ConciseLicenseShape),
  riskWeight: z.number(),
})
export type LicenseGroup = z.infer<typeof LicenseGroupShape>

/** §3.13 as listed inside a policy (no `policy` key). */
export const PolicyConditionShape = z.object({
  uuid: z.string(),
  subject: z.enum(CONDITION_SUBJECTS),
  operator: z.enum(CONDITION_OPERATORS),
  value: z.string(),
})
export type PolicyCondition = z.infer<typeof PolicyConditionShape>

/** The shallow project a policy is limited to (the console reads uuid, name, version, active). */
export const PolicyProjectShape = z.object({
  uuid: z.string(),
  name: z.string(),
  version: z.string().optional(),
  active: z.boolean(),
})

export const PolicyTagShape = z.object({ name: z.string() })

/** §3.12: conditions by id, projects by name then version, tags by name. */
export const PolicyShape = z.object({
  uuid: z.string(),
  name: z.string(),
  operator: z.enum(POLICY_OPERATORS),
  violationState: z.enum(POLICY_VIOLATION_STATES),
  policyConditions: z.array(PolicyConditionShape),
  projects: z.array(PolicyProjectShape),
  tags: z.array(PolicyTagShape),
  includeChildren: z.boolean(),
  onlyLatestProjectVersion: z.boolean(),
  global: z.boolean(),
})
export type Policy = z.infer<typeof PolicyShape>

export const ViolationAnalysisCommentShape = z.object({
  timestamp: z.number(),
  comment: z.string(),
  commenter: z.string().optional(),
})

/** §3.15; comments oldest first. */
export const ViolationAnalysisShape = z.object({
  analysisState: z.enum(VIOLATION_ANALYSIS_STATES),
  analysisComments: z.array(ViolationAnalysisCommentShape),
  isSuppressed: z.boolean(),
})
export type ViolationAnalysis = z.infer<typeof ViolationAnalysisShape>

/** The policy nested in a violation's condition (§3.14). */
export const ViolationPolicyShape = PolicyShape.pick({
  uuid: true,
  name: true,
  operator: true,
  violationState: true,
  includeChildren: true,
  onlyLatestProjectVersion: true,
  global: true,
})

/** §3.14; `analysis` attached by the list endpoints when one exists. */
export const PolicyViolationShape = z.object({
  uuid: z.string(),
  type: z.enum(VIOLATION_TYPES),
  timestamp: z.number(),
  text: z.string().optional(),
  project: z.object({ uuid: z.string(), name: z.string(), version: z.string().optional() }),
  component: ComponentShape,
  policyCondition: PolicyConditionShape.extend({ policy: ViolationPolicyShape }),
  analysis: ViolationAnalysisShape.optional(),
})
export type PolicyViolation = z.infer<typeof PolicyViolationShape>
