import { describe, expect, it } from 'vitest'
import {
  conditionValueProblem,
  decodeVersionDistance,
  encodeCoordinates,
  encodeVersionDistance,
  parseCweList,
  parseIsoPeriod,
} from './policy-conditions.ts'

describe('ISO-8601 periods as java.time.Period reads them', () => {
  it('reads years, months, weeks and days', () => {
    expect(parseIsoPeriod('P1Y6M')).toEqual({ years: 1, months: 6, days: 0 })
    expect(parseIsoPeriod('p2w3d')).toEqual({ years: 0, months: 0, days: 17 })
    expect(parseIsoPeriod('-P30D')).toEqual({ years: 0, months: 0, days: -30 })
  })
  it('refuses what Period.parse refuses', () => {
    for (const text of ['P', '30D', 'P1H', 'PT1H', 'P1.5Y', ''])
      expect(parseIsoPeriod(text)).toBe(null)
  })
})

describe('structured condition values', () => {
  it('writes coordinates without blank parts', () => {
    expect(encodeCoordinates({ group: ' org.acme ', name: '', version: '>= 1.0' })).toBe(
      '{"group":"org.acme","version":">= 1.0"}',
    )
  })
  it('normalises negative version distance parts as the 4.13 console does', () => {
    expect(encodeVersionDistance({ epoch: '-1', major: '1', minor: '', patch: '2' })).toBe(
      '{"epoch":"0","major":"1","patch":"2"}',
    )
    expect(encodeVersionDistance({ major: '-1', minor: '3', patch: '4' })).toBe('{}')
    expect(decodeVersionDistance('{"epoch":"0","major":"1","minor":"?"}')).toEqual({
      epoch: '0',
      major: '1',
    })
    expect(decodeVersionDistance('{"major":"x"}')).toBe(null)
  })
  it('reads CWE lists with or without the prefix, or any CWE', () => {
    expect(parseCweList('CWE-79, 89')).toEqual([79, 89])
    expect(parseCweList('*')).toBe('*')
    expect(parseCweList('XSS')).toBe(null)
  })
})

describe('conditionValueProblem', () => {
  it('accepts values that can match', () => {
    expect(conditionValueProblem('AGE', 'NUMERIC_GREATER_THAN', 'P1Y')).toBe(null)
    expect(conditionValueProblem('SEVERITY', 'IS', 'CRITICAL')).toBe(null)
    expect(conditionValueProblem('LICENSE', 'IS_NOT', 'unresolved')).toBe(null)
    expect(conditionValueProblem('EPSS', 'NUMERIC_GREATER_THAN', '0.5')).toBe(null)
    expect(
      conditionValueProblem('COMPONENT_HASH', 'IS', '{"algorithm":"sha-256","value":"ABCDEF01"}'),
    ).toBe(null)
    expect(conditionValueProblem('PACKAGE_URL', 'MATCHES', 'pkg:npm/*')).toBe(null)
  })
  it('names what is wrong', () => {
    expect(conditionValueProblem('AGE', 'NUMERIC_GREATER_THAN', 'P0D')).toBe('period')
    expect(conditionValueProblem('AGE', 'IS', 'P1D')).toBe('operator')
    expect(conditionValueProblem('SEVERITY', 'IS', 'critical')).toBe('severity')
    expect(conditionValueProblem('LICENSE', 'IS', 'MIT')).toBe('license')
    expect(conditionValueProblem('EPSS', 'NUMERIC_EQUAL', '1.5')).toBe('decimal')
    expect(conditionValueProblem('COORDINATES', 'MATCHES', '{}')).toBe('coordinates')
    expect(
      conditionValueProblem('COMPONENT_HASH', 'IS', '{"algorithm":"SHA-2","value":"ab"}'),
    ).toBe('hash')
    expect(conditionValueProblem('CPE', 'MATCHES', 'cpe:2.3:a:(')).toBe('pattern')
    expect(conditionValueProblem('VERSION', 'NUMERIC_EQUAL', '  ')).toBe('blank')
    expect(conditionValueProblem('VERSION', 'NUMERIC_EQUAL', 'x'.repeat(256))).toBe('tooLong')
  })
})
