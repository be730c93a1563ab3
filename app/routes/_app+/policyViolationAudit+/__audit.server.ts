import { redirect, type AppLoadContext } from '@remix-run/node'
import { listPolicyChoices } from '~/api/violations.server.ts'
import {
  canonicalViolationSearch,
  isViolationViewFiltered,
  parseViolationAuditParams,
} from '~/components/violations/audit-params.ts'
import { requireUser } from '~/utils/auth.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { meetsRequirement } from '~/utils/permissions.ts'

export const VIEW = 'VIEW_POLICY_VIOLATION'

/**
 * What Policy Violation Audit starts with: the address's filters (an address first goes to its
 * short form, with the default sort, so the sorted column shows), the policies for the Policies
 * filter (only for POLICY_MANAGEMENT, as in 4.13) and the page title.
 */
export async function violationAuditView(request: Request, context: AppLoadContext) {
  const { api, permissions } = await requireUser(request, context, VIEW)
  const url = new URL(request.url)
  const canonical = canonicalViolationSearch(url.searchParams)
  if (canonical) throw redirect(`${url.pathname}?${canonical}`)
  const params = parseViolationAuditParams(url.searchParams)
  const t = await getFixedT(request, context)
  const policies = meetsRequirement(permissions, 'POLICY_MANAGEMENT')
    ? await listPolicyChoices(api)
    : undefined
  return {
    api,
    params,
    data: {
      params,
      policies,
      filtered: isViolationViewFiltered(params),
      title: t('meta.title', { page: t('pages.policyViolationAudit') }),
    },
  }
}
