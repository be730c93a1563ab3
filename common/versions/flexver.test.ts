import { describe, expect, it } from 'vitest'
import { compareLikeConsole, decompose, flexver } from './flexver.ts'

const order = (a: string, b: string) => flexver.compare(decompose(a), decompose(b))

describe('FlexVer', () => {
  it('cuts a version into digit runs, other runs and pre-releases, ignoring what follows +', () => {
    expect(decompose('1.0.1_01a-pre1+exp2').map((run) => run.text)).toEqual([
      '1',
      '.',
      '0',
      '.',
      '1',
      '_',
      '01',
      'a',
      '-pre',
      '1',
    ])
    expect(decompose('0.17.1-beta.1').map((run) => run.kind)).toEqual([
      'numeric',
      'text',
      'numeric',
      'text',
      'numeric',
      'prerelease',
      'numeric',
    ])
    // A dash inside a pre-release does not start another run.
    expect(decompose('x-rc-b').map((run) => run.text)).toEqual(['x', '-rc-b'])
  })

  it.each([
    ['2', '10'],
    ['1.9', '1.10'],
    ['1.0', '1.0.1'],
    ['1.0.1', '1.1'],
    ['1.5-pre1', '1.5'],
    ['1.5-pre2', '1.5-pre10'],
    ['1.5', '1.5-2'],
    ['2.0.0-beta.1', '2.0.0-beta.2'],
    ['2.0.0-rc.1', '2.0.0'],
    ['3.1.0', '3.1.0_02'],
    ['21w03a', '21w11b'],
    ['a1.9.9', 'b1.0.0'],
    ['', '0'],
    ['x-y', 'x'],
  ])('%s < %s', (low, high) => {
    expect(order(low, high)).toBe(-1)
    expect(order(high, low)).toBe(1)
  })

  it.each([
    ['1.5', '1.5+build.7'],
    ['007.1', '7.1'],
    ['1.0.00', '1.0.0'],
    ['', ''],
  ])('%s = %s', (a, b) => {
    expect(order(a, b)).toBe(0)
  })

  it('compares text by code point, beyond the basic plane too', () => {
    expect(order('1.0-α', '1.0-β')).toBe(-1)
    expect(order('1.0𝔞', '1.0z')).toBe(1)
  })
})

describe('4.13 console comparison', () => {
  it('drops a leading v and compares epochs first', () => {
    expect(compareLikeConsole('v1.2.0', '1.2.0')).toBe(0)
    expect(compareLikeConsole('v1.10.0', '1.9.0')).toBe(1)
    expect(compareLikeConsole('1:1.0', '9.9')).toBe(1)
    expect(compareLikeConsole('2:0.1', '1:9.9')).toBe(1)
    expect(compareLikeConsole('1:1.0', '1:1.1')).toBe(-1)
  })
})
