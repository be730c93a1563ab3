import { describe, expect, it } from 'vitest'
import { trailComments, type Decision } from './trail.ts'

const fresh: Decision = {
  state: 'NOT_SET',
  justification: null,
  response: null,
  details: null,
  suppressed: false,
}

describe('audit trail comments', () => {
  it('writes one entry per changed value, in 4.13 order', () => {
    expect(
      trailComments(fresh, {
        state: 'NOT_AFFECTED',
        justification: 'CODE_NOT_REACHABLE',
        response: 'WILL_NOT_FIX',
        details: 'Only used in tests',
        suppressed: true,
      }),
    ).toEqual([
      'Analysis: NOT_SET → NOT_AFFECTED',
      'Justification: NOT_SET → CODE_NOT_REACHABLE',
      'Vendor Response: NOT_SET → WILL_NOT_FIX',
      'Details: Only used in tests',
      'Suppressed',
    ])
  })

  it('writes nothing when nothing changes, and treats null as NOT_SET', () => {
    expect(
      trailComments(fresh, { ...fresh, justification: 'NOT_SET', response: 'NOT_SET' }),
    ).toEqual([])
  })

  it('notes unsuppression, and leaves suppression out for VEX', () => {
    const suppressed = { ...fresh, suppressed: true }
    expect(trailComments(suppressed, fresh)).toEqual(['Unsuppressed'])
    expect(trailComments(suppressed, fresh, { withSuppression: false })).toEqual([])
  })

  it('keeps details when the new value is absent, and notes a change to blank', () => {
    const withDetails = { ...fresh, details: 'x' }
    expect(trailComments(withDetails, { ...withDetails, details: null })).toEqual([])
    expect(trailComments(withDetails, { ...withDetails, details: '' })).toEqual(['Details: '])
  })
})
