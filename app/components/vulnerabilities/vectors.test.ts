import { describe, expect, it } from 'vitest'
import {
  cvssV2Vector,
  cvssV3Vector,
  cvssV3VersionOf,
  OWASP_FACTORS,
  owaspVector,
  parseCvssV2,
  parseCvssV3,
  parseOwasp,
} from './vectors.ts'

const V3 = { AV: 'N', AC: 'L', PR: 'N', UI: 'N', S: 'U', C: 'H', I: 'H', A: 'H' }

describe('CVSS vectors', () => {
  it('writes a v2 vector in parentheses, as Dependency-Track stores it', () => {
    expect(cvssV2Vector({ AV: 'N', AC: 'L', Au: 'N', C: 'P', I: 'P', A: 'P' })).toBe(
      '(AV:N/AC:L/Au:N/C:P/I:P/A:P)',
    )
  })

  it('writes a v3 vector with its version, 3.1 unless told 3.0', () => {
    expect(cvssV3Vector(V3)).toBe('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H')
    expect(cvssV3Vector(V3, '3.0')).toBe('CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H')
  })

  it('gives no vector until every metric has a value the metric offers', () => {
    expect(cvssV3Vector({ ...V3, A: undefined })).toBeUndefined()
    expect(cvssV3Vector({ ...V3, AV: 'X' })).toBeUndefined()
    expect(cvssV2Vector({})).toBeUndefined()
  })

  it('reads stored vectors back into choices, keeping only base metrics', () => {
    expect(parseCvssV2('(AV:N/AC:M/Au:N/C:C/I:C/A:C)')).toEqual({
      AV: 'N',
      AC: 'M',
      Au: 'N',
      C: 'C',
      I: 'C',
      A: 'C',
    })
    expect(parseCvssV3('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/E:F/RL:O')).toEqual(V3)
    expect(parseCvssV3(undefined)).toEqual({})
    expect(cvssV3VersionOf('CVSS:3.0/AV:N')).toBe('3.0')
    expect(cvssV3VersionOf('AV:N/AC:L')).toBe('3.1')
  })
})

describe('OWASP Risk Rating vectors', () => {
  const example = 'SL:1/M:1/O:0/S:2/ED:1/EE:1/A:1/ID:1/LC:2/LI:1/LAV:1/LAC:1/FD:1/RD:1/NC:2/PV:3'

  it('writes the 16 factors in the order the API expects', () => {
    expect(owaspVector(parseOwasp(example))).toBe(example)
    expect(OWASP_FACTORS.map((factor) => factor.id).join('/')).toBe(
      'SL/M/O/S/ED/EE/A/ID/LC/LI/LAV/LAC/FD/RD/NC/PV',
    )
  })

  it('refuses values the methodology does not define for a factor', () => {
    expect(owaspVector({ ...parseOwasp(example), M: '2' })).toBeUndefined()
    expect(parseOwasp('SL:2/M:4')).toEqual({ M: '4' })
  })
})
