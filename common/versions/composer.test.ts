import { describe, it } from 'vitest'
import { expectAscending, expectEqual, expectInvalid } from './testing.ts'

describe('Composer ordering', () => {
  it('orders stabilities dev < alpha < beta < RC < stable < patch level (pl/p, above any number)', () => {
    expectAscending('composer', [
      'dev-main',
      '5.4.0-dev',
      '5.4.0-alpha1',
      '5.4.0-alpha2',
      '5.4.0-beta1',
      '5.4.0-RC1',
      '5.4.0-RC2',
      '5.4.0',
      '5.4.0.1',
      '5.4.0-p1',
      '5.4.1',
      '5.10.0',
    ])
  })

  it('normalises a leading v, separators and letter/digit boundaries', () => {
    expectEqual('composer', [
      ['v5.4.0', '5.4.0'],
      ['5.4.0-rc1', '5.4.0RC1'],
      ['5.4.0-beta.1', '5.4.0b1'],
      ['5.4.0_alpha_2', '5.4.0-alpha2'],
    ])
  })

  it('rejects only the empty string', () => {
    expectInvalid('composer', [''])
  })
})
