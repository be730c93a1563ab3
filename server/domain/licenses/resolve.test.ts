import { describe, expect, it } from 'vitest'
import { isCompoundExpression, singleSpdxId } from './expression.ts'
import { licenseLookup, lookupTexts, resolveLicenseChoice, type LicenseChoice } from './resolve.ts'

// Contract: dt-behaviour.md §1.7 (license resolution), plus DT#5143 and DT#4070 (decision 015).

const catalogue = licenseLookup([
  { license_id: 'MIT', name: 'MIT License' },
  { license_id: 'Apache-2.0', name: 'Apache License 2.0' },
  { license_id: 'GPL-2.0-only', name: 'GNU General Public License v2.0 only' },
  { license_id: 'GPL-2.0', name: 'GNU General Public License v2.0 only' },
  { license_id: 'GPL-2.0+', name: 'GNU General Public License v2.0 or later' },
  { license_id: 'Classpath-exception-2.0', name: 'Classpath-exception-2.0' },
  { license_id: 'Acme-Proprietary', name: 'Acme Proprietary License' },
])

const resolve = (choice: LicenseChoice | null) => resolveLicenseChoice(choice, catalogue)

describe('licenseLookup', () => {
  it('finds an entry by licenseId or by name, exactly and case-sensitively', () => {
    expect(catalogue('MIT')).toBe('MIT')
    expect(catalogue('MIT License')).toBe('MIT')
    expect(catalogue('mit')).toBeUndefined()
    expect(catalogue('Acme Proprietary License')).toBe('Acme-Proprietary')
  })

  it('answers the lowest licenseId when several entries share a name', () => {
    expect(catalogue('GNU General Public License v2.0 only')).toBe('GPL-2.0')
  })
})

describe('resolveLicenseChoice: 4.13 rules (§1.7)', () => {
  it('resolves a license id and keeps its URL; the free-text name stays empty', () => {
    expect(resolve({ licenses: [{ id: 'MIT', url: 'https://mit.example' }] })).toEqual({
      licenseId: 'MIT',
      license: null,
      licenseUrl: 'https://mit.example',
      licenseExpression: null,
    })
  })

  it('resolves a license name, and a custom license by its name', () => {
    expect(resolve({ licenses: [{ name: 'Apache License 2.0' }] }).licenseId).toBe('Apache-2.0')
    expect(resolve({ licenses: [{ name: 'Acme Proprietary License' }] }).licenseId).toBe(
      'Acme-Proprietary',
    )
  })

  it('falls back to the name when the id is unknown', () => {
    expect(resolve({ licenses: [{ id: 'Nope-1.0', name: 'MIT License' }] }).licenseId).toBe('MIT')
  })

  it('keeps the first candidate as free text when nothing resolves', () => {
    expect(
      resolve({ licenses: [{ name: 'Proprietary', url: 'https://acme.example/eula' }] }),
    ).toEqual({
      licenseId: null,
      license: 'Proprietary',
      licenseUrl: 'https://acme.example/eula',
      licenseExpression: null,
    })
  })

  it('resolves an expression that is a single id and stores the expression too', () => {
    expect(resolve({ licenses: [], expression: 'MIT' })).toEqual({
      licenseId: 'MIT',
      license: null,
      licenseUrl: null,
      licenseExpression: 'MIT',
    })
  })

  it('stores a compound expression without resolving a license', () => {
    expect(resolve({ licenses: [], expression: 'MIT OR Apache-2.0' })).toEqual({
      licenseId: null,
      license: null,
      licenseUrl: null,
      licenseExpression: 'MIT OR Apache-2.0',
    })
  })

  it('prefers listed licenses over the expression when a (pre-1.5) BOM has both', () => {
    const fields = resolve({ licenses: [{ name: 'Proprietary' }], expression: 'MIT' })
    expect(fields).toMatchObject({ licenseId: 'MIT', license: null, licenseExpression: 'MIT' })
  })

  it('resolves a deprecated id with a plus as it is in the catalogue', () => {
    expect(resolve({ licenses: [{ id: 'GPL-2.0+' }] }).licenseId).toBe('GPL-2.0+')
  })

  it('cuts free text and URL to 255 characters', () => {
    const fields = resolve({ licenses: [{ name: 'x'.repeat(300), url: 'u'.repeat(300) }] })
    expect(fields.license).toHaveLength(255)
    expect(fields.licenseUrl).toHaveLength(255)
  })

  it('leaves everything empty without a choice', () => {
    expect(resolve(null)).toEqual({
      licenseId: null,
      license: null,
      licenseUrl: null,
      licenseExpression: null,
    })
  })
})

describe('resolveLicenseChoice: beyond 4.13', () => {
  it('takes an expression written as a license name for the expression (WITH, DT#5143)', () => {
    const text = 'GPL-2.0-only WITH Classpath-exception-2.0'
    expect(resolve({ licenses: [{ name: text }] })).toEqual({
      licenseId: null,
      license: null,
      licenseUrl: null,
      licenseExpression: text,
    })
    expect(resolve({ licenses: [{ id: 'MIT OR Apache-2.0' }] }).licenseExpression).toBe(
      'MIT OR Apache-2.0',
    )
  })

  it('combines several listed licenses into their conjunction (DT#4070)', () => {
    expect(
      resolve({
        licenses: [{ id: 'MIT' }, { name: 'Apache License 2.0' }, { id: 'MIT' }],
      }),
    ).toEqual({
      licenseId: null,
      license: null,
      licenseUrl: null,
      licenseExpression: 'MIT AND Apache-2.0',
    })
  })

  it('brackets an expression among several listed licenses', () => {
    const choice = {
      licenses: [{ id: 'MIT' }, { name: 'GPL-2.0-only WITH Classpath-exception-2.0' }],
    }
    expect(resolve(choice).licenseExpression).toBe(
      'MIT AND (GPL-2.0-only WITH Classpath-exception-2.0)',
    )
  })

  it('keeps 4.13’s first hit when a listed license cannot be written as SPDX', () => {
    expect(resolve({ licenses: [{ name: 'Proprietary' }, { id: 'MIT' }] })).toEqual({
      licenseId: 'MIT',
      license: null,
      licenseUrl: null,
      licenseExpression: null,
    })
    expect(resolve({ licenses: [{ id: 'Acme-Proprietary' }, { id: 'MIT' }] }).licenseId).toBe(
      'Acme-Proprietary',
    )
  })
})

describe('expression helpers', () => {
  it('tells a single id from a compound expression', () => {
    expect(singleSpdxId('MIT')).toBe('MIT')
    expect(singleSpdxId('(MIT)')).toBe('MIT')
    expect(singleSpdxId('GPL-2.0+')).toBeNull()
    expect(singleSpdxId('MIT OR Apache-2.0')).toBeNull()
    expect(singleSpdxId('not an expression')).toBeNull()
    expect(isCompoundExpression('GPL-2.0+')).toBe(true)
    expect(isCompoundExpression('Apache-2.0 WITH LLVM-exception')).toBe(true)
    expect(isCompoundExpression('MIT')).toBe(false)
    expect(isCompoundExpression('Apache 2')).toBe(false)
  })

  it('lists the texts a choice could name, for one catalogue query', () => {
    expect(
      lookupTexts({
        licenses: [{ id: 'MIT', name: 'MIT License' }, { name: 'X' }],
        expression: 'BSD-3-Clause',
      }),
    ).toEqual(['MIT', 'MIT License', 'X', 'BSD-3-Clause'])
    expect(lookupTexts({ licenses: [], expression: 'MIT OR X11' })).toEqual([])
  })
})
