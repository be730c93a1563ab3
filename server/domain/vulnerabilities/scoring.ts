import * as cvssCalculator from 'ae-cvss-calculator'
import type { Severity } from '../../../common/dt-vocabulary.ts'

export interface CvssScore {
  /** The vector as stored: v2 in parentheses, v3 with its `CVSS:3.x/` prefix. */
  vector: string
  version: 2 | 3 | 4
  baseScore: number
  impactSubScore: number | null
  exploitabilitySubScore: number | null
}

// The package is a webpack CommonJS bundle whose named exports Node's ESM loader cannot see (the
// built server and tsx fail on a named import); its exports object is the default there.
const { Cvss2, Cvss3P0, Cvss3P1, Cvss4P0 } =
  (cvssCalculator as unknown as { default?: typeof cvssCalculator }).default ?? cvssCalculator

const V2_METRICS = ['AV', 'AC', 'Au', 'C', 'I', 'A']
const V3_METRICS = ['AV', 'AC', 'PR', 'UI', 'S', 'C', 'I', 'A']

/** Metric names of a vector without prefix or parentheses: `AV:N/AC:L` → [AV, AC]. */
const metricNames = (body: string) => body.split('/').map((part) => part.split(':')[0] ?? '')

/**
 * Scores a CVSS v2, v3.0, v3.1 or v4.0 vector with the FIRST formulas (ae-cvss-calculator), or
 * returns undefined when the vector is not one of them with every base metric given. A v3 vector
 * without prefix counts as v3.0, as in Dependency-Track.
 */
export function scoreCvss(input: string | null | undefined): CvssScore | undefined {
  if (!input) return undefined
  const text = input.trim()
  try {
    if (text.startsWith('CVSS:4.0/')) {
      const vector = new Cvss4P0(text)
      if (!vector.isBaseFullyDefined()) return undefined
      const scores = vector.calculateScores()
      return {
        vector: vector.toString(),
        version: 4,
        baseScore: scores.base ?? scores.overall,
        impactSubScore: null,
        exploitabilitySubScore: null,
      }
    }
    const v3 = /^CVSS:3\.([01])\/(.+)$/.exec(text)
    const bare = text.replace(/^\((.*)\)$/, '$1')
    const names = metricNames(v3 ? v3[2]! : bare)
    let vector: cvssCalculator.Cvss2 | cvssCalculator.Cvss3P0 | cvssCalculator.Cvss3P1
    if (v3) vector = v3[1] === '1' ? new Cvss3P1(text) : new Cvss3P0(text)
    else if (names.includes('Au')) vector = new Cvss2(bare)
    else if (names.includes('PR')) vector = new Cvss3P0(`CVSS:3.0/${bare}`)
    else return undefined
    const required = vector instanceof Cvss2 ? V2_METRICS : V3_METRICS
    if (!required.every((name) => names.includes(name)) || !vector.isBaseFullyDefined()) {
      return undefined
    }
    const scores = vector.calculateScores()
    const base = vector instanceof Cvss2 ? `(${vector.toString()})` : vector.toString()
    return {
      vector: base,
      version: vector instanceof Cvss2 ? 2 : 3,
      baseScore: scores.base ?? 0,
      impactSubScore: scores.impact ?? null,
      exploitabilitySubScore: scores.exploitability ?? null,
    }
  } catch {
    return undefined
  }
}

export const OWASP_RR_PATTERN =
  'SL:\\d/M:\\d/O:\\d/S:\\d/ED:\\d/EE:\\d/A:\\d/ID:\\d/LC:\\d/LI:\\d/LAV:\\d/LAC:\\d/FD:\\d/RD:\\d/NC:\\d/PV:\\d'
const OWASP_RR = new RegExp(`^${OWASP_RR_PATTERN}$`)

export type OwaspLevel = 'LOW' | 'MEDIUM' | 'HIGH'

export interface OwaspScore {
  likelihoodScore: number
  technicalImpactScore: number
  businessImpactScore: number
  likelihood: OwaspLevel
  technicalImpact: OwaspLevel
  businessImpact: OwaspLevel
}

export class InvalidOwaspVector extends Error {
  constructor(vector: string) {
    super(`Provided vector ${vector} does not match OWASP RR Vector pattern ${OWASP_RR_PATTERN}`)
  }
}

const average = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
const owaspLevel = (score: number): OwaspLevel =>
  score < 3 ? 'LOW' : score < 6 ? 'MEDIUM' : 'HIGH'

/**
 * The OWASP Risk Rating Methodology: likelihood is the mean of the eight threat-agent and
 * vulnerability factors, each impact the mean of its four factors. Written here because no
 * maintained package implements it; the formula is the methodology's own.
 */
export function scoreOwaspRiskRating(vector: string): OwaspScore {
  if (!OWASP_RR.test(vector)) throw new InvalidOwaspVector(vector)
  const values = vector.split('/').map((part) => Number(part.split(':')[1]))
  const likelihoodScore = average(values.slice(0, 8))
  const technicalImpactScore = average(values.slice(8, 12))
  const businessImpactScore = average(values.slice(12, 16))
  return {
    likelihoodScore,
    technicalImpactScore,
    businessImpactScore,
    likelihood: owaspLevel(likelihoodScore),
    technicalImpact: owaspLevel(technicalImpactScore),
    businessImpact: owaspLevel(businessImpactScore),
  }
}

export const SEVERITY_LEVEL: Record<Severity, number> = {
  CRITICAL: 5,
  HIGH: 4,
  MEDIUM: 3,
  LOW: 2,
  INFO: 1,
  UNASSIGNED: 0,
}

export function severityOfCvssV3(score: number): Severity {
  if (score >= 9) return 'CRITICAL'
  if (score >= 7) return 'HIGH'
  if (score >= 4) return 'MEDIUM'
  return score > 0 ? 'LOW' : 'UNASSIGNED'
}

export function severityOfCvssV2(score: number): Severity {
  if (score >= 7) return 'HIGH'
  if (score >= 4) return 'MEDIUM'
  return score > 0 ? 'LOW' : 'UNASSIGNED'
}

type Band = 'LOW' | 'MEDIUM' | 'HIGH' | 'UNASSIGNED'
const band = (score: number): Band =>
  score >= 6 ? 'HIGH' : score >= 3 ? 'MEDIUM' : score > 0 ? 'LOW' : 'UNASSIGNED'

const OWASP_MATRIX: Record<
  Exclude<Band, 'UNASSIGNED'>,
  Record<Exclude<Band, 'UNASSIGNED'>, Severity>
> = {
  LOW: { LOW: 'INFO', MEDIUM: 'LOW', HIGH: 'MEDIUM' },
  MEDIUM: { LOW: 'LOW', MEDIUM: 'MEDIUM', HIGH: 'HIGH' },
  HIGH: { LOW: 'MEDIUM', MEDIUM: 'HIGH', HIGH: 'CRITICAL' },
}

export function severityOfOwasp(likelihood: number, technical: number, business: number): Severity {
  const likely = band(likelihood)
  const impact = band(Math.max(technical, business))
  if (likely === 'UNASSIGNED' || impact === 'UNASSIGNED') return 'UNASSIGNED'
  return OWASP_MATRIX[likely][impact]
}

export interface SeverityInputs {
  severity?: string | null
  cvssV3BaseScore?: number | null
  cvssV2BaseScore?: number | null
  owaspRRLikelihoodScore?: number | null
  owaspRRTechnicalImpactScore?: number | null
  owaspRRBusinessImpactScore?: number | null
}

const EXPLICIT = new Set(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO'])

/** Dependency-Track's severity derivation (dt-api-portfolio §2.3). */
export function deriveSeverity(inputs: SeverityInputs): Severity {
  const explicit = inputs.severity?.toUpperCase()
  if (explicit && EXPLICIT.has(explicit)) return explicit as Severity
  let cvss: Severity | undefined
  if (inputs.cvssV3BaseScore != null) cvss = severityOfCvssV3(inputs.cvssV3BaseScore)
  else if (inputs.cvssV2BaseScore != null) cvss = severityOfCvssV2(inputs.cvssV2BaseScore)
  const { owaspRRLikelihoodScore: l, owaspRRTechnicalImpactScore: t } = inputs
  const b = inputs.owaspRRBusinessImpactScore
  const owasp = l != null && t != null && b != null ? severityOfOwasp(l, t, b) : undefined
  if (cvss && owasp) return SEVERITY_LEVEL[owasp] > SEVERITY_LEVEL[cvss] ? owasp : cvss
  return cvss ?? owasp ?? 'UNASSIGNED'
}
