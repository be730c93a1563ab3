import { describe, it } from 'vitest'
import { expectAscending, expectEqual, expectInvalid } from './testing.ts'

describe('RPM ordering (rpmvercmp)', () => {
  it('sorts ~ before the end and ^ after it but before any further segment', () => {
    expectAscending('rpm', [
      '5.2~beta',
      '5.2~rc1',
      '5.2~rc1^post',
      '5.2',
      '5.2^20240101git1a2b3c',
      '5.2^20240202git1a2b3c',
      '5.2p',
      '5.2.1',
      '5.10',
      '1:0.1',
    ])
  })

  it('orders releases after versions, a version without a release first', () => {
    expectAscending('rpm', ['5.2', '5.2-1.el8', '5.2-1.el9', '5.2-2.el8', '5.2-10.el8'])
  })

  it('treats every separator alike and ignores leading zeros', () => {
    expectEqual('rpm', [
      ['5.2_1', '5.2.1'],
      ['5.02', '5.2'],
      ['0:5.2-1', '5.2-1'],
    ])
  })

  it('rejects only the empty string', () => {
    expectInvalid('rpm', [''])
  })
})
