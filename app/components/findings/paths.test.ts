import { describe, expect, it } from 'vitest'
import { findingPaths } from './paths.ts'

const node = (uuid: string, children: string[] = []) => ({
  uuid,
  name: `name-${uuid}`,
  version: '1.0',
  dependencyGraph: children,
})

describe('findingPaths', () => {
  it('lists every route from a direct dependency to the vulnerable component, shortest first', () => {
    const answer = {
      a: node('a', ['b', 'c']),
      b: node('b', ['d']),
      c: node('c', ['b', 'd', 'x']),
      d: node('d'),
    }
    const paths = findingPaths(answer, 'd').map((path) => path.map((step) => step.uuid))
    expect(paths).toEqual([
      ['a', 'b', 'd'],
      ['a', 'c', 'd'],
      ['a', 'c', 'b', 'd'],
    ])
  })

  it('is the component alone when it is a direct dependency', () => {
    expect(findingPaths({ d: node('d') }, 'd')).toEqual([
      [{ uuid: 'd', name: 'name-d', version: '1.0' }],
    ])
  })

  it('is empty when the component is on no path', () => {
    expect(findingPaths({}, 'd')).toEqual([])
  })

  it('stops at a cycle', () => {
    const answer = {
      r: node('r', ['a']),
      a: node('a', ['b']),
      b: node('b', ['a', 'd']),
      d: node('d'),
    }
    expect(findingPaths(answer, 'd').map((path) => path.map((step) => step.uuid))).toEqual([
      ['r', 'a', 'b', 'd'],
    ])
  })
})
