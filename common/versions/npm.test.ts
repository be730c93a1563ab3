import { describe, it } from 'vitest'
import { expectAscending, expectEqual, expectInvalid } from './testing.ts'

describe('npm ordering (node-semver)', () => {
  it('orders prereleases below their release, identifiers numerically then alphabetically', () => {
    expectAscending('npm', [
      '0.9.12',
      '1.0.0-0',
      '1.0.0-alpha',
      '1.0.0-alpha.3',
      '1.0.0-alpha.12',
      '1.0.0-alpha.next',
      '1.0.0-rc.1',
      '1.0.0',
      '1.0.2',
      '1.2.0',
      '1.11.0',
      '10.0.0',
    ])
  })

  it('reads versions as npm does: v and = prefixes, a prerelease without its hyphen, no build', () => {
    expectEqual('npm', [
      ['v4.17.21', '4.17.21'],
      ['=4.17.21', '4.17.21'],
      ['4.17.21+sha.1234', '4.17.21+other'],
      ['4.17.21beta', '4.17.21-beta'],
    ])
  })

  it('rejects what npm rejects, and four-part versions loose parsing would misread', () => {
    expectInvalid('npm', ['latest', '4.17', '4.17.21.1', '', '^1.0.0'])
  })
})
