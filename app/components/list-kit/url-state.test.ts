import { describe, expect, it } from 'vitest'
import {
  flagParam,
  listHref,
  listParamsSchema,
  pageRange,
  parseListParams,
  serializeListParams,
  sortState,
} from './url-state.ts'

const schema = listParamsSchema(['name', 'version'], { onlyDirect: flagParam })
const parse = (query: string) => parseListParams(schema, new URLSearchParams(query))

describe('parseListParams', () => {
  it('gives the defaults for an empty URL', () => {
    expect(parse('')).toEqual({
      searchText: undefined,
      page: 1,
      pageSize: 10,
      sortName: undefined,
      sortOrder: undefined,
      onlyDirect: false,
    })
  })

  it('reads search, sort, page, page size and filter switches', () => {
    expect(
      parse(
        'searchText=%20log4j%20&sortName=version&sortOrder=desc&page=3&pageSize=50&onlyDirect=1',
      ),
    ).toEqual({
      searchText: 'log4j',
      page: 3,
      pageSize: 50,
      sortName: 'version',
      sortOrder: 'desc',
      onlyDirect: true,
    })
  })

  it('falls back to the defaults for values a hand-edited URL may carry', () => {
    expect(parse('sortName=metrics&sortOrder=up&page=-2&pageSize=7&onlyDirect=no')).toEqual({
      searchText: undefined,
      page: 1,
      pageSize: 10,
      sortName: undefined,
      sortOrder: undefined,
      onlyDirect: false,
    })
  })
})

describe('serializeListParams', () => {
  it('leaves out what the defaults already say', () => {
    expect(
      serializeListParams({
        searchText: undefined,
        page: 1,
        pageSize: 10,
        onlyDirect: false,
        sortName: '',
      }).toString(),
    ).toBe('')
  })

  it('writes switches as 1 and lists comma-separated', () => {
    expect(
      serializeListParams({
        page: 2,
        pageSize: 25,
        onlyDirect: true,
        expand: ['a', 'b'],
      }).toString(),
    ).toBe('page=2&pageSize=25&onlyDirect=1&expand=a%2Cb')
  })

  it('round-trips through parseListParams', () => {
    const state = {
      searchText: 'core',
      page: 4,
      pageSize: 100,
      sortName: 'name' as const,
      sortOrder: 'asc' as const,
      onlyDirect: true,
    }
    expect(parseListParams(schema, serializeListParams(state))).toEqual(state)
  })
})

describe('listHref', () => {
  it('changes and removes parameters and keeps the others', () => {
    const current = new URLSearchParams('searchText=a&page=2&tag=x')
    expect(listHref(current, { page: undefined, sortName: 'name' })).toBe(
      '?searchText=a&tag=x&sortName=name',
    )
  })

  it('leaves dialogs and upload tokens behind', () => {
    const current = new URLSearchParams('create=&token=abc&add=&page=2')
    expect(listHref(current, { page: '3' })).toBe('?page=3')
    expect(listHref(new URLSearchParams('create='), {})).toBe('?')
  })
})

describe('sortState', () => {
  it('sorts an inactive column ascending and resets the page', () => {
    expect(sortState(new URLSearchParams('page=3&sortName=name'), 'version')).toEqual({
      active: false,
      order: 'asc',
      href: '?sortName=version&sortOrder=asc',
    })
  })

  it('flips the active column', () => {
    const asc = sortState(new URLSearchParams('sortName=name&sortOrder=asc'), 'name')
    expect(asc).toMatchObject({ active: true, order: 'asc' })
    expect(asc.href).toBe('?sortName=name&sortOrder=desc')
    const desc = sortState(new URLSearchParams('sortName=name&sortOrder=desc'), 'name')
    expect(desc.href).toBe('?sortName=name&sortOrder=asc')
  })

  it('uses the parameter names of a list inside a dialog', () => {
    const names = {
      sortParam: 'taggedSortName',
      orderParam: 'taggedSortOrder',
      pageParam: 'taggedPage',
    }
    expect(sortState(new URLSearchParams('taggedPage=2&tag=x'), 'name', names).href).toBe(
      '?tag=x&taggedSortName=name&taggedSortOrder=asc',
    )
  })
})

describe('pageRange', () => {
  it('numbers the rows of a page', () => {
    expect(pageRange(23, 3, 10)).toEqual({ first: 21, last: 23, pages: 3 })
    expect(pageRange(23, 1, 25)).toEqual({ first: 1, last: 23, pages: 1 })
  })

  it('reads 0–0 of 0 and one page for an empty list', () => {
    expect(pageRange(0, 1, 10)).toEqual({ first: 0, last: 0, pages: 1 })
  })
})
