import { describe, expect, it } from 'vitest'
import { DEFAULT_METRIC_ROW } from './model.fixture.ts'
import {
  difference,
  latestValue,
  MAX_SAMPLES,
  parseDashboardParams,
  portfolioSeries,
  thinByTime,
  vulnerabilityHistogram,
} from './model.ts'

const DAY = 86_400_000
const row = (first: number, last: number, values: Partial<typeof DEFAULT_METRIC_ROW> = {}) => ({
  ...DEFAULT_METRIC_ROW,
  firstOccurrence: first,
  lastOccurrence: last,
  ...values,
})

describe('parseDashboardParams', () => {
  it('reads the period and the two scope switches', () => {
    expect(
      parseDashboardParams(new URLSearchParams('days=30&excludeInactive=1&onlyLatest=1')),
    ).toEqual({ days: 30, excludeInactive: true, onlyLatest: true })
  })

  it('falls back to 90 days and everything for anything else', () => {
    expect(parseDashboardParams(new URLSearchParams('days=7&excludeInactive=maybe'))).toEqual({
      days: 90,
      excludeInactive: false,
      onlyLatest: false,
    })
    expect(parseDashboardParams(new URLSearchParams())).toEqual({
      days: 90,
      excludeInactive: false,
      onlyLatest: false,
    })
  })
})

describe('portfolioSeries', () => {
  it('is empty without samples', () => {
    const series = portfolioSeries([])
    expect(series.x).toEqual([])
    expect(series.values.critical).toEqual([])
    expect(latestValue(series, 'critical')).toBe(0)
  })

  it('places each sample at its first occurrence and repeats the last at its last one', () => {
    const series = portfolioSeries([
      row(10 * DAY, 11 * DAY, { critical: 1 }),
      row(12 * DAY, 20 * DAY, { critical: 4 }),
    ])
    expect(series.x).toEqual([10 * DAY, 12 * DAY, 20 * DAY])
    expect(series.values.critical).toEqual([1, 4, 4])
    expect(latestValue(series, 'critical')).toBe(4)
  })

  it('starts no earlier than the chosen period', () => {
    const series = portfolioSeries([row(1 * DAY, 50 * DAY, { projects: 3 })], { since: 20 * DAY })
    expect(series.x).toEqual([20 * DAY, 50 * DAY])
    expect(series.values.projects).toEqual([3, 3])
  })

  it('does not repeat a single instant', () => {
    const series = portfolioSeries([row(5 * DAY, 5 * DAY, { high: 2 })])
    expect(series.x).toEqual([5 * DAY])
    expect(series.values.high).toEqual([2])
  })

  it('keeps only the counters asked for', () => {
    const series = portfolioSeries([row(0, DAY)], { counters: ['vulnerabilities'] })
    expect(Object.keys(series.values)).toEqual(['vulnerabilities'])
  })

  it('thins a year of hourly samples evenly in time, keeping the newest', () => {
    const rows = Array.from({ length: 365 * 24 }, (_, i) =>
      row(i * 3_600_000, (i + 1) * 3_600_000 - 1, { vulnerabilities: i }),
    )
    const series = portfolioSeries(rows)
    expect(series.x.length).toBeLessThanOrEqual(MAX_SAMPLES + 1)
    expect(series.x.length).toBeGreaterThan(MAX_SAMPLES - 5)
    expect(latestValue(series, 'vulnerabilities')).toBe(365 * 24 - 1)
    const gaps = series.x.slice(1, -1).map((x, i) => x - series.x[i]!)
    expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThanOrEqual(3_600_000)
  })
})

describe('thinByTime', () => {
  it('keeps few rows as they are and a burst of changes as its newest', () => {
    const few = [row(0, 1), row(DAY, DAY + 1)]
    expect(thinByTime(few, 5)).toEqual(few)
    const burst = [
      row(0, 1, { high: 1 }),
      row(10, 11, { high: 2 }),
      row(20, 21, { high: 3 }),
      row(100 * DAY, 100 * DAY, { high: 4 }),
    ]
    expect(thinByTime(burst, 2).map((kept) => kept.high)).toEqual([3, 4])
  })
})

describe('difference', () => {
  it('never goes below zero', () => {
    expect(difference([5, 3, 1], [2, 3, 4])).toEqual([3, 0, 0])
  })
})

describe('vulnerabilityHistogram', () => {
  it('splits years from months, ordered, keeping the newest months', () => {
    const rows = [
      { year: 2024, count: 10, measuredAt: 0 },
      { year: 2023, count: 5, measuredAt: 0 },
      ...Array.from({ length: 30 }, (_, i) => ({
        year: 2023 + Math.floor(i / 12),
        month: (i % 12) + 1,
        count: i,
        measuredAt: 0,
      })),
    ]
    const { byYear, byMonth } = vulnerabilityHistogram(rows)
    expect(byYear.map((entry) => entry.year)).toEqual([2023, 2024])
    expect(byMonth).toHaveLength(24)
    expect(byMonth[0]!.key).toBe('2023-07')
    expect(byMonth[23]!.key).toBe('2025-06')
  })
})
