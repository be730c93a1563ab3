import { describe, expect, it } from 'vitest'
import {
  blankRow,
  encodeRowValue,
  isBlankRow,
  isEmptyValue,
  operatorFor,
  rowFromCondition,
  sharesTypedValue,
  valueInputOf,
} from './condition-draft.ts'

const MIT = 'a1b2c3d4-0000-4000-8000-000000000001'
const licenseIdOf = (uuid: string) => (uuid === MIT ? 'MIT' : undefined)
const resolveLicense = (text: string) =>
  text === 'MIT' || text === MIT ? MIT : text === 'unresolved' ? text : undefined
const stored = (subject: string, operator: string, value: string) =>
  ({ uuid: 'c0ffee00-0000-4000-8000-00000000000a', subject, operator, value }) as Parameters<
    typeof rowFromCondition
  >[0]

describe('rowFromCondition', () => {
  it('splits coordinates into group, name and version', () => {
    const row = rowFromCondition(
      stored('COORDINATES', 'MATCHES', '{"group":"org.acme","name":"core*","version":">=2.0"}'),
      licenseIdOf,
    )
    expect(row).toMatchObject({ group: 'org.acme', name: 'core*', version: '>=2.0' })
    expect(row.unreadable).toBeUndefined()
  })

  it('splits a hash into its algorithm, named as the editor lists it, and the value', () => {
    const row = rowFromCondition(
      stored('COMPONENT_HASH', 'IS_NOT', '{"algorithm":"sha-256","value":"ABCDEF"}'),
      licenseIdOf,
    )
    expect(row).toMatchObject({ operator: 'IS_NOT', algorithm: 'SHA-256', hash: 'ABCDEF' })
  })

  it('splits a version distance into four parts, unknown parts left empty', () => {
    const row = rowFromCondition(
      stored('VERSION_DISTANCE', 'NUMERIC_GREATER_THAN', '{"epoch":"0","major":"1","minor":"?"}'),
      licenseIdOf,
    )
    expect(row).toMatchObject({ epoch: '0', major: '1', minor: '', patch: '' })
  })

  it('shows a license by its SPDX id, and an unknown uuid as it is', () => {
    expect(rowFromCondition(stored('LICENSE', 'IS', MIT), licenseIdOf).value).toBe('MIT')
    expect(rowFromCondition(stored('LICENSE', 'IS', 'unresolved'), licenseIdOf).value).toBe(
      'unresolved',
    )
  })

  it('keeps a structured value it cannot read, to show it and ask for it again', () => {
    const row = rowFromCondition(stored('COORDINATES', 'MATCHES', 'acme:core'), licenseIdOf)
    expect(row.unreadable).toBe('acme:core')
    expect(isEmptyValue(row)).toBe(true)
    expect(
      rowFromCondition(
        stored('COMPONENT_HASH', 'IS', '{"algorithm":"CRC32","value":"ab"}'),
        licenseIdOf,
      ).unreadable,
    ).toBeDefined()
  })

  it('keeps text values as they are stored', () => {
    expect(rowFromCondition(stored('AGE', 'NUMERIC_GREATER_THAN', 'P1Y'), licenseIdOf).value).toBe(
      'P1Y',
    )
  })
})

describe('encodeRowValue', () => {
  it('writes coordinates as JSON without the blank parts', () => {
    const row = { ...blankRow(), subject: 'COORDINATES' as const, name: ' core ', version: '' }
    expect(encodeRowValue(row, resolveLicense)).toBe('{"name":"core"}')
  })

  it('writes a hash as algorithm and trimmed value', () => {
    const row = {
      ...blankRow(),
      subject: 'COMPONENT_HASH' as const,
      algorithm: 'MD5',
      hash: ' ab ',
    }
    expect(encodeRowValue(row, resolveLicense)).toBe('{"algorithm":"MD5","value":"ab"}')
  })

  it('writes a version distance as the 4.13 console does', () => {
    const row = { ...blankRow(), subject: 'VERSION_DISTANCE' as const, major: '1', patch: '3' }
    expect(encodeRowValue(row, resolveLicense)).toBe('{"major":"1","patch":"3"}')
  })

  it('stores a license as its uuid, and cannot store one it does not know', () => {
    const row = { ...blankRow(), subject: 'LICENSE' as const, value: 'MIT' }
    expect(encodeRowValue(row, resolveLicense)).toBe(MIT)
    expect(encodeRowValue({ ...row, value: 'Nope-1.0' }, resolveLicense)).toBeUndefined()
  })

  it('trims text values', () => {
    const row = { ...blankRow(), subject: 'PACKAGE_URL' as const, value: '  pkg:npm/*  ' }
    expect(encodeRowValue(row, resolveLicense)).toBe('pkg:npm/*')
  })
})

describe('row helpers', () => {
  it('treats a new row without subject as blank, and a stored one never', () => {
    expect(isBlankRow(blankRow())).toBe(true)
    expect(isBlankRow({ ...blankRow(), uuid: 'x' })).toBe(false)
    expect(isBlankRow({ ...blankRow(), subject: 'CPE' })).toBe(false)
  })

  it('keeps the operator when the new subject has it, else takes its first', () => {
    expect(operatorFor('CPE', 'NO_MATCH')).toBe('NO_MATCH')
    expect(operatorFor('SEVERITY', 'NO_MATCH')).toBe('IS')
    expect(operatorFor('CWE')).toBe('CONTAINS_ANY')
  })

  it('carries typed text over between text subjects only', () => {
    expect(sharesTypedValue('CPE', 'PACKAGE_URL')).toBe(true)
    expect(sharesTypedValue('VULNERABILITY_ID', 'LICENSE')).toBe(true)
    expect(sharesTypedValue('SEVERITY', 'CPE')).toBe(false)
    expect(sharesTypedValue('CPE', 'COORDINATES')).toBe(false)
  })

  it('names the inputs each subject needs', () => {
    expect(valueInputOf('SEVERITY')).toBe('severity')
    expect(valueInputOf('LICENSE_GROUP')).toBe('licenseGroup')
    expect(valueInputOf('EPSS')).toBe('text')
    expect(valueInputOf(undefined)).toBe('text')
  })
})
