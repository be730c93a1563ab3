import { describe, it } from 'vitest'
import { expectAscending, expectEqual, expectInvalid } from './testing.ts'

describe('Maven ordering (ComparableVersion)', () => {
  it('orders qualifiers alpha < beta < milestone < rc < snapshot < release < sp < others', () => {
    expectAscending('maven', [
      '2.0-alpha-1',
      '2.0-alpha-3',
      '2.0-beta-1',
      '2.0-milestone-2',
      '2.0-rc-1',
      '2.0-SNAPSHOT',
      '2.0',
      '2.0-sp-1',
      '2.0-jre',
      '2.0-redhat-1',
      '2.0.1',
      '2.1',
      '2.10',
    ])
  })

  it('drops trailing zeros and release aliases, reads a/b/m before a digit as qualifiers', () => {
    expectEqual('maven', [
      ['3', '3.0.0'],
      ['3.0.0.GA', '3'],
      ['3.0-final', '3.0-release'],
      ['3.0-CR2', '3.0-rc-2'],
      ['3.0RC2', '3.0-rc-2'],
      ['3.0a2', '3.0-alpha-2'],
      ['3.0b4', '3.0-beta-4'],
      ['3.0m1', '3.0-milestone-1'],
      ['3.1.05', '3.1.5'],
    ])
  })

  it('ranks a number above a qualifier and a sub-list between them', () => {
    expectAscending('maven', ['4.1-beta', '4.1', '4.1-1', '4.1.1', '4.1.99999999999999999999'])
  })

  it('rejects only the empty string', () => {
    expectInvalid('maven', ['', '   '])
  })
})
