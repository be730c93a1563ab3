import { SEVERITIES, type Severity } from '../../../common/dt-vocabulary.ts'

export { SEVERITIES, type Severity }

export function asSeverity(value: string | undefined | null): Severity {
  const upper = value?.toUpperCase()
  return (SEVERITIES as readonly string[]).includes(upper ?? '')
    ? (upper as Severity)
    : 'UNASSIGNED'
}

/** The 4.13 editor's CVSS severity: v3 when scored, else v2 (which has no CRITICAL). */
export function cvssSeverity(v2Base?: number | null, v3Base?: number | null): Severity {
  if (typeof v3Base === 'number') {
    if (v3Base >= 9) return 'CRITICAL'
    if (v3Base >= 7) return 'HIGH'
    if (v3Base >= 4) return 'MEDIUM'
    if (v3Base > 0) return 'LOW'
    return 'UNASSIGNED'
  }
  if (typeof v2Base === 'number') {
    if (v2Base >= 7) return 'HIGH'
    if (v2Base >= 4) return 'MEDIUM'
    if (v2Base > 0) return 'LOW'
  }
  return 'UNASSIGNED'
}

type Level = 'LOW' | 'MEDIUM' | 'HIGH' | undefined

function owaspLevel(score: number): Level {
  if (score >= 6) return 'HIGH'
  if (score >= 3) return 'MEDIUM'
  if (score > 0) return 'LOW'
  return undefined
}

const OWASP_MATRIX: Record<
  'LOW' | 'MEDIUM' | 'HIGH',
  Record<'LOW' | 'MEDIUM' | 'HIGH', Severity>
> = {
  LOW: { LOW: 'INFO', MEDIUM: 'LOW', HIGH: 'MEDIUM' },
  MEDIUM: { LOW: 'LOW', MEDIUM: 'MEDIUM', HIGH: 'HIGH' },
  HIGH: { LOW: 'MEDIUM', MEDIUM: 'HIGH', HIGH: 'CRITICAL' },
}

/** The colour band of an OWASP RR score (0–9): its level as a severity. */
export function owaspBand(score: number | null | undefined): Severity | undefined {
  return typeof score === 'number' ? (owaspLevel(score) ?? 'UNASSIGNED') : undefined
}

/** OWASP RR severity: likelihood × the larger of technical and business impact. */
export function owaspSeverity(scores?: {
  likelihoodScore?: number | null
  technicalImpactScore?: number | null
  businessImpactScore?: number | null
}): Severity {
  if (!scores || typeof scores.likelihoodScore !== 'number') return 'UNASSIGNED'
  const likelihood = owaspLevel(scores.likelihoodScore)
  const impact = owaspLevel(
    Math.max(scores.technicalImpactScore ?? 0, scores.businessImpactScore ?? 0),
  )
  return likelihood && impact ? OWASP_MATRIX[likelihood][impact] : 'UNASSIGNED'
}

/**
 * Dependency-Track's severity colours with text that reads on them at AA contrast (unassigned is
 * a shade darker than 4.13's #777777, which white text would not pass on).
 */
export const SEVERITY_COLOURS: Record<Severity, { background: string; text: string }> = {
  CRITICAL: { background: '#f86c6b', text: '#1f0a0a' },
  HIGH: { background: '#fd8c00', text: '#1f1200' },
  MEDIUM: { background: '#ffc107', text: '#1f1800' },
  LOW: { background: '#4dbd74', text: '#08200f' },
  INFO: { background: '#20a8d8', text: '#04161d' },
  UNASSIGNED: { background: '#6b6b6b', text: '#ffffff' },
}

/** The colour of a 0–10 score's bar: the severity a CVSS v3 score of that size has. */
export function scoreSeverity(value: number): Severity {
  if (value >= 9) return 'CRITICAL'
  if (value >= 7) return 'HIGH'
  if (value >= 4) return 'MEDIUM'
  if (value > 0) return 'LOW'
  return 'UNASSIGNED'
}
