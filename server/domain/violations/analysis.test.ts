import { describe, expect, it } from 'vitest'
import { violationTrail } from './analysis.ts'

describe('violation analysis trail (dt-behaviour §5.2)', () => {
  it('notes NOT_SET → NEW for a new analysis, never its suppression', () => {
    expect(violationTrail(undefined, 'APPROVED', true)).toEqual(['NOT_SET → APPROVED'])
    expect(violationTrail(undefined, 'NOT_SET', true)).toEqual([])
  })

  it('notes a changed state without a prefix, then a changed suppression', () => {
    const approved = { state: 'APPROVED', suppressed: false }
    expect(violationTrail(approved, 'REJECTED', true)).toEqual([
      'APPROVED → REJECTED',
      'Suppressed',
    ])
    expect(violationTrail({ ...approved, suppressed: true }, 'APPROVED', false)).toEqual([
      'Unsuppressed',
    ])
  })

  it('notes nothing when the state stays and the flag is absent or the same', () => {
    const rejected = { state: 'REJECTED', suppressed: true }
    expect(violationTrail(rejected, 'REJECTED', undefined)).toEqual([])
    expect(violationTrail(rejected, 'REJECTED', null)).toEqual([])
    expect(violationTrail(rejected, 'REJECTED', true)).toEqual([])
  })
})
