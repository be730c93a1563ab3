import { measuredCount, measuredRiskScore } from '~/utils/measurement.ts'

export interface CsvComponent {
  name: string
  version?: string
  group?: string
  purl?: string
  isInternal?: boolean
  license?: string
  licenseExpression?: string
  resolvedLicense?: { licenseId?: string; name?: string }
  lastInheritedRiskScore?: number | null
  metrics?: { vulnerabilities?: number } | null
}

/**
 * The 4.13 export's columns, then the package URL an auditor needs to identify the component.
 * The risk score and vulnerability count stay empty until an analysis measured them, so an
 * unanalysed component does not read as a clean one.
 */
export const CSV_COLUMNS = [
  'name',
  'version',
  'group',
  'internal',
  'license',
  'lastInheritedRiskScore',
  'vulnerabilities',
  'purl',
] as const

/**
 * One field as RFC 4180 wants it: quoted when it holds a separator, quote or line break.
 * Text a spreadsheet would run as a formula (=, +, -, @, tab, CR) is prefixed with an
 * apostrophe, so an exported component name cannot execute in the reader's spreadsheet.
 */
export function csvField(value: string | number | boolean | undefined | null): string {
  if (value === undefined || value === null) return ''
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text
}

export function componentsCsv(components: CsvComponent[]): string {
  const lines = [CSV_COLUMNS.join(',')]
  for (const component of components) {
    lines.push(
      [
        component.name,
        component.version,
        component.group,
        component.isInternal === true,
        component.resolvedLicense?.licenseId ?? component.license ?? component.licenseExpression,
        measuredRiskScore(component),
        measuredCount(component.metrics, 'vulnerabilities'),
        component.purl,
      ]
        .map(csvField)
        .join(','),
    )
  }
  return `${lines.join('\r\n')}\r\n`
}

/** A download name from the project's name and version, safe in a Content-Disposition header. */
export function csvFileName(project: { name: string; version?: string }) {
  const base = [project.name, project.version].filter(Boolean).join('-')
  const safe = base
    .replace(/[^\w.-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 100)
  return `${safe || 'project'}-components.csv`
}
