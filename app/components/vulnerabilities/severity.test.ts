import { describe, expect, it } from 'vitest'
import { asSeverity, cvssSeverity, owaspBand, owaspSeverity } from './severity.ts'

describe('cvssSeverity', () => {
  it('uses the v3 bands when a v3 score exists', () => {
    expect(cvssSeverity(5, 9.8)).toBe('CRITICAL')
    expect(cvssSeverity(undefined, 7)).toBe('HIGH')
    expect(cvssSeverity(undefined, 4)).toBe('MEDIUM')
    expect(cvssSeverity(undefined, 0.1)).toBe('LOW')
    expect(cvssSeverity(9, 0)).toBe('UNASSIGNED')
  })

  it('falls back to v2, which knows no CRITICAL', () => {
    expect(cvssSeverity(10, undefined)).toBe('HIGH')
    expect(cvssSeverity(4, null)).toBe('MEDIUM')
    expect(cvssSeverity(1.2)).toBe('LOW')
    expect(cvssSeverity()).toBe('UNASSIGNED')
  })
})

describe('owaspSeverity', () => {
  const scores = (likelihood: number, technical: number, business: number) => ({
    likelihoodScore: likelihood,
    technicalImpactScore: technical,
    businessImpactScore: business,
  })

  it('reads the matrix with the larger of the two impacts', () => {
    expect(owaspSeverity(scores(1, 1.25, 1.75))).toBe('INFO')
    expect(owaspSeverity(scores(1, 1, 6))).toBe('MEDIUM')
    expect(owaspSeverity(scores(4, 3, 1))).toBe('MEDIUM')
    expect(owaspSeverity(scores(6.1, 2.75, 3.25))).toBe('HIGH')
    expect(owaspSeverity(scores(9, 9, 0))).toBe('CRITICAL')
    expect(owaspSeverity(scores(6, 1, 1))).toBe('MEDIUM')
  })

  it('is unassigned without scores or with a zero', () => {
    expect(owaspSeverity(undefined)).toBe('UNASSIGNED')
    expect(owaspSeverity(scores(0, 5, 5))).toBe('UNASSIGNED')
  })

  it('colours a score by its OWASP level', () => {
    expect(owaspBand(6)).toBe('HIGH')
    expect(owaspBand(3)).toBe('MEDIUM')
    expect(owaspBand(0.5)).toBe('LOW')
    expect(owaspBand(0)).toBe('UNASSIGNED')
    expect(owaspBand(undefined)).toBeUndefined()
  })
})

it('reads severities case-insensitively and anything else as unassigned', () => {
  expect(asSeverity('high')).toBe('HIGH')
  expect(asSeverity('SEVERE')).toBe('UNASSIGNED')
  expect(asSeverity(undefined)).toBe('UNASSIGNED')
})
