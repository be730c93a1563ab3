import { describe, expect, it } from 'vitest'
import { componentFacts, decideCondition } from '../testing.ts'
import {
  componentHashRule,
  coordinatesRule,
  cpeRule,
  packageUrlRule,
  swidTagIdRule,
  versionRule,
} from './identity.ts'

// Contract: dt-behaviour.md §3.3 (PACKAGE_URL, CPE, SWID_TAGID, COORDINATES, VERSION,
// COMPONENT_HASH). Each case: does the condition report a violation for the component?

describe('PACKAGE_URL, CPE and SWID_TAGID', () => {
  const lodash = componentFacts({
    purl: 'pkg:npm/lodash@4.17.20',
    cpe: 'cpe:2.3:a:lodash:lodash:4.17.20:*:*:*:*:*:*:*',
    swidTagId: 'swidgen-lodash-4.17.20',
  })
  const bare = componentFacts()

  it.each([
    ['PACKAGE_URL', packageUrlRule, 'pkg:npm/lodash@4.*'],
    ['CPE', cpeRule, ':lodash:lodash:'],
    ['SWID_TAGID', swidTagIdRule, '^swidgen-lodash'],
  ] as const)('%s MATCHES reports a matching component only', (_, rule, pattern) => {
    expect(decideCondition(rule, 'MATCHES', pattern, lodash)).toBe(true)
    expect(decideCondition(rule, 'MATCHES', 'underscore', lodash)).toBe(false)
    expect(decideCondition(rule, 'MATCHES', pattern, bare)).toBe(false)
  })

  it.each([
    ['PACKAGE_URL', packageUrlRule, 'pkg:npm/lodash@4.*'],
    ['CPE', cpeRule, ':lodash:lodash:'],
    ['SWID_TAGID', swidTagIdRule, '^swidgen-lodash'],
  ] as const)(
    '%s NO_MATCH reports others, also a component without the field',
    (_, rule, pattern) => {
      expect(decideCondition(rule, 'NO_MATCH', pattern, lodash)).toBe(false)
      expect(decideCondition(rule, 'NO_MATCH', 'underscore', lodash)).toBe(true)
      expect(decideCondition(rule, 'NO_MATCH', pattern, bare)).toBe(true)
    },
  )

  it('skips other operators and patterns that do not compile', () => {
    expect(decideCondition(packageUrlRule, 'IS', 'lodash', lodash)).toBeNull()
    expect(decideCondition(packageUrlRule, 'MATCHES', 'lodash(', lodash)).toBeNull()
  })
})

describe('COORDINATES', () => {
  const log4j = componentFacts({
    group: 'org.apache.logging.log4j',
    name: 'log4j-core',
    version: '2.14.1',
  })
  const coordinates = (value: object) => JSON.stringify(value)

  it('MATCHES when every part matches (group and name as patterns)', () => {
    const value = coordinates({ group: 'org.apache.*', name: 'log4j-core', version: '2.14.1' })
    expect(decideCondition(coordinatesRule, 'MATCHES', value, log4j)).toBe(true)
    const other = coordinates({ group: 'org.apache.*', name: 'log4j-api', version: '2.14.1' })
    expect(decideCondition(coordinatesRule, 'MATCHES', other, log4j)).toBe(false)
  })

  it('compares versions with an operator, as ComponentVersion does', () => {
    const below = coordinates({ name: '^log4j-core$', version: '< 2.15.0' })
    expect(
      decideCondition(coordinatesRule, 'MATCHES', below, componentFacts({ ...log4j, group: null })),
    ).toBe(true)
    for (const [operator, expected] of [
      ['==2.14.1', true],
      ['!=2.14.1', false],
      ['<=2.14.1', true],
      ['>2.14.0', true],
      ['>=2.15', false],
      ['<2.14.1', false],
    ] as const) {
      const value = coordinates({ group: 'org.apache.*', name: 'log4j-core', version: operator })
      expect(decideCondition(coordinatesRule, 'MATCHES', value, log4j), operator).toBe(expected)
    }
  })

  it('NO_MATCH negates each part: every part must not match', () => {
    const value = coordinates({ group: 'com.acme', name: 'widget', version: '>= 3.0' })
    expect(decideCondition(coordinatesRule, 'NO_MATCH', value, log4j)).toBe(true)
    const sameGroup = coordinates({ group: 'org.apache.*', name: 'widget', version: '>= 3.0' })
    expect(decideCondition(coordinatesRule, 'NO_MATCH', sameGroup, log4j)).toBe(false)
  })

  it('counts a part absent on both sides as satisfied, absent on one side as 4.13 does', () => {
    const ungrouped = componentFacts({ name: 'left-pad', version: null })
    expect(
      decideCondition(coordinatesRule, 'MATCHES', coordinates({ name: 'left-pad' }), ungrouped),
    ).toBe(true)
    // The condition names no group while the component has one: MATCHES fails, NO_MATCH holds.
    expect(
      decideCondition(
        coordinatesRule,
        'MATCHES',
        coordinates({ name: 'log4j-core', version: '2.14.1' }),
        log4j,
      ),
    ).toBe(false)
    expect(
      decideCondition(
        coordinatesRule,
        'NO_MATCH',
        coordinates({ name: 'widget', version: '9' }),
        log4j,
      ),
    ).toBe(true)
    // A missing condition version with a component version: not satisfied either way.
    expect(
      decideCondition(coordinatesRule, 'NO_MATCH', coordinates({ group: 'x', name: 'y' }), log4j),
    ).toBe(false)
    // The condition names a group the component lacks: not satisfied either way.
    expect(
      decideCondition(
        coordinatesRule,
        'NO_MATCH',
        coordinates({ group: 'x', name: 'y', version: '9' }),
        ungrouped,
      ),
    ).toBe(false)
  })

  it('skips values that are not coordinates and other operators', () => {
    expect(decideCondition(coordinatesRule, 'MATCHES', 'log4j', log4j)).toBeNull()
    expect(decideCondition(coordinatesRule, 'IS', coordinates({ name: 'x' }), log4j)).toBeNull()
    expect(
      decideCondition(coordinatesRule, 'MATCHES', coordinates({ name: 'x(' }), log4j),
    ).toBeNull()
  })
})

describe('VERSION', () => {
  const at = (version: string | null) => componentFacts({ version })

  it.each([
    ['NUMERIC_EQUAL', '2.0.0', '2.0', true],
    ['NUMERIC_EQUAL', '2.0.1', '2.0', false],
    ['NUMERIC_NOT_EQUAL', '2.0.1', '2.0', true],
    ['NUMERIC_NOT_EQUAL', '2.0', '2.0', false],
    ['NUMERIC_LESS_THAN', '1.10', '1.9', false],
    ['NUMERIC_LESS_THAN', '1.9', '1.10', true],
    ['NUMERIC_LESSER_THAN_OR_EQUAL', '1.10', '1.10', true],
    ['NUMERIC_LESSER_THAN_OR_EQUAL', '1.11', '1.10', false],
    ['NUMERIC_GREATER_THAN', '1.10', '1.9', true],
    ['NUMERIC_GREATER_THAN', '1.9', '1.9', false],
    ['NUMERIC_GREATER_THAN_OR_EQUAL', '3.0.0-beta', '3.0.0-alpha', true],
    ['NUMERIC_GREATER_THAN_OR_EQUAL', '2.9', '3', false],
  ] as const)('%s: component %s against %s → %s', (operator, version, value, expected) => {
    expect(decideCondition(versionRule, operator, value, at(version))).toBe(expected)
  })

  it('puts a component without a version below every version', () => {
    expect(decideCondition(versionRule, 'NUMERIC_LESS_THAN', '0.0.1', at(null))).toBe(true)
    expect(decideCondition(versionRule, 'NUMERIC_GREATER_THAN', '0.0.1', at(null))).toBe(false)
  })

  it('skips operators that are not numeric', () => {
    expect(decideCondition(versionRule, 'MATCHES', '1.0', at('1.0'))).toBeNull()
  })
})

describe('COMPONENT_HASH', () => {
  const sha256 = 'a'.repeat(64)
  const hashed = componentFacts({ hashes: new Map([['SHA-256', sha256]]) })
  const value = (algorithm: string, hash: string) => JSON.stringify({ algorithm, value: hash })

  it('IS reports a component with that hash (algorithm and value case-insensitive)', () => {
    expect(
      decideCondition(componentHashRule, 'IS', value('sha-256', sha256.toUpperCase()), hashed),
    ).toBe(true)
    expect(decideCondition(componentHashRule, 'IS', value('SHA-256', 'b'.repeat(64)), hashed)).toBe(
      false,
    )
    expect(decideCondition(componentHashRule, 'IS', value('SHA-1', sha256), hashed)).toBe(false)
  })

  it('IS_NOT reports a different hash and a component lacking the algorithm', () => {
    expect(decideCondition(componentHashRule, 'IS_NOT', value('SHA-256', sha256), hashed)).toBe(
      false,
    )
    expect(
      decideCondition(componentHashRule, 'IS_NOT', value('SHA-256', 'b'.repeat(64)), hashed),
    ).toBe(true)
    expect(decideCondition(componentHashRule, 'IS_NOT', value('MD5', 'c'.repeat(32)), hashed)).toBe(
      true,
    )
  })

  it('skips values that are not a hash and other operators', () => {
    expect(decideCondition(componentHashRule, 'IS', sha256, hashed)).toBeNull()
    expect(
      decideCondition(componentHashRule, 'MATCHES', value('SHA-256', sha256), hashed),
    ).toBeNull()
  })
})
