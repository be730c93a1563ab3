import { describe, expect, it } from 'vitest'
import {
  licenseMayBeUsed,
  parseLicenseExpression,
  resolveExpression,
  termCandidates,
} from './license-expression.ts'

// Contract: dt-behaviour.md §3.3, the license logic (expressions, WITH, +).

describe('license expressions', () => {
  it('parses SPDX expressions with spdx-expression-parse, AND binding tighter than OR', () => {
    expect(parseLicenseExpression('MIT OR Apache-2.0 AND BSD-3-Clause')).toEqual({
      conjunction: 'or',
      left: { license: 'MIT' },
      right: {
        conjunction: 'and',
        left: { license: 'Apache-2.0' },
        right: { license: 'BSD-3-Clause' },
      },
    })
    expect(parseLicenseExpression('(MIT OR Apache-2.0) AND BSD-3-Clause')).toMatchObject({
      conjunction: 'and',
      left: { conjunction: 'or' },
    })
  })

  it('reads WITH exceptions and the + suffix', () => {
    expect(parseLicenseExpression('GPL-2.0-only WITH Classpath-exception-2.0')).toEqual({
      license: 'GPL-2.0-only',
      exception: 'Classpath-exception-2.0',
    })
    expect(parseLicenseExpression('LGPL-2.1+')).toEqual({ license: 'LGPL-2.1', plus: true })
  })

  it('parses expressions naming licenses SPDX does not know (custom licenses)', () => {
    expect(parseLicenseExpression('Acme-Proprietary-1.0 or MIT')).toEqual({
      conjunction: 'or',
      left: { license: 'Acme-Proprietary-1.0' },
      right: { license: 'MIT' },
    })
    expect(parseLicenseExpression('(Acme-1.0+ WITH Acme-exception) AND LicenseRef-x')).toEqual({
      conjunction: 'and',
      left: { license: 'Acme-1.0', plus: true, exception: 'Acme-exception' },
      right: { license: 'LicenseRef-x' },
    })
  })

  it('reads free text as an expression only when it names SPDX licenses (spdxOnly)', () => {
    expect(parseLicenseExpression('MIT or Apache-2.0', true)).toMatchObject({ conjunction: 'or' })
    expect(parseLicenseExpression('GPL-2.0 or later', true)).toBeNull()
    expect(parseLicenseExpression('GPL-2.0 or later')).toMatchObject({ conjunction: 'or' })
  })

  it('answers null for text that is no expression', () => {
    expect(parseLicenseExpression('')).toBeNull()
    expect(parseLicenseExpression('MIT OR')).toBeNull()
    expect(parseLicenseExpression('MIT WITH')).toBeNull()
    expect(parseLicenseExpression('(MIT')).toBeNull()
  })

  it('looks WITH up as X-with-Y and X+ as X, else X-or-later', () => {
    expect(termCandidates({ license: 'GPL-2.0', exception: 'classpath-exception' })).toEqual([
      'GPL-2.0-with-classpath-exception',
    ])
    expect(termCandidates({ license: 'GPL-2.0', plus: true })).toEqual([
      'GPL-2.0',
      'GPL-2.0-or-later',
    ])
    const catalogue = new Set(['GPL-2.0-or-later', 'GPL-2.0-with-classpath-exception'])
    expect(resolveExpression({ license: 'GPL-2.0', plus: true }, catalogue)).toEqual({
      id: 'GPL-2.0-or-later',
    })
    expect(
      resolveExpression({ license: 'GPL-2.0', exception: 'classpath-exception' }, catalogue),
    ).toEqual({ id: 'GPL-2.0-with-classpath-exception' })
    expect(resolveExpression({ license: 'MIT' }, catalogue)).toEqual({ id: null })
  })

  it('may be used when either side of OR may, and only when both sides of AND may', () => {
    const notGpl = (id: string | null) => id !== 'GPL-3.0-only'
    const resolve = (text: string) =>
      resolveExpression(parseLicenseExpression(text)!, new Set(['MIT', 'GPL-3.0-only']))
    expect(licenseMayBeUsed(resolve('MIT OR GPL-3.0-only'), notGpl)).toBe(true)
    expect(licenseMayBeUsed(resolve('GPL-3.0-only OR MIT'), notGpl)).toBe(true)
    expect(licenseMayBeUsed(resolve('MIT AND GPL-3.0-only'), notGpl)).toBe(false)
    expect(licenseMayBeUsed(resolve('GPL-3.0-only'), notGpl)).toBe(false)
    expect(licenseMayBeUsed(resolve('(GPL-3.0-only OR MIT) AND MIT'), notGpl)).toBe(true)
  })
})
