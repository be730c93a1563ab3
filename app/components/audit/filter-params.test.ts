import { describe, expect, it } from 'vitest'
import {
  allValues,
  canonicalFilterSearch,
  choices,
  isTicked,
  lastValue,
  readRange,
} from './filter-params.ts'

const search = (query: string) => new URLSearchParams(query)

describe('filter parameters', () => {
  it('reads repeated and comma-joined values once each, in the order given', () => {
    expect(allValues(search('a=x&a=y,%20z&a=x&a='), 'a')).toEqual(['x', 'y', 'z'])
  })

  it('keeps only known choices, normalised, in the known order', () => {
    expect(choices(search('s=warn&s=FAIL,bogus'), 's', ['FAIL', 'WARN', 'INFO'], upper)).toEqual([
      'FAIL',
      'WARN',
    ])
  })

  it('takes the last non-empty single value and reads ticks from new and old links', () => {
    expect(lastValue(search('q=old&q=new&q='), 'q')).toBe('new')
    expect(lastValue(search('q=+'), 'q')).toBeUndefined()
    expect(['1', 'true', 'on'].map(isTicked)).toEqual([true, true, true])
    expect([undefined, '0', 'false'].map(isTicked)).toEqual([false, false, false])
  })
})

describe('readRange', () => {
  it('applies valid bounds and keeps what was typed', () => {
    expect(readRange(search('f=2024-01-01&t=2024-02-01'), 'f', 't', 'date')).toEqual({
      typed: { f: '2024-01-01', t: '2024-02-01' },
      applied: { f: '2024-01-01', t: '2024-02-01' },
    })
    expect(readRange(search('t=7.5'), 'f', 't', 'score').applied).toEqual({ t: '7.5' })
  })

  it('reports a bad bound or a reversed range and applies neither bound', () => {
    expect(readRange(search('f=2024-13-45'), 'f', 't', 'date')).toMatchObject({
      applied: {},
      problem: 'date',
      typed: { f: '2024-13-45', t: '' },
    })
    expect(readRange(search('f=11'), 'f', 't', 'score').problem).toBe('score')
    expect(readRange(search('f=1.5'), 'f', 't', 'count').problem).toBe('count')
    expect(readRange(search('f=2024-05-01&t=2024-04-01'), 'f', 't', 'date')).toMatchObject({
      applied: {},
      problem: 'order',
    })
  })
})

describe('canonicalFilterSearch', () => {
  const options = {
    textFields: { param: 'field', input: 'text', all: 3 },
    defaultSort: 'timestamp',
  }

  it('drops empty fields, all-ticked or useless search fields, and adds the default sort', () => {
    expect(
      canonicalFilterSearch(search('a=&field=x&field=y&field=z&text=log'), options)?.toString(),
    ).toBe('text=log&sortName=timestamp&sortOrder=desc')
    expect(canonicalFilterSearch(search('field=x'), options)?.toString()).toBe(
      'sortName=timestamp&sortOrder=desc',
    )
  })

  it('says nothing when the address is already short', () => {
    expect(
      canonicalFilterSearch(search('field=x&text=log&sortName=name&sortOrder=asc'), options),
    ).toBeUndefined()
  })
})

function upper(value: string) {
  return value.toUpperCase()
}
