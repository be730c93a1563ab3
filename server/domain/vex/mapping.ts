import {
  ANALYSIS_JUSTIFICATIONS,
  ANALYSIS_RESPONSES,
  ANALYSIS_STATES,
  SUPPRESSING_STATES,
  type AnalysisJustification,
  type AnalysisResponse,
  type AnalysisState,
} from '../../../common/dt-vocabulary.ts'

/**
 * Analysis values between Lookout (4.13's enums) and the two VEX vocabularies: CycloneDX
 * (`vulnerability.analysis`, §7.1/§7.2) and OpenVEX 0.2.0 (decision 014, docs/vex.md).
 */

const lower = (value: string) => value.toLowerCase()

// ----------------------------------------------------------------------------------------------
// CycloneDX: the names are the same words in lower case; NOT_SET is left out.

export function cdxState(state: string | null | undefined): string | undefined {
  return state && state !== 'NOT_SET' && (ANALYSIS_STATES as readonly string[]).includes(state)
    ? lower(state)
    : undefined
}

export function cdxJustification(value: string | null | undefined): string | undefined {
  return value &&
    value !== 'NOT_SET' &&
    (ANALYSIS_JUSTIFICATIONS as readonly string[]).includes(value)
    ? lower(value)
    : undefined
}

export function cdxResponse(value: string | null | undefined): string | undefined {
  return value && value !== 'NOT_SET' && (ANALYSIS_RESPONSES as readonly string[]).includes(value)
    ? lower(value)
    : undefined
}

const fromCdx = <T extends string>(values: readonly T[], value: unknown): T =>
  typeof value === 'string' && (values as readonly string[]).includes(value.toUpperCase())
    ? (value.toUpperCase() as T)
    : ('NOT_SET' as T)

/** An unknown CycloneDX state reads as NOT_SET (§7.2). */
export const stateFromCdx = (value: unknown): AnalysisState => fromCdx(ANALYSIS_STATES, value)
export const justificationFromCdx = (value: unknown): AnalysisJustification =>
  fromCdx(ANALYSIS_JUSTIFICATIONS, value)
export const responseFromCdx = (value: unknown): AnalysisResponse =>
  fromCdx(ANALYSIS_RESPONSES, value)

/** §7.2: a VEX state hides the finding iff it is FALSE_POSITIVE, NOT_AFFECTED or RESOLVED. */
export const suppressesFinding = (state: AnalysisState) => SUPPRESSING_STATES.includes(state)

// ----------------------------------------------------------------------------------------------
// OpenVEX 0.2.0

export const OPENVEX_CONTEXT = 'https://openvex.dev/ns/v0.2.0'
export const OPENVEX_STATUSES = [
  'not_affected',
  'affected',
  'fixed',
  'under_investigation',
] as const
export type OpenVexStatus = (typeof OPENVEX_STATUSES)[number]
export const OPENVEX_JUSTIFICATIONS = [
  'component_not_present',
  'vulnerable_code_not_present',
  'vulnerable_code_not_in_execute_path',
  'vulnerable_code_cannot_be_controlled_by_adversary',
  'inline_mitigations_already_exist',
] as const
export type OpenVexJustification = (typeof OPENVEX_JUSTIFICATIONS)[number]

const STATUS_OF_STATE: Record<AnalysisState, OpenVexStatus> = {
  NOT_SET: 'under_investigation',
  IN_TRIAGE: 'under_investigation',
  EXPLOITABLE: 'affected',
  RESOLVED: 'fixed',
  NOT_AFFECTED: 'not_affected',
  FALSE_POSITIVE: 'not_affected',
}

const OPENVEX_OF_JUSTIFICATION: Record<AnalysisJustification, OpenVexJustification | undefined> = {
  NOT_SET: undefined,
  CODE_NOT_PRESENT: 'vulnerable_code_not_present',
  CODE_NOT_REACHABLE: 'vulnerable_code_not_in_execute_path',
  REQUIRES_CONFIGURATION: 'vulnerable_code_cannot_be_controlled_by_adversary',
  REQUIRES_DEPENDENCY: 'vulnerable_code_not_present',
  REQUIRES_ENVIRONMENT: 'vulnerable_code_cannot_be_controlled_by_adversary',
  PROTECTED_BY_COMPILER: 'inline_mitigations_already_exist',
  PROTECTED_AT_RUNTIME: 'inline_mitigations_already_exist',
  PROTECTED_AT_PERIMETER: 'inline_mitigations_already_exist',
  PROTECTED_BY_MITIGATING_CONTROL: 'inline_mitigations_already_exist',
}

const JUSTIFICATION_OF_OPENVEX: Record<
  Exclude<OpenVexJustification, 'component_not_present'>,
  AnalysisJustification
> = {
  vulnerable_code_not_present: 'CODE_NOT_PRESENT',
  vulnerable_code_not_in_execute_path: 'CODE_NOT_REACHABLE',
  vulnerable_code_cannot_be_controlled_by_adversary: 'REQUIRES_CONFIGURATION',
  inline_mitigations_already_exist: 'PROTECTED_BY_MITIGATING_CONTROL',
}

/** The sentence an `affected` statement's action_statement carries for each vendor response. */
export const ACTION_OF_RESPONSE: Record<AnalysisResponse, string> = {
  NOT_SET: 'No response decided yet.',
  CAN_NOT_FIX: 'Can not fix.',
  WILL_NOT_FIX: 'Will not fix.',
  UPDATE: 'Update to a version of the component without the vulnerability.',
  ROLLBACK: 'Roll back to a version of the component without the vulnerability.',
  WORKAROUND_AVAILABLE: 'A workaround is available.',
}

export interface LookoutDecision {
  state: AnalysisState
  justification: AnalysisJustification
  response: AnalysisResponse
  details: string | null
}

export interface OpenVexDecision {
  status: OpenVexStatus
  justification?: OpenVexJustification
  impact_statement?: string
  action_statement?: string
  status_notes?: string
}

const NOT_AFFECTED_WITHOUT_REASON = 'Not affected (no justification was recorded).'

/** Lookout → OpenVEX (decision 014): a false positive is a component that is not present. */
export function toOpenVex(decision: LookoutDecision): OpenVexDecision {
  const status = STATUS_OF_STATE[decision.state] ?? 'under_investigation'
  const details = decision.details?.trim() || undefined
  const result: OpenVexDecision = { status }
  if (status === 'not_affected') {
    result.justification =
      decision.state === 'FALSE_POSITIVE'
        ? 'component_not_present'
        : OPENVEX_OF_JUSTIFICATION[decision.justification]
    // OpenVEX requires a justification or an impact statement on not_affected.
    result.impact_statement =
      details ?? (result.justification ? undefined : NOT_AFFECTED_WITHOUT_REASON)
  } else if (status === 'affected') {
    result.action_statement = ACTION_OF_RESPONSE[decision.response]
  }
  if (details && result.impact_statement !== details) result.status_notes = details
  return result
}

/** OpenVEX → Lookout: undefined fields leave the stored value as it is. */
export function fromOpenVex(statement: {
  status?: unknown
  justification?: unknown
  impact_statement?: unknown
  action_statement?: unknown
  status_notes?: unknown
}): Partial<LookoutDecision> & { state: AnalysisState } {
  const text = (value: unknown) =>
    typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
  const details = text(statement.status_notes) ?? text(statement.impact_statement)
  const result: Partial<LookoutDecision> & { state: AnalysisState } = { state: 'NOT_SET' }
  if (details !== undefined && details !== NOT_AFFECTED_WITHOUT_REASON) result.details = details
  switch (statement.status) {
    case 'not_affected': {
      const justification = statement.justification
      if (justification === 'component_not_present') {
        result.state = 'FALSE_POSITIVE'
      } else {
        result.state = 'NOT_AFFECTED'
        const mapped =
          typeof justification === 'string'
            ? JUSTIFICATION_OF_OPENVEX[justification as keyof typeof JUSTIFICATION_OF_OPENVEX]
            : undefined
        if (mapped) result.justification = mapped
      }
      break
    }
    case 'affected': {
      result.state = 'EXPLOITABLE'
      const action = text(statement.action_statement)
      const response = (Object.keys(ACTION_OF_RESPONSE) as AnalysisResponse[]).find(
        (key) => key !== 'NOT_SET' && ACTION_OF_RESPONSE[key] === action,
      )
      if (response) result.response = response
      break
    }
    case 'fixed':
      result.state = 'RESOLVED'
      break
    case 'under_investigation':
      result.state = 'IN_TRIAGE'
      break
  }
  return result
}
