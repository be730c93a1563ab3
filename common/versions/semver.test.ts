import { describe, it } from 'vitest'
import { expectAscending, expectEqual, expectInvalid } from './testing.ts'

describe('SemVer ordering (semver, cargo, hex)', () => {
  it('follows SemVer 2 precedence, with numbers of any size', () => {
    for (const scheme of ['semver', 'cargo', 'hex'] as const) {
      expectAscending(scheme, [
        '0.3.9',
        '0.3.10',
        '1.0.0-1',
        '1.0.0-2.beta',
        '1.0.0-10',
        '1.0.0-Beta',
        '1.0.0-beta',
        '1.0.0-beta.1',
        '1.0.0',
        '2.0.0',
        '18446744073709551615.0.0',
        '18446744073709551616.0.0',
      ])
    }
  })

  it('orders the extra numeric parts of non-SemVer versions after the first three', () => {
    expectAscending('semver', [
      '1.2.3-rc.1',
      '1.2.3',
      '1.2.3.4-rc.1',
      '1.2.3.4',
      '1.2.3.5',
      '1.2.4',
    ])
  })

  it('ignores build metadata and reads missing parts as zero', () => {
    expectEqual('cargo', [
      ['0.4.1+zstd.1.5.2', '0.4.1'],
      ['1.2', '1.2.0'],
      ['v3', '3.0.0'],
    ])
  })

  it('rejects strings that are not versions', () => {
    expectInvalid('hex', ['main', '1.x', '1.0.0-', '', '1..0'])
  })
})
