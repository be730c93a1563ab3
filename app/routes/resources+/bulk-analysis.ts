import { type ActionFunctionArgs } from '@remix-run/node'
import { putAnalysisBatch } from '~/api/analysis.server.ts'
import { ApiError } from '~/api/client.server.ts'
import { BulkAuditDecisionSchema, splitMatrix } from '~/components/findings/decision-schema.ts'
import { toastForFailedResponse } from '~/utils/api-errors.ts'
import { requireUser } from '~/utils/auth.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { localRedirect } from '~/utils/redirect.ts'
import { redirectWithToast } from '~/utils/toast.server.ts'

const FIELDS = [
  'analysisState',
  'analysisJustification',
  'analysisResponse',
  'analysisDetails',
  'comment',
  'isSuppressed',
  'scope',
] as const

/**
 * Bulk audit: one decision for the ticked findings (`matrix` repeated), recorded through
 * PUT /analysis/batch in one transaction. Always answers with a redirect back to the page the
 * form came from (a same-origin path only) and a toast saying what happened.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, 'VULNERABILITY_ANALYSIS')
  const t = await getFixedT(request, context)
  const form = await request.formData()
  const back = localRedirect(form.get('redirectTo'), '/vulnerabilityAudit')
  const input: Record<string, unknown> = { matrix: form.getAll('matrix').map(String) }
  for (const field of FIELDS) {
    const value = form.get(field)
    if (typeof value === 'string' && value !== '') input[field] = value
  }
  const parsed = BulkAuditDecisionSchema.safeParse(input)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) =>
      issue.path[0] === 'matrix'
        ? t(issue.code === 'too_big' ? 'bulkAudit.errors.tooMany' : 'bulkAudit.errors.noSelection')
        : t('bulkAudit.errors.invalidField', { field: String(issue.path[0]) }),
    )
    return redirectWithToast(context, back, {
      type: 'warning',
      title: t('bulkAudit.errors.title'),
      description: [...new Set(problems)].join('\n'),
    })
  }
  const { matrix, analysisDetails, comment, ...decision } = parsed.data
  try {
    const { updated } = await putAnalysisBatch(api, {
      targets: matrix.map(splitMatrix),
      ...decision,
      analysisDetails: analysisDetails?.trim() || undefined,
      comment: comment?.trim() || undefined,
    })
    return redirectWithToast(context, back, {
      type: 'success',
      title: t('bulkAudit.recorded', { count: updated }),
    })
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error
    return redirectWithToast(context, back, toastForFailedResponse(error.response, t))
  }
}
