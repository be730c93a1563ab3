import { describe, expect, it } from 'vitest'
import { vulnerableSoftwareOf } from './internal.ts'
import { parseDateInput } from './schemas.ts'

// Contract: dt-api-portfolio.md §1.5 (date input), §3.5 (AffectedComponent on input).

describe('vulnerableSoftwareOf', () => {
  it('takes an exact purl’s version from the purl, canonically', () => {
    expect(
      vulnerableSoftwareOf({
        identityType: 'PURL',
        identity: 'pkg:maven/com.acme/acme-lib@1.2.3?type=jar',
        versionType: 'EXACT',
      }),
    ).toMatchObject({
      purl: 'pkg:maven/com.acme/acme-lib@1.2.3?type=jar',
      purlType: 'maven',
      purlNamespace: 'com.acme',
      purlName: 'acme-lib',
      purlVersion: '1.2.3',
      purlQualifiers: '{"type":"jar"}',
      version: '1.2.3',
      vulnerable: true,
    })
  })

  it('copies range bounds only for RANGE', () => {
    const range = {
      identityType: 'CPE' as const,
      identity: 'cpe:2.3:a:acme:widget:*:*:*:*:*:*:*:*',
      versionStartIncluding: '1.0',
      versionEndExcluding: '2.0',
    }
    expect(vulnerableSoftwareOf({ ...range, versionType: 'RANGE' })).toMatchObject({
      cpe22: 'cpe:/a:acme:widget',
      vendor: 'acme',
      versionStartIncluding: '1.0',
      versionEndExcluding: '2.0',
    })
    const exact = vulnerableSoftwareOf({ ...range, versionType: 'EXACT', version: '1.5' })
    expect(exact).toMatchObject({ version: '1.5' })
    expect(exact?.versionStartIncluding).toBeUndefined()
  })

  it('skips what cannot be parsed', () => {
    expect(vulnerableSoftwareOf({ identityType: 'PURL', identity: 'not a purl' })).toBeUndefined()
    expect(vulnerableSoftwareOf({ identityType: 'CPE', identity: 'cpe:nope' })).toBeUndefined()
    expect(vulnerableSoftwareOf({ identity: 'pkg:npm/a@1' })).toBeUndefined()
    expect(vulnerableSoftwareOf({ identityType: 'PURL' })).toBeUndefined()
  })
})

describe('parseDateInput', () => {
  it('reads epoch milliseconds, ISO dates and date-times', () => {
    expect(parseDateInput(0)?.toISOString()).toBe('1970-01-01T00:00:00.000Z')
    expect(parseDateInput('2024-03-05')?.toISOString()).toBe('2024-03-05T00:00:00.000Z')
    expect(parseDateInput('2024-03-05T10:11:12+02:00')?.toISOString()).toBe(
      '2024-03-05T08:11:12.000Z',
    )
    expect(parseDateInput('2024-03-05T10:11:12.345Z')?.toISOString()).toBe(
      '2024-03-05T10:11:12.345Z',
    )
  })

  it('refuses anything else', () => {
    for (const value of [
      'yesterday',
      '2024-13-45',
      '05/03/2024',
      '',
      Number.NaN,
      1e20,
      -1e15,
      '0000-01-01',
    ]) {
      expect(parseDateInput(value), String(value)).toBeUndefined()
    }
  })
})
