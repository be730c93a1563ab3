import { describe, it } from 'vitest'
import { expectAscending, expectEqual, expectInvalid } from './testing.ts'

describe('CRAN ordering (numeric_version)', () => {
  it('compares parts by value, a longer version above its prefix', () => {
    expectAscending('cran', ['0.9', '0.10', '1.0', '1.0.0', '1.0-1', '1.0-2', '1.0.3', '1.1'])
  })

  it('treats "." and "-" alike and ignores leading zeros', () => {
    expectEqual('cran', [
      ['1.0-1', '1.0.1'],
      ['1.01', '1.1'],
    ])
  })

  it('rejects anything but numbers and separators', () => {
    expectInvalid('cran', ['1.0a', 'devel', '1..0', ''])
  })
})
