import type { Finding } from '~/api/findings.server.ts'
import { cvssOf } from '~/components/findings/cells.tsx'
import { flagParam, listParamsSchema } from '~/components/list-kit/url-state.ts'

export const EPSS_SORTS = [
  'component.name',
  'component.version',
  'component.group',
  'vulnerability.vulnId',
  'cvss',
  'epssScore',
  'epssPercentile',
  'suppressed',
] as const
type EpssSort = (typeof EPSS_SORTS)[number]

export const EpssParamsSchema = listParamsSchema(EPSS_SORTS, { suppressed: flagParam })

const KEYS: Record<EpssSort, (finding: Finding) => string | number | boolean | undefined> = {
  'component.name': (finding) => finding.component.name,
  'component.version': (finding) => finding.component.version,
  'component.group': (finding) => finding.component.group,
  'vulnerability.vulnId': (finding) => finding.vulnerability.vulnId,
  cvss: cvssOf,
  epssScore: (finding) => finding.vulnerability.epssScore,
  epssPercentile: (finding) => finding.vulnerability.epssPercentile,
  suppressed: (finding) => finding.analysis.isSuppressed,
}

function compare(a: unknown, b: unknown) {
  // Missing values go last whichever way the list is sorted (4.13's compareVersions rule).
  if (a === undefined || a === null) return b === undefined || b === null ? 0 : 1
  if (b === undefined || b === null) return -1
  if (typeof a === 'number' && typeof b === 'number') return a - b
  return String(a).localeCompare(String(b), 'en', { numeric: true })
}

/**
 * The tab's table: search, sort and page the findings the chart already needs in full (the
 * chart plots every point, so the API is asked once, as 4.13 does). Default order: highest
 * EPSS first, the question this tab answers.
 */
export function epssPage(
  findings: readonly Finding[],
  query: {
    searchText?: string
    sortName?: EpssSort
    sortOrder?: 'asc' | 'desc'
    page: number
    pageSize: number
  },
) {
  const needle = query.searchText?.toLowerCase()
  const matching = needle
    ? findings.filter((finding) =>
        [
          finding.component.name,
          finding.component.group,
          finding.component.version,
          finding.vulnerability.vulnId,
        ].some((text) => text?.toLowerCase().includes(needle)),
      )
    : [...findings]
  const key = KEYS[query.sortName ?? 'epssScore']
  const direction = query.sortName ? (query.sortOrder === 'desc' ? -1 : 1) : -1
  matching.sort((a, b) => {
    const [left, right] = [key(a), key(b)]
    if (left === undefined || right === undefined) return compare(left, right)
    return direction * compare(left, right)
  })
  const start = (query.page - 1) * query.pageSize
  return { rows: matching.slice(start, start + query.pageSize), total: matching.length }
}
