import { describe, expect, it } from 'vitest'
import { compareDistances, conditionDistances, versionDistance } from './version-distance.ts'

// Contract: dt-behaviour.md §3.3, VERSION_DISTANCE in detail.

const text = (d: { epoch: number; major: number; minor: number; patch: number }) =>
  `${d.epoch}:${[d.major, d.minor, d.patch].map((n) => (n < 0 ? '?' : n)).join('.')}`

describe('version distance', () => {
  it('sets only the most significant differing part', () => {
    expect(text(versionDistance('1.0.2', '2.0.0')!)).toBe('0:1.?.?')
    expect(text(versionDistance('1.2.3', '1.5.0')!)).toBe('0:0.3.?')
    expect(text(versionDistance('1.2.3', '1.2.9')!)).toBe('0:0.0.6')
    expect(text(versionDistance('1:1.0.0', '2:1.0.0')!)).toBe('1:?.?.?')
    expect(text(versionDistance('v1.2.3', '1.2.3')!)).toBe('0:0.0.0')
    expect(text(versionDistance('2.0.0-beta.1', '1.9')!)).toBe('0:1.?.?')
  })

  it('cannot read letters glued to a number (the component is skipped)', () => {
    expect(versionDistance('1.2a.3', '1.3.0')).toBeNull()
    expect(versionDistance('x:1.0', '1.0')).toBeNull()
  })

  it('expands a condition into one distance per part above 0, else 0:0.0.0', () => {
    expect(conditionDistances({ major: '1' })!.map(text)).toEqual(['0:1.?.?'])
    expect(conditionDistances({ epoch: '1', major: '1', minor: '2' })!.map(text)).toEqual([
      '1:?.?.?',
      '0:1.?.?',
      '0:0.2.?',
    ])
    expect(conditionDistances({})!.map(text)).toEqual(['0:0.0.0'])
    expect(conditionDistances({ patch: 'x' })).toBeNull()
  })

  it('orders epoch first, then major, minor, patch, with ? as -1', () => {
    const d = (s: string) => versionDistance('0.0.0', s)!
    expect(compareDistances(d('2.0.0'), d('1.0.0'))).toBeGreaterThan(0)
    expect(compareDistances(d('0.5.0'), d('1.0.0'))).toBeLessThan(0)
    expect(compareDistances(d('1.0.0'), conditionDistances({ major: '1' })![0]!)).toBe(0)
    expect(compareDistances(d('0.0.1'), conditionDistances({})![0]!)).toBeGreaterThan(0)
  })
})
