import { describe, it } from 'vitest'
import { expectAscending, expectEqual, expectInvalid } from './testing.ts'

describe('RubyGems ordering (Gem::Version)', () => {
  it('sorts any string segment below numbers, so prereleases come before the release', () => {
    expectAscending('gem', [
      '6.1.a',
      '6.1.a.2',
      '6.1.beta',
      '6.1.beta3',
      '6.1.pre',
      '6.1.rc1',
      '6.1',
      '6.1.0.1',
      '6.1.1',
      '6.1.10',
      '7',
    ])
  })

  it('drops trailing zeros and reads "-" as ".pre."', () => {
    expectEqual('gem', [
      ['6.1.0', '6.1'],
      ['6.1.beta2', '6.1.beta.2'],
      ['6.1-2', '6.1.pre.2'],
      ['06.01', '6.1'],
    ])
  })

  it('rejects malformed version strings', () => {
    expectInvalid('gem', ['beta', '1..2', '1.2 beta', '1.2_3'])
  })
})
