import { describe, it } from 'vitest'
import { expectAscending, expectEqual } from './testing.ts'

describe('PyPI ordering (PEP 440)', () => {
  it('orders dev < pre (a < b < rc) < release < local < post, each by number', () => {
    expectAscending('pypi', [
      '2.1.dev3',
      '2.1a1.dev1',
      '2.1a1',
      '2.1a4',
      '2.1b1',
      '2.1rc1.dev2',
      '2.1rc1',
      '2.1rc1.post1',
      '2.1',
      '2.1+deb.1',
      '2.1+ubuntu',
      '2.1+1',
      '2.1+1.deb',
      '2.1.post1.dev5',
      '2.1.post1',
      '2.1.post2',
      '2.1.1',
      '2.10',
    ])
  })

  it('puts the epoch before everything else', () => {
    expectAscending('pypi', ['2024.10.1', '1!0.1', '1!2.0', '2!0.0.1'])
  })

  it('normalises spellings and pads the release with zeros', () => {
    expectEqual('pypi', [
      ['2.1', '2.1.0.0'],
      ['0!2.1', '2.1'],
      ['2.1-RC.1', '2.1rc1'],
      ['2.1alpha2', '2.1a2'],
      ['2.1pre', '2.1c0'],
      ['2.1-3', '2.1.post3'],
      ['2.1rev', '2.1.post0'],
      ['v2.1', '2.1'],
      ['2.1+Ubuntu-1', '2.1+ubuntu.1'],
    ])
  })

  it('keeps pre-PEP 440 (legacy) versions comparable, below every PEP 440 version', () => {
    expectAscending('pypi', ['build-2011', 'build-2012', '0.0.1'])
  })
})
