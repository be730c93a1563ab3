import { describe, it } from 'vitest'
import { expectAscending, expectEqual, expectInvalid } from './testing.ts'

describe('NuGet ordering (NuGetVersion)', () => {
  it('compares four numeric parts and case-insensitive prerelease labels', () => {
    expectAscending('nuget', [
      '4.0.0-alpha',
      '4.0.0-Beta',
      '4.0.0-beta.2',
      '4.0.0-beta.10',
      '4.0.0-RC.1',
      '4.0.0',
      '4.0.0.1-preview',
      '4.0.0.1',
      '4.0.0.12',
      '4.0.1',
      '4.1',
    ])
  })

  it('pads missing parts and ignores build metadata and letter case', () => {
    expectEqual('nuget', [
      ['4.0', '4.0.0.0'],
      ['4.0.0-BETA', '4.0.0-beta'],
      ['4.0.0+sha.abc', '4.0.0'],
      ['4.00.1', '4.0.1'],
    ])
  })

  it('rejects more than four parts and non-versions', () => {
    expectInvalid('nuget', ['4.0.0.0.1', 'stable', '4.0-', ''])
  })
})
