import { describe, expect, it } from 'vitest'
import { parseLicenseExpression, resolveExpression } from '../license-expression.ts'
import type { PrepareContext } from '../model.ts'
import { componentFacts, decideCondition, emptyContext } from '../testing.ts'
import { licenseGroupRule, licenseRule } from './license.ts'

// Contract: dt-behaviour.md §3.3, LICENSE and LICENSE_GROUP with the license logic.

const COPYLEFT = '11111111-1111-4111-8111-111111111111'
const GPL3 = '22222222-2222-4222-8222-222222222222'
const catalogue = new Set([
  'MIT',
  'Apache-2.0',
  'GPL-3.0-only',
  'GPL-2.0-or-later',
  'GPL-2.0-with-classpath-exception',
])
const context: PrepareContext = {
  ...emptyContext,
  licenseGroups: new Map([
    [COPYLEFT, new Set(['GPL-3.0-only', 'GPL-2.0-or-later', 'GPL-2.0-with-classpath-exception'])],
  ]),
  licenses: new Map([[GPL3, 'GPL-3.0-only']]),
}

/** A component licensed by an expression, resolved against the catalogue above. */
const licensed = (expression: string) =>
  componentFacts({
    license: resolveExpression(parseLicenseExpression(expression)!, catalogue),
  })
const unresolved = componentFacts()

describe('LICENSE_GROUP', () => {
  const forbids = (component: ReturnType<typeof licensed>) =>
    decideCondition(licenseGroupRule, 'IS', COPYLEFT, component, context)
  const allows = (component: ReturnType<typeof licensed>) =>
    decideCondition(licenseGroupRule, 'IS_NOT', COPYLEFT, component, context)

  it('IS (forbid-list): a license of the group violates, others and unresolved ones do not', () => {
    expect(forbids(licensed('GPL-3.0-only'))).toBe(true)
    expect(forbids(licensed('MIT'))).toBe(false)
    expect(forbids(licensed('Acme-Proprietary'))).toBe(false)
    expect(forbids(unresolved)).toBe(false)
  })

  it('IS_NOT (allow-list): only licenses of the group pass; unresolved ones violate', () => {
    expect(allows(licensed('GPL-3.0-only'))).toBe(false)
    expect(allows(licensed('MIT'))).toBe(true)
    expect(allows(licensed('Acme-Proprietary'))).toBe(true)
    expect(allows(unresolved)).toBe(true)
  })

  it('OR passes when one side passes; AND only when both do', () => {
    expect(forbids(licensed('MIT OR GPL-3.0-only'))).toBe(false)
    expect(forbids(licensed('MIT AND GPL-3.0-only'))).toBe(true)
    expect(allows(licensed('MIT OR GPL-3.0-only'))).toBe(false)
    expect(allows(licensed('MIT AND GPL-3.0-only'))).toBe(true)
  })

  it('reads WITH as the id X-with-Y and X+ as X, else X-or-later', () => {
    expect(forbids(licensed('GPL-2.0 WITH classpath-exception-lookalike'))).toBe(false)
    expect(forbids(licensed('GPL-2.0 WITH classpath-exception'))).toBe(true)
    expect(forbids(licensed('GPL-2.0+'))).toBe(true)
    expect(forbids(licensed('MIT+'))).toBe(false)
  })

  it('skips a group that does not exist and other operators', () => {
    const missing = '33333333-3333-4333-8333-333333333333'
    expect(decideCondition(licenseGroupRule, 'IS', missing, unresolved, context)).toBeNull()
    expect(decideCondition(licenseGroupRule, 'MATCHES', COPYLEFT, unresolved, context)).toBeNull()
  })
})

describe('LICENSE', () => {
  it('IS with a license: violates when the component uses it', () => {
    expect(decideCondition(licenseRule, 'IS', GPL3, licensed('GPL-3.0-only'), context)).toBe(true)
    expect(decideCondition(licenseRule, 'IS', GPL3, licensed('MIT'), context)).toBe(false)
    expect(decideCondition(licenseRule, 'IS', GPL3, licensed('MIT OR GPL-3.0-only'), context)).toBe(
      false,
    )
  })

  it('IS_NOT with a license: violates unless the component can use that license alone', () => {
    expect(decideCondition(licenseRule, 'IS_NOT', GPL3, licensed('GPL-3.0-only'), context)).toBe(
      false,
    )
    expect(decideCondition(licenseRule, 'IS_NOT', GPL3, licensed('MIT'), context)).toBe(true)
    expect(decideCondition(licenseRule, 'IS_NOT', GPL3, unresolved, context)).toBe(true)
  })

  it('IS unresolved: violates when the license is unresolved', () => {
    expect(decideCondition(licenseRule, 'IS', 'unresolved', unresolved, context)).toBe(true)
    expect(decideCondition(licenseRule, 'IS', 'unresolved', licensed('Acme-1.0'), context)).toBe(
      true,
    )
    expect(decideCondition(licenseRule, 'IS', 'unresolved', licensed('MIT'), context)).toBe(false)
    expect(
      decideCondition(licenseRule, 'IS', 'unresolved', licensed('MIT OR Acme-1.0'), context),
    ).toBe(false)
  })

  it('IS_NOT unresolved: violates when the license is resolved', () => {
    expect(decideCondition(licenseRule, 'IS_NOT', 'unresolved', licensed('MIT'), context)).toBe(
      true,
    )
    expect(decideCondition(licenseRule, 'IS_NOT', 'unresolved', unresolved, context)).toBe(false)
  })

  it('skips a license that does not exist', () => {
    const missing = '44444444-4444-4444-8444-444444444444'
    expect(decideCondition(licenseRule, 'IS', missing, licensed('MIT'), context)).toBeNull()
    expect(decideCondition(licenseRule, 'IS', 'MIT', licensed('MIT'), context)).toBeNull()
  })
})
