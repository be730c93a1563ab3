import { describe, expect, it } from 'vitest'
import {
  arcPath,
  areaPath,
  bandLayout,
  linePath,
  linearScale,
  niceTicks,
  percentOf,
  proportions,
  sampleIndices,
  stack,
  stackedMax,
  timeTicks,
} from './geometry.ts'

const DAY = 86_400_000

describe('linearScale', () => {
  it('maps the domain onto the range, inverted ranges included', () => {
    const y = linearScale([0, 100], [200, 0])
    expect(y(0)).toBe(200)
    expect(y(50)).toBe(100)
    expect(y(100)).toBe(0)
  })

  it('maps a zero-width domain to the range start instead of NaN', () => {
    expect(linearScale([5, 5], [10, 90])(5)).toBe(10)
  })
})

describe('niceTicks', () => {
  it('covers the range with round steps', () => {
    expect(niceTicks(0, 87)).toEqual({ min: 0, max: 100, ticks: [0, 20, 40, 60, 80, 100] })
    expect(niceTicks(0, 1234, { count: 4 }).ticks).toEqual([0, 500, 1000, 1500])
  })

  it('gives all-zero values an axis from 0 to 1', () => {
    expect(niceTicks(0, 0, { integer: true })).toEqual({ min: 0, max: 1, ticks: [0, 1] })
  })

  it('never steps by fractions of a count', () => {
    expect(niceTicks(0, 3, { count: 5, integer: true }).ticks).toEqual([0, 1, 2, 3])
    expect(niceTicks(0, 9, { count: 4, integer: true }).ticks).toEqual([0, 2, 4, 6, 8, 10])
  })

  it('keeps decimal steps free of rounding noise', () => {
    expect(niceTicks(0, 0.3, { count: 3 }).ticks).toEqual([0, 0.1, 0.2, 0.3])
  })

  it('survives a flat positive value, reversed bounds and non-numbers', () => {
    expect(niceTicks(7, 7).min).toBe(0)
    expect(niceTicks(7, 7).max).toBeGreaterThanOrEqual(7)
    expect(niceTicks(10, 0).ticks[0]).toBe(0)
    expect(niceTicks(Number.NaN, Number.POSITIVE_INFINITY, { integer: true })).toEqual({
      min: 0,
      max: 1,
      ticks: [0, 1],
    })
  })
})

describe('timeTicks', () => {
  const start = Date.UTC(2025, 0, 1, 9, 30)

  it('puts day ticks on UTC midnights for a week', () => {
    const { ticks, unit } = timeTicks(start, start + 7 * DAY, 7)
    expect(unit).toBe('day')
    expect(ticks).toHaveLength(7)
    for (const tick of ticks) expect(tick % DAY).toBe(0)
  })

  it('puts ninety days on weekly Mondays', () => {
    const { ticks, unit } = timeTicks(start, start + 90 * DAY, 6)
    expect(unit).toBe('day')
    for (const tick of ticks) expect(new Date(tick).getUTCDay()).toBe(1)
    expect(ticks.length).toBeGreaterThanOrEqual(5)
    expect(ticks.length).toBeLessThanOrEqual(14)
  })

  it('puts a year on first days of months', () => {
    const { ticks, unit } = timeTicks(start, start + 365 * DAY, 6)
    expect(unit).toBe('month')
    expect(ticks.length).toBeGreaterThanOrEqual(4)
    for (const tick of ticks) {
      expect(new Date(tick).getUTCDate()).toBe(1)
      expect(tick).toBeGreaterThanOrEqual(start)
      expect(tick).toBeLessThanOrEqual(start + 365 * DAY)
    }
  })

  it('puts a decade on years', () => {
    const { ticks, unit } = timeTicks(start, start + 3650 * DAY, 6)
    expect(unit).toBe('year')
    for (const tick of ticks) expect(new Date(tick).getUTCMonth()).toBe(0)
  })

  it('uses hours within a day', () => {
    const { unit, ticks } = timeTicks(start, start + DAY / 2, 6)
    expect(unit).toBe('hour')
    expect(ticks.length).toBeGreaterThan(2)
  })

  it('uses minutes within an hour', () => {
    const { unit, ticks } = timeTicks(start, start + 20 * 60_000, 5)
    expect(unit).toBe('hour')
    expect(ticks).toEqual([
      Date.UTC(2025, 0, 1, 9, 30),
      Date.UTC(2025, 0, 1, 9, 35),
      Date.UTC(2025, 0, 1, 9, 40),
      Date.UTC(2025, 0, 1, 9, 45),
      Date.UTC(2025, 0, 1, 9, 50),
    ])
  })

  it('handles no span and an empty range', () => {
    expect(timeTicks(start, start)).toEqual({ ticks: [start], unit: 'day' })
    expect(timeTicks(start, start - 1).ticks).toEqual([])
    expect(timeTicks(Number.NaN, start).ticks).toEqual([])
  })
})

describe('stack', () => {
  it('stacks bottom to top per x', () => {
    expect(
      stack([
        [1, 2],
        [3, 4],
      ]),
    ).toEqual([
      [
        [0, 1],
        [0, 2],
      ],
      [
        [1, 4],
        [2, 6],
      ],
    ])
  })

  it('treats missing and negative values as zero', () => {
    expect(stack([[5], [-2, 1]])).toEqual([
      [
        [0, 5],
        [0, 0],
      ],
      [
        [5, 5],
        [0, 1],
      ],
    ])
  })

  it('is empty for no series and no values', () => {
    expect(stack([])).toEqual([])
    expect(stack([[], []])).toEqual([[], []])
    expect(stackedMax([])).toBe(0)
    expect(stackedMax([[0, 0], [0]])).toBe(0)
  })

  it('stacks a thousand samples of five series', () => {
    const series = Array.from({ length: 5 }, (_, s) =>
      Array.from({ length: 1000 }, (_, i) => (i * (s + 1)) % 17),
    )
    const bands = stack(series)
    const top = bands[4]!
    expect(top).toHaveLength(1000)
    for (let i = 0; i < 1000; i += 1) {
      expect(top[i]![1]).toBe(series.reduce((sum, values) => sum + values[i]!, 0))
    }
    expect(stackedMax(series)).toBe(Math.max(...top.map(([, upper]) => upper)))
  })
})

describe('sampleIndices', () => {
  it('keeps everything when there are few', () => {
    expect(sampleIndices(0, 10)).toEqual([])
    expect(sampleIndices(1, 10)).toEqual([0])
    expect(sampleIndices(4, 10)).toEqual([0, 1, 2, 3])
  })

  it('thins a thousand to the maximum, first and last included, ascending', () => {
    const indices = sampleIndices(1000, 300)
    expect(indices).toHaveLength(300)
    expect(indices[0]).toBe(0)
    expect(indices[299]).toBe(999)
    for (let i = 1; i < indices.length; i += 1) expect(indices[i]!).toBeGreaterThan(indices[i - 1]!)
  })
})

describe('paths', () => {
  it('draws nothing for no points and a move for one', () => {
    expect(linePath([])).toBe('')
    expect(linePath([[1, 2]])).toBe('M1 2')
    expect(areaPath([], [], [])).toBe('')
  })

  it('closes an area along its lower edge backwards', () => {
    expect(areaPath([0, 10], [1, 2], [5, 6])).toBe('M0 1L10 2L10 6L0 5Z')
  })

  it('rounds to tenths to keep the markup short', () => {
    expect(linePath([[1 / 3, 2 / 3]])).toBe('M0.3 0.7')
  })
})

describe('arcs', () => {
  it('draws a quarter ring from twelve to three o’clock', () => {
    expect(arcPath(50, 50, 10, 20, 0, Math.PI / 2)).toBe(
      'M50 30A20 20 0 0 1 70 50L60 50A10 10 0 0 0 50 40Z',
    )
  })

  it('draws a whole turn as two halves and nothing for no sweep', () => {
    expect(arcPath(50, 50, 10, 20, 0, 2 * Math.PI).match(/Z/g)).toHaveLength(2)
    expect(arcPath(50, 50, 10, 20, 1, 1)).toBe('')
  })

  it('shares a turn in proportion, zeros and negatives taking none', () => {
    const angles = proportions([1, 0, 3, -2])
    expect(angles[0]).toEqual([0, Math.PI / 2])
    expect(angles[1]).toEqual([Math.PI / 2, Math.PI / 2])
    expect(angles[2]![1]).toBeCloseTo(2 * Math.PI)
    expect(angles[3]![1] - angles[3]![0]).toBe(0)
    expect(proportions([0, 0])).toEqual([
      [0, 0],
      [0, 0],
    ])
  })

  it('gives shares with one decimal and 0 of nothing', () => {
    expect(percentOf(1, 3)).toBe(33.3)
    expect(percentOf(0, 0)).toBe(0)
  })
})

describe('bandLayout', () => {
  it('puts grouped bars side by side inside their band', () => {
    const [first, second] = bandLayout(2, 2, [0, 100], { grouped: true, padding: 0.2 })
    expect(first!.centre).toBe(25)
    expect(first!.bars).toEqual([
      { x: 5, width: 20 },
      { x: 25, width: 20 },
    ])
    expect(second!.bars[0]!.x).toBe(55)
  })

  it('gives stacked series the whole band and handles no categories', () => {
    const [only] = bandLayout(1, 3, [0, 100], { grouped: false, padding: 0 })
    expect(only!.bars.map((bar) => bar.width)).toEqual([100, 100, 100])
    expect(bandLayout(0, 3, [0, 100], { grouped: false })).toEqual([])
  })
})
