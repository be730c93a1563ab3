import { z } from 'zod'
import { POLICY_VIOLATION_STATES } from '../../../../../common/dt-vocabulary.ts'
import type { ApiClient } from '~/api/client.server.ts'
import { listAllLicenseGroups, listConciseLicenses } from '~/api/licenses.server.ts'
import {
  getViolationAnalysis,
  PROJECT_VIOLATION_SORTS,
  putViolationAnalysis,
  unlessRefused,
  type PolicyViolation,
} from '~/api/violations.server.ts'
import { flagParam, listParamsSchema } from '~/components/list-kit/url-state.ts'
import { conditionText, identityFacts, namedValueKind } from '~/components/violations/condition.ts'
import { ViolationDecisionSchema } from '~/components/violations/decision-schema.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The tab's address: search, sort, paging, the suppressed switch, the state the counts above
 * the table narrowed it to, and the open violation.
 */
export const ViolationListParamsSchema = listParamsSchema(PROJECT_VIOLATION_SORTS, {
  suppressed: flagParam,
  violationState: z
    .string()
    .optional()
    .transform((value) => POLICY_VIOLATION_STATES.find((state) => state === value?.toUpperCase()))
    .catch(undefined),
  expanded: z
    .string()
    .regex(UUID)
    .optional()
    .catch(undefined)
    .transform((value) => value?.toLowerCase()),
})
export type ViolationListParams = z.infer<typeof ViolationListParamsSchema>

/** Where an action on the tab returns: the same list view, with the same row open. */
export function violationsTabUrl(projectUuid: string, current: URLSearchParams) {
  const next = new URLSearchParams(current)
  for (const key of ['index', '_data', 'token']) next.delete(key)
  const query = next.toString()
  return `/projects/${encodeURIComponent(projectUuid)}/policyViolations${query ? `?${query}` : ''}`
}

/** A license's or license group's name for a condition value that is its uuid. */
async function valueLabel(api: ApiClient, violation: PolicyViolation) {
  const { subject, value } = violation.policyCondition
  const kind = namedValueKind(subject)
  if (kind === 'license') {
    const license = (await unlessRefused(listConciseLicenses(api)))?.find(
      (candidate) => candidate.uuid === value,
    )
    return license ? `${license.licenseId} (${license.name})` : undefined
  }
  if (kind === 'licenseGroup') {
    const groups = await unlessRefused(listAllLicenseGroups(api))
    return groups?.find((group) => group.uuid === value)?.name
  }
  return undefined
}

/** What the open row shows beyond the list row: the condition, the facts and the decision. */
export async function loadViolationPanel(api: ApiClient, violation: PolicyViolation) {
  const target = { component: violation.component.uuid, policyViolation: violation.uuid }
  const [analysis, label] = await Promise.all([
    getViolationAnalysis(api, target),
    valueLabel(api, violation),
  ])
  return {
    uuid: violation.uuid,
    analysis: analysis ?? null,
    condition: conditionText(violation.policyCondition, label),
    facts: identityFacts(violation.policyCondition, violation.component),
  }
}

/** The panel's form as PUT /violation/analysis; `ok: false` when the form was tampered with. */
export async function saveViolationDecision(api: ApiClient, formData: FormData) {
  const parsed = ViolationDecisionSchema.safeParse(Object.fromEntries(formData))
  if (!parsed.success) return { ok: false as const }
  const analysis = await putViolationAnalysis(api, parsed.data)
  return { ok: true as const, analysis }
}
