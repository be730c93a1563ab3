import { describe, it } from 'vitest'
import { expectAscending, expectEqual, expectInvalid } from './testing.ts'

describe('Debian ordering (dpkg)', () => {
  it('sorts ~ below everything, letters below symbols, then the revision, then the epoch', () => {
    expectAscending('deb', [
      '2.4~beta1',
      '2.4~rc1',
      '2.4~rc1+really2.3',
      '2.4',
      '2.4-1~bpo11+1',
      '2.4-1',
      '2.4-1ubuntu0.1',
      '2.4-1+deb12u1',
      '2.4-2',
      '2.4a',
      '2.4+dfsg',
      '2.4.1',
      '2.10',
      '1:1.0',
      '2:0.1',
    ])
  })

  it('reads a missing epoch as 0 and a missing revision as "0"', () => {
    expectEqual('deb', [
      ['0:2.4-1', '2.4-1'],
      ['2.4', '2.4-0'],
      ['2.04', '2.4'],
    ])
  })

  it('rejects a non-numeric epoch and characters dpkg does not allow', () => {
    expectInvalid('deb', ['x:2.4', '2.4 beta', '2.4_1', ''])
  })
})
