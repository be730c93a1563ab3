import { z } from 'zod'
import type { AnalysisRequest } from '../../../../../common/finding-shapes.ts'
import { getAnalysis, putAnalysis } from '~/api/analysis.server.ts'
import { ApiError, type ApiClient } from '~/api/client.server.ts'
import { getDependencyPaths } from '~/api/dependency-graph.server.ts'
import { FINDING_SORTS, listProjectFindings, type Finding } from '~/api/findings.server.ts'
import { getVulnerability } from '~/api/vulnerabilities.server.ts'
import { AuditDecisionSchema, splitMatrix } from '~/components/findings/decision-schema.ts'
import { findingPaths } from '~/components/findings/paths.ts'
import { flagParam, listParamsSchema } from '~/components/list-kit/url-state.ts'
import { renderMarkdown } from '~/utils/markdown.server.ts'

const MATRIX = /^[0-9a-f-]{36}:[0-9a-f-]{36}:[0-9a-f-]{36}$/i

export const FindingListParamsSchema = listParamsSchema(FINDING_SORTS, {
  suppressed: flagParam,
  expanded: z
    .string()
    .regex(MATRIX)
    .optional()
    .catch(undefined)
    .transform((value) => value?.toLowerCase()),
})
export type FindingListParams = z.infer<typeof FindingListParamsSchema>

/** Where an action on the tab returns: the same list view, with the same row expanded. */
export function findingsTabUrl(projectUuid: string, current: URLSearchParams) {
  const next = new URLSearchParams(current)
  for (const key of ['index', '_data', 'token']) next.delete(key)
  const query = next.toString()
  return `/projects/${encodeURIComponent(projectUuid)}/findings${query ? `?${query}` : ''}`
}

/** What the expanded row shows beyond the list row: the facts, the decision and the paths. */
export async function loadFindingPanel(api: ApiClient, finding: Finding) {
  const target = splitMatrix(finding.matrix)
  const { vulnerability } = finding
  const [analysis, details, paths] = await Promise.all([
    getAnalysis(api, target),
    getVulnerability(api, vulnerability.source, vulnerability.vulnId).catch((error) => {
      if (error instanceof ApiError && error.status === 404) return undefined
      throw error
    }),
    getDependencyPaths(api, target.project, [target.component]).catch((error) => {
      if (error instanceof ApiError && [400, 404].includes(error.status)) return {}
      throw error
    }),
  ])
  return {
    matrix: finding.matrix,
    analysis: analysis ?? null,
    title: vulnerability.title ?? details?.title,
    subtitle: vulnerability.subtitle ?? details?.subTitle,
    descriptionHtml: renderMarkdown(vulnerability.description ?? details?.description),
    recommendationHtml: renderMarkdown(vulnerability.recommendation ?? details?.recommendation),
    cvssV2Vector: details?.cvssV2Vector,
    cvssV3Vector: details?.cvssV3Vector,
    cvssV4Vector: (details as { cvssV4Vector?: string } | undefined)?.cvssV4Vector,
    paths: findingPaths(paths, target.component),
  }
}
export type FindingPanel = Awaited<ReturnType<typeof loadFindingPanel>>

/**
 * Turns the audit panel's form into the PUT /analysis body. A justification only means
 * something for NOT_AFFECTED (4.13 disables the select otherwise; without JavaScript the
 * server drops it).
 */
export function auditRequest(
  value: z.infer<typeof AuditDecisionSchema>,
): AnalysisRequest & { scope: z.infer<typeof AuditDecisionSchema>['scope'] } {
  const target = splitMatrix(value.matrix)
  return {
    ...target,
    analysisState: value.analysisState,
    analysisJustification:
      value.analysisState === 'NOT_AFFECTED' ? value.analysisJustification : 'NOT_SET',
    analysisResponse: value.analysisResponse,
    analysisDetails: value.analysisDetails ?? '',
    comment: value.comment?.trim() || undefined,
    isSuppressed: value.isSuppressed,
    scope: value.scope,
  }
}

export async function saveAudit(api: ApiClient, formData: FormData) {
  const parsed = AuditDecisionSchema.safeParse(Object.fromEntries(formData))
  if (!parsed.success) return { ok: false as const }
  const analysis = await putAnalysis(api, auditRequest(parsed.data))
  return { ok: true as const, analysis }
}

/**
 * The 4.13 lookup addresses (`findings/{vulnId}`, `findings/{component}/{vulnId}`): the tab
 * searching for the vulnerability, with the row expanded when exactly one finding matches (and
 * suppressed findings shown when that one is suppressed).
 */
export async function lookupUrl(
  api: ApiClient,
  projectUuid: string,
  vulnId: string,
  componentUuid?: string,
) {
  const { findings } = await listProjectFindings(api, projectUuid, {
    suppressed: true,
    searchText: vulnId,
    pageNumber: 1,
    pageSize: 100,
  }).catch((error) => {
    // An unknown or malformed project is not found, as on the tab itself.
    if (error instanceof ApiError && [400, 404].includes(error.status)) {
      throw new Response('Not Found', { status: 404 })
    }
    throw error
  })
  const matches = findings.filter(
    (finding) =>
      (!componentUuid || finding.component.uuid.toLowerCase() === componentUuid.toLowerCase()) &&
      finding.vulnerability.vulnId.toLowerCase() === vulnId.toLowerCase(),
  )
  const search = new URLSearchParams({ searchText: vulnId })
  if (matches.length === 1) {
    const [match] = matches as [Finding]
    if (match.analysis.isSuppressed) search.set('suppressed', '1')
    search.set('expanded', match.matrix.toLowerCase())
  }
  return `/projects/${encodeURIComponent(projectUuid)}/findings?${search}`
}
