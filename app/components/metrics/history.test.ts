import { describe, expect, it } from 'vitest'
import { logicChanges, timeline, valuesOf } from './history.ts'

const DAY = 86_400_000
const row = (first: number, last: number, critical: number, changed = false) => ({
  firstOccurrence: first * DAY,
  lastOccurrence: last * DAY,
  critical,
  collectionLogicChanged: changed,
})

describe('timeline', () => {
  it('plots each row where it began and the latest once more where it was last seen', () => {
    const line = timeline([row(10, 12, 1), row(13, 20, 4)], 0)
    expect(line.x).toEqual([10 * DAY, 13 * DAY, 20 * DAY])
    expect(valuesOf(line, (r) => r.critical)).toEqual([1, 4, 4])
  })

  it('starts a row that began before the range at the range’s edge', () => {
    const line = timeline([row(1, 50, 2), row(51, 60, 3)], 30 * DAY)
    expect(line.x).toEqual([30 * DAY, 51 * DAY, 60 * DAY])
    expect(valuesOf(line, (r) => r.critical)).toEqual([2, 3, 3])
  })

  it('shows a single measurement once, and nothing without rows', () => {
    expect(timeline([row(5, 5, 7)], 0).x).toEqual([5 * DAY])
    expect(timeline([], 0)).toEqual({ x: [], rows: [] })
  })

  it('keeps the newer row when two land on the same instant', () => {
    const line = timeline([row(1, 40, 2), row(2, 50, 9)], 30 * DAY)
    expect(line.x).toEqual([30 * DAY, 50 * DAY])
    expect(valuesOf(line, (r) => r.critical)).toEqual([9, 9])
  })
})

describe('logicChanges', () => {
  it('marks where the collection logic changed, inside the range', () => {
    expect(
      logicChanges([row(1, 2, 0, true), row(40, 41, 0), row(42, 50, 0, true)], 10 * DAY),
    ).toEqual([10 * DAY, 42 * DAY])
  })
})
