import { describe, it } from 'vitest'
import { expectAscending, expectEqual, expectInvalid } from './testing.ts'

describe('Alpine ordering (apk-tools)', () => {
  it('sorts _alpha < _beta < _pre < _rc < none < _cvs < _svn < _git < _hg < _p, then letters', () => {
    expectAscending('apk', [
      '3.1_alpha',
      '3.1_alpha2',
      '3.1_beta1',
      '3.1_pre20240101',
      '3.1_rc1',
      '3.1',
      '3.1-r1',
      '3.1-r10',
      '3.1_cvs',
      '3.1_svn1',
      '3.1_git20240101',
      '3.1_hg2',
      '3.1_p1',
      '3.1_p2',
      '3.1a',
      '3.1b',
      '3.1.1',
      '3.2',
    ])
  })

  it('compares later numbers with a leading zero as text', () => {
    expectAscending('apk', ['1.009', '1.01', '1.1', '1.2'])
  })

  it('reads -r0 as no revision and ignores commit hashes', () => {
    expectEqual('apk', [
      ['3.1-r0', '3.1'],
      ['3.1~1a2b3c', '3.1'],
    ])
  })

  it('rejects only the empty string (apk orders malformed versions too)', () => {
    expectInvalid('apk', [''])
  })
})
