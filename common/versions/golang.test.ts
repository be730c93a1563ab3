import { describe, it } from 'vitest'
import { expectAscending, expectEqual, expectInvalid } from './testing.ts'

describe('Go module ordering', () => {
  it('orders pseudo-versions as prereleases by their commit time', () => {
    expectAscending('golang', [
      'v0.0.0-20180917221912-90fa682c2a6e',
      'v0.0.0-20211027215541-db492cf91b37',
      'v0.1.0',
      'v1.4.2',
      'v1.4.3-0.20220110151555-7b2e5d4c2e7f',
      'v1.4.3-pre.0.20220301000000-aaaaaaaaaaaa',
      'v1.4.3',
      'v2.3.0+incompatible',
      'v2.3.1',
    ])
  })

  it('reads +incompatible as build metadata and the v as optional', () => {
    expectEqual('golang', [
      ['v2.3.0+incompatible', 'v2.3.0'],
      ['1.4.2', 'v1.4.2'],
    ])
  })

  it('rejects branch names', () => {
    expectInvalid('golang', ['master', 'v1.4.2-', ''])
  })
})
