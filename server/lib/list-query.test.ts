import { describe, expect, it } from 'vitest'
import { parseListQuery } from './list-query.ts'

describe('parseListQuery', () => {
  it('defaults to the first 100 rows', () => {
    expect(parseListQuery({})).toMatchObject({ offset: 0, limit: 100 })
    expect(parseListQuery({ limit: '9999' })).toMatchObject({ offset: 0, limit: 100 })
  })

  it('uses page and size only together', () => {
    expect(parseListQuery({ pageNumber: '3', pageSize: '10' })).toMatchObject({
      offset: 20,
      limit: 10,
    })
    expect(parseListQuery({ page: '2', size: '25' })).toMatchObject({ offset: 25, limit: 25 })
    expect(parseListQuery({ pageNumber: '3' })).toMatchObject({ offset: 0, limit: 100 })
  })

  it('lets offset win over page', () => {
    expect(parseListQuery({ offset: '5', limit: '7', pageNumber: '3' })).toMatchObject({
      offset: 5,
      limit: 7,
    })
  })

  it('reads search and sort aliases and ignores blanks and bad names', () => {
    expect(
      parseListQuery({ searchText: ' acme ', sortName: 'name', sortOrder: 'DESC', filter: '' }),
    ).toMatchObject({ searchText: 'acme', sortName: 'name', sortDirection: 'desc' })
    expect(parseListQuery({ orderBy: 'name;drop', sort: 'sideways' })).toMatchObject({
      sortName: undefined,
      sortDirection: undefined,
    })
  })

  it('treats numbers beyond Java int range as unparsable, as Alpine does', () => {
    expect(parseListQuery({ offset: '99999999999999999999' })).toMatchObject({ offset: 0 })
    expect(parseListQuery({ pageSize: '9223372036854775808', pageNumber: '2' })).toMatchObject({
      offset: 100,
      limit: 100,
    })
    expect(parseListQuery({ offset: '2147483647', limit: '2147483647' })).toMatchObject({
      offset: 2147483647,
      limit: 2147483647,
    })
    expect(parseListQuery({ offset: '2147483648' })).toMatchObject({ offset: 0 })
  })
})
