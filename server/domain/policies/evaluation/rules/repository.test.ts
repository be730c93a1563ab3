import { describe, expect, it } from 'vitest'
import { versionDistance } from '../version-distance.ts'
import { componentFacts, decideCondition } from '../testing.ts'
import { ageRule, plusPeriod, versionDistanceRule } from './repository.ts'

// Contract: dt-behaviour.md §3.3 (AGE, VERSION_DISTANCE), §8.2 (repository metadata). Today is
// 2026-06-15 in the test context.

const published = (date: string) =>
  componentFacts({
    purl: 'pkg:npm/acme@1.0.0',
    repository: { published: new Date(`${date}T12:00:00`), distance: null },
  })

describe('AGE', () => {
  const yearOld = published('2025-06-15')

  it.each([
    ['NUMERIC_GREATER_THAN', 'P6M', true],
    ['NUMERIC_GREATER_THAN', 'P1Y', false],
    ['NUMERIC_GREATER_THAN_OR_EQUAL', 'P1Y', true],
    ['NUMERIC_GREATER_THAN_OR_EQUAL', 'P13M', false],
    ['NUMERIC_EQUAL', 'P1Y', true],
    ['NUMERIC_EQUAL', 'P364D', false],
    ['NUMERIC_NOT_EQUAL', 'P1Y', false],
    ['NUMERIC_NOT_EQUAL', 'P2W', true],
    ['NUMERIC_LESSER_THAN_OR_EQUAL', 'P12M', true],
    ['NUMERIC_LESSER_THAN_OR_EQUAL', 'P11M', false],
    ['NUMERIC_LESS_THAN', 'P2Y', true],
    ['NUMERIC_LESS_THAN', 'P1Y', false],
  ] as const)('a package published a year ago: %s %s → %s', (operator, period, expected) => {
    expect(decideCondition(ageRule, operator, period, yearOld)).toBe(expected)
  })

  it('skips components without a purl or a published date', () => {
    const noPurl = componentFacts({ repository: yearOld.repository })
    expect(decideCondition(ageRule, 'NUMERIC_GREATER_THAN', 'P1D', noPurl)).toBe(false)
    const noDate = componentFacts({ purl: 'pkg:npm/acme@1', repository: null })
    expect(decideCondition(ageRule, 'NUMERIC_GREATER_THAN', 'P1D', noDate)).toBe(false)
  })

  it('ignores zero, negative and unreadable periods', () => {
    expect(decideCondition(ageRule, 'NUMERIC_GREATER_THAN', 'P0D', yearOld)).toBeNull()
    expect(decideCondition(ageRule, 'NUMERIC_GREATER_THAN', 'P1Y-1D', yearOld)).toBeNull()
    expect(decideCondition(ageRule, 'NUMERIC_GREATER_THAN', '30 days', yearOld)).toBeNull()
    expect(decideCondition(ageRule, 'IS', 'P1D', yearOld)).toBeNull()
  })

  it('adds a period as java.time does: months first, clamped to the month, then days', () => {
    const jan31 = { year: 2024, month: 1, day: 31 }
    expect(plusPeriod(jan31, { years: 0, months: 1, days: 0 })).toEqual({
      year: 2024,
      month: 2,
      day: 29,
    })
    expect(plusPeriod(jan31, { years: 1, months: 1, days: 1 })).toEqual({
      year: 2025,
      month: 3,
      day: 1,
    })
  })
})

describe('VERSION_DISTANCE', () => {
  const behind = (version: string, latest: string, direct = true) =>
    componentFacts({
      purl: `pkg:npm/acme@${version}`,
      version,
      directDependency: direct,
      repository: { published: null, distance: versionDistance(version, latest) },
    })
  const distance = (parts: object) => JSON.stringify(parts)

  it.each([
    ['NUMERIC_GREATER_THAN', { major: '1' }, '1.0.0', '3.0.0', true],
    ['NUMERIC_GREATER_THAN', { major: '1' }, '1.0.0', '2.0.0', false],
    ['NUMERIC_GREATER_THAN_OR_EQUAL', { major: '1' }, '1.0.0', '2.0.0', true],
    ['NUMERIC_GREATER_THAN_OR_EQUAL', { major: '1' }, '1.0.0', '1.9.0', false],
    ['NUMERIC_EQUAL', { minor: '2' }, '1.1.0', '1.3.5', true],
    ['NUMERIC_EQUAL', { minor: '2' }, '1.1.0', '1.4.0', false],
    ['NUMERIC_NOT_EQUAL', { minor: '2' }, '1.1.0', '1.3.5', false],
    ['NUMERIC_NOT_EQUAL', { minor: '2' }, '1.1.0', '2.0.0', true],
    ['NUMERIC_LESS_THAN', { major: '1' }, '1.1.0', '1.3.5', true],
    ['NUMERIC_LESS_THAN', { major: '1' }, '1.1.0', '2.0.0', false],
    ['NUMERIC_LESSER_THAN_OR_EQUAL', { patch: '1' }, '1.3.0', '1.3.2', false],
    ['NUMERIC_LESSER_THAN_OR_EQUAL', { patch: '1' }, '1.3.0', '1.3.1', true],
    ['NUMERIC_GREATER_THAN', {}, '1.3.0', '1.3.1', true],
    ['NUMERIC_GREATER_THAN', {}, '1.3.1', '1.3.1', false],
  ] as const)('%s %j from %s to %s → %s', (operator, parts, version, latest, expected) => {
    expect(
      decideCondition(versionDistanceRule, operator, distance(parts), behind(version, latest)),
    ).toBe(expected)
  })

  it('a condition with several parts violates when any of them does', () => {
    const value = distance({ major: '1', minor: '2' })
    expect(
      decideCondition(versionDistanceRule, 'NUMERIC_GREATER_THAN', value, behind('1.0.0', '1.5.0')),
    ).toBe(true)
    expect(
      decideCondition(versionDistanceRule, 'NUMERIC_GREATER_THAN', value, behind('1.0.0', '1.2.0')),
    ).toBe(false)
  })

  it('only looks at direct dependencies with a known latest version', () => {
    const value = distance({ major: '1' })
    expect(
      decideCondition(
        versionDistanceRule,
        'NUMERIC_GREATER_THAN',
        value,
        behind('1.0.0', '5.0.0', false),
      ),
    ).toBe(false)
    const unknown = componentFacts({ purl: 'pkg:npm/acme@1.0.0', directDependency: true })
    expect(decideCondition(versionDistanceRule, 'NUMERIC_GREATER_THAN', value, unknown)).toBe(false)
    const unreadable = behind('1.0a', '5.0.0')
    expect(decideCondition(versionDistanceRule, 'NUMERIC_GREATER_THAN', value, unreadable)).toBe(
      false,
    )
  })

  it('skips values that are not a distance', () => {
    expect(
      decideCondition(versionDistanceRule, 'NUMERIC_GREATER_THAN', '1.0', behind('1.0.0', '2.0.0')),
    ).toBeNull()
    expect(
      decideCondition(
        versionDistanceRule,
        'IS',
        distance({ major: '1' }),
        behind('1.0.0', '2.0.0'),
      ),
    ).toBeNull()
  })
})
