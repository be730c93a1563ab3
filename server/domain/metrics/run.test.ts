import { describe, expect, it } from 'vitest'
import { BATCH_COMPONENTS, BATCH_PROJECTS, batchesOf } from './run.ts'
import { isRiskWeight, weightsFrom } from './weights.ts'

describe('batches of a full run', () => {
  it('fill a batch up to the component budget, and never split a project', () => {
    const half = BATCH_COMPONENTS / 2
    const projects = [
      { id: 1, components: half },
      { id: 2, components: half },
      { id: 3, components: 1 },
      { id: 4, components: BATCH_COMPONENTS * 3 },
      { id: 5, components: 0 },
    ]
    expect(batchesOf(projects)).toEqual([[1, 2], [3], [4], [5]])
  })

  it('hold at most BATCH_PROJECTS empty projects', () => {
    const empty = Array.from({ length: BATCH_PROJECTS + 1 }, (_, i) => ({ id: i, components: 0 }))
    expect(batchesOf(empty).map((batch) => batch.length)).toEqual([BATCH_PROJECTS, 1])
  })
})

describe('risk weights', () => {
  const row = (name: string, value: string | null) => ({
    group_name: 'risk-score',
    property_name: name,
    property_value: value,
  })

  it('read the risk-score properties, keeping a default for a missing or unreadable one', () => {
    expect(
      weightsFrom([
        row('weight.critical', '100'),
        row('weight.low', '0'),
        row('weight.high', 'lots'),
        row('weight.medium', '-2'),
        { group_name: 'general', property_name: 'weight.unassigned', property_value: '9' },
      ]),
    ).toEqual({ critical: 100, high: 5, medium: 3, low: 0, unassigned: 5 })
  })

  it('know which config changes rescore the portfolio', () => {
    expect(isRiskWeight({ groupName: 'risk-score', propertyName: 'weight.unassigned' })).toBe(true)
    expect(isRiskWeight({ groupName: 'risk-score', propertyName: 'weight.info' })).toBe(false)
    expect(isRiskWeight({ groupName: 'general', propertyName: 'weight.high' })).toBe(false)
  })
})
