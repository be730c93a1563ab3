import type { PolicyViolation } from '../../../common/policy-shapes.ts'
import { csvLine } from '../findings/csv.ts'

const HEADER = [
  'Project',
  'Project version',
  'Component group',
  'Component',
  'Component version',
  'Package URL',
  'License',
  'Policy',
  'Violation state',
  'Risk type',
  'Condition subject',
  'Condition operator',
  'Condition value',
  'Occurred on',
  'Analysis',
  'Suppressed',
]

/** The portfolio's violations as CSV (beyond 4.13), a header line first, CRLF line ends. */
export function violationsCsv(violations: readonly PolicyViolation[]) {
  const lines = violations.map(({ project, component: c, policyCondition: pc, ...v }) =>
    csvLine([
      project.name,
      project.version,
      c.group,
      c.name,
      c.version,
      c.purl,
      c.resolvedLicense?.licenseId ?? c.license,
      pc.policy.name,
      pc.policy.violationState,
      v.type,
      pc.subject,
      pc.operator,
      pc.value,
      new Date(v.timestamp).toISOString(),
      v.analysis?.analysisState ?? 'NOT_SET',
      v.analysis?.isSuppressed ? 'true' : 'false',
    ]),
  )
  return [csvLine(HEADER), ...lines].join('\r\n') + '\r\n'
}
