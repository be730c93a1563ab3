import { describe, expect, it } from 'vitest'
import { measuredCount, measuredRiskScore } from './measurement.ts'

describe('measuredRiskScore', () => {
  it('is undefined when the API gives no metrics, even with a placeholder score of 0', () => {
    expect(measuredRiskScore({ lastInheritedRiskScore: 0 })).toBeUndefined()
    expect(measuredRiskScore({ lastInheritedRiskScore: 12, metrics: null })).toBeUndefined()
  })

  it('is undefined when the score is absent or null', () => {
    expect(measuredRiskScore({ metrics: { critical: 0 } })).toBeUndefined()
    expect(measuredRiskScore({ metrics: {}, lastInheritedRiskScore: null })).toBeUndefined()
  })

  it('is the score, zero included, once an analysis has run', () => {
    expect(measuredRiskScore({ metrics: { critical: 0 }, lastInheritedRiskScore: 0 })).toBe(0)
    expect(measuredRiskScore({ metrics: { critical: 1 }, lastInheritedRiskScore: 10 })).toBe(10)
  })

  it('prefers the latest measurement’s score, which is there even for a clean row', () => {
    expect(measuredRiskScore({ metrics: { inheritedRiskScore: 0 } })).toBe(0)
    expect(
      measuredRiskScore({ metrics: { inheritedRiskScore: 15 }, lastInheritedRiskScore: 10 }),
    ).toBe(15)
  })
})

describe('measuredCount', () => {
  it('is undefined without metrics and the count (0 when unreported) with them', () => {
    expect(measuredCount(undefined, 'critical')).toBeUndefined()
    expect(measuredCount(null, 'critical')).toBeUndefined()
    expect(measuredCount({ critical: 3 }, 'critical')).toBe(3)
    expect(measuredCount({ high: 3 }, 'critical')).toBe(0)
  })
})
