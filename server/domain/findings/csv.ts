import type { Finding, GroupedFinding } from '../../../common/finding-shapes.ts'

/**
 * One RFC 4180 cell. Text a spreadsheet would run as a formula (leading =, +, -, @, tab or CR)
 * is prefixed with an apostrophe (OWASP's CSV injection advice); numbers are left as they are.
 */
export function csvCell(value: unknown): string {
  if (value === undefined || value === null) return ''
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export const csvLine = (cells: readonly unknown[]) => cells.map(csvCell).join(',')

const isoDay = (epochMs: number | undefined) =>
  epochMs === undefined ? undefined : new Date(epochMs).toISOString().slice(0, 10)

const FINDING_HEADER = [
  'Project',
  'Project version',
  'Component group',
  'Component',
  'Component version',
  'Package URL',
  'Source',
  'Vulnerability',
  'Aliases',
  'Title',
  'Severity',
  'CVSS v2',
  'CVSS v3',
  'EPSS',
  'EPSS percentile',
  'Known exploited',
  'CWEs',
  'Published',
  'Analyzer',
  'Attributed on',
  'Analysis',
  'Suppressed',
]

const aliasIds = (aliases: Finding['vulnerability']['aliases']) => [
  ...new Set(
    aliases.flatMap((alias) =>
      Object.entries(alias)
        .filter(([key]) => key !== 'uuid')
        .map(([, id]) => id as string),
    ),
  ),
]

/** The portfolio findings as CSV, a header line first, CRLF line ends. */
export function findingsCsv(findings: readonly Finding[]) {
  const lines = findings.map(({ component: c, vulnerability: v, analysis, attribution }) =>
    csvLine([
      c.projectName,
      c.projectVersion,
      c.group,
      c.name,
      c.version,
      c.purl,
      v.source,
      v.vulnId,
      aliasIds(v.aliases)
        .filter((id) => id !== v.vulnId)
        .join(' '),
      v.title,
      v.severity,
      v.cvssV2BaseScore,
      v.cvssV3BaseScore,
      v.epssScore,
      v.epssPercentile,
      v.kev ? 'true' : 'false',
      v.cwes?.map((cwe) => `CWE-${cwe.cweId}`).join(' '),
      isoDay(v.published),
      attribution.analyzerIdentity,
      new Date(attribution.attributedOn).toISOString(),
      analysis.state ?? 'NOT_SET',
      analysis.isSuppressed ? 'true' : 'false',
    ]),
  )
  return [csvLine(FINDING_HEADER), ...lines].join('\r\n') + '\r\n'
}

const GROUPED_HEADER = [
  'Source',
  'Vulnerability',
  'Title',
  'Severity',
  'CVSS v2',
  'CVSS v3',
  'Published',
  'CWEs',
  'Analyzer',
  'Affected projects',
]

/** The grouped findings as CSV. */
export function groupedFindingsCsv(rows: readonly GroupedFinding[]) {
  const lines = rows.map(({ vulnerability: v, attribution }) =>
    csvLine([
      v.source,
      v.vulnId,
      v.title,
      v.severity,
      v.cvssV2BaseScore,
      v.cvssV3BaseScore,
      isoDay(v.published),
      v.cwes?.map((cwe) => `CWE-${cwe.cweId}`).join(' '),
      attribution.analyzerIdentity,
      v.affectedProjectCount,
    ]),
  )
  return [csvLine(GROUPED_HEADER), ...lines].join('\r\n') + '\r\n'
}
