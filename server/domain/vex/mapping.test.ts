import { describe, expect, it } from 'vitest'
import {
  ANALYSIS_JUSTIFICATIONS,
  ANALYSIS_RESPONSES,
  ANALYSIS_STATES,
} from '../../../common/dt-vocabulary.ts'
import {
  cdxJustification,
  cdxResponse,
  cdxState,
  fromOpenVex,
  justificationFromCdx,
  responseFromCdx,
  stateFromCdx,
  suppressesFinding,
  toOpenVex,
} from './mapping.ts'

describe('CycloneDX analysis mapping (§7.1, §7.2)', () => {
  it('writes the lower-case names and leaves NOT_SET out', () => {
    expect(cdxState('FALSE_POSITIVE')).toBe('false_positive')
    expect(cdxState('NOT_SET')).toBeUndefined()
    expect(cdxState(null)).toBeUndefined()
    expect(cdxJustification('PROTECTED_BY_MITIGATING_CONTROL')).toBe(
      'protected_by_mitigating_control',
    )
    expect(cdxJustification('NOT_SET')).toBeUndefined()
    expect(cdxResponse('WORKAROUND_AVAILABLE')).toBe('workaround_available')
    expect(cdxResponse('NOT_SET')).toBeUndefined()
  })

  it('reads every value back to what was written', () => {
    for (const state of ANALYSIS_STATES.filter((value) => value !== 'NOT_SET'))
      expect(stateFromCdx(cdxState(state))).toBe(state)
    for (const value of ANALYSIS_JUSTIFICATIONS.filter((item) => item !== 'NOT_SET'))
      expect(justificationFromCdx(cdxJustification(value))).toBe(value)
    for (const value of ANALYSIS_RESPONSES.filter((item) => item !== 'NOT_SET'))
      expect(responseFromCdx(cdxResponse(value))).toBe(value)
  })

  it('reads an unknown value as NOT_SET', () => {
    expect(stateFromCdx('maybe')).toBe('NOT_SET')
    expect(justificationFromCdx(42)).toBe('NOT_SET')
    expect(responseFromCdx('call_us')).toBe('NOT_SET')
  })

  it('suppresses on false positive, not affected and resolved only', () => {
    expect(ANALYSIS_STATES.filter(suppressesFinding)).toEqual([
      'RESOLVED',
      'FALSE_POSITIVE',
      'NOT_AFFECTED',
    ])
  })
})

const decision = (
  state: (typeof ANALYSIS_STATES)[number],
  justification: (typeof ANALYSIS_JUSTIFICATIONS)[number] = 'NOT_SET',
  response: (typeof ANALYSIS_RESPONSES)[number] = 'NOT_SET',
  details: string | null = null,
) => ({ state, justification, response, details })

describe('OpenVEX mapping (decision 014)', () => {
  it('maps each state to an OpenVEX status', () => {
    expect(toOpenVex(decision('NOT_SET')).status).toBe('under_investigation')
    expect(toOpenVex(decision('IN_TRIAGE')).status).toBe('under_investigation')
    expect(toOpenVex(decision('EXPLOITABLE')).status).toBe('affected')
    expect(toOpenVex(decision('RESOLVED')).status).toBe('fixed')
    expect(toOpenVex(decision('NOT_AFFECTED')).status).toBe('not_affected')
    expect(toOpenVex(decision('FALSE_POSITIVE'))).toMatchObject({
      status: 'not_affected',
      justification: 'component_not_present',
    })
  })

  it('gives not_affected a justification or an impact statement, and affected an action', () => {
    expect(toOpenVex(decision('NOT_AFFECTED', 'CODE_NOT_REACHABLE'))).toEqual({
      status: 'not_affected',
      justification: 'vulnerable_code_not_in_execute_path',
    })
    const bare = toOpenVex(decision('NOT_AFFECTED'))
    expect(bare.justification).toBeUndefined()
    expect(bare.impact_statement).toBeTruthy()
    expect(toOpenVex(decision('NOT_AFFECTED', 'NOT_SET', 'NOT_SET', ' only in tests '))).toEqual({
      status: 'not_affected',
      impact_statement: 'only in tests',
    })
    expect(toOpenVex(decision('EXPLOITABLE', 'NOT_SET', 'UPDATE', 'bump it'))).toEqual({
      status: 'affected',
      action_statement: 'Update to a version of the component without the vulnerability.',
      status_notes: 'bump it',
    })
    expect(toOpenVex(decision('EXPLOITABLE')).action_statement).toBeTruthy()
  })

  it('reads back what it writes for every state and primary justification', () => {
    const cases = [
      decision('IN_TRIAGE', 'NOT_SET', 'NOT_SET', 'looking'),
      decision('EXPLOITABLE', 'NOT_SET', 'WORKAROUND_AVAILABLE', 'flag off'),
      decision('RESOLVED'),
      decision('FALSE_POSITIVE'),
      decision('NOT_AFFECTED', 'CODE_NOT_PRESENT'),
      decision('NOT_AFFECTED', 'CODE_NOT_REACHABLE', 'NOT_SET', 'dead code'),
      decision('NOT_AFFECTED', 'REQUIRES_CONFIGURATION'),
      decision('NOT_AFFECTED', 'PROTECTED_BY_MITIGATING_CONTROL'),
    ]
    for (const original of cases) {
      const back = fromOpenVex(toOpenVex(original))
      expect(back.state).toBe(original.state)
      if (original.justification !== 'NOT_SET')
        expect(back.justification).toBe(original.justification)
      if (original.response !== 'NOT_SET') expect(back.response).toBe(original.response)
      expect(back.details).toBe(original.details ?? undefined)
    }
  })

  it('folds justifications OpenVEX has no word for into the nearest one', () => {
    const read = (justification: (typeof ANALYSIS_JUSTIFICATIONS)[number]) =>
      fromOpenVex(toOpenVex(decision('NOT_AFFECTED', justification))).justification
    expect(read('REQUIRES_DEPENDENCY')).toBe('CODE_NOT_PRESENT')
    expect(read('REQUIRES_ENVIRONMENT')).toBe('REQUIRES_CONFIGURATION')
    expect(read('PROTECTED_AT_RUNTIME')).toBe('PROTECTED_BY_MITIGATING_CONTROL')
  })

  it('reads foreign statements: impact statements as details, unknown status as NOT_SET', () => {
    expect(
      fromOpenVex({ status: 'not_affected', impact_statement: 'Not loaded by the app' }),
    ).toEqual({ state: 'NOT_AFFECTED', details: 'Not loaded by the app' })
    expect(fromOpenVex({ status: 'affected', action_statement: 'Call support' })).toEqual({
      state: 'EXPLOITABLE',
    })
    expect(fromOpenVex({ status: 'weird' }).state).toBe('NOT_SET')
  })
})
