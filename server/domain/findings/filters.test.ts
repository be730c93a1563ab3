import { describe, expect, it } from 'vitest'
import { day, decimal, findingOrder, nameList, parsePortfolioFilter } from './filters.ts'

const messageOf = (fn: () => unknown) => {
  try {
    fn()
  } catch (error) {
    return (error as { body: Array<{ path: string; message: string }> }).body[0]!
  }
  throw new Error('expected a refusal')
}

describe('portfolio finding filters (§4.10, §2.17)', () => {
  it('reads the console’s lower-case, comma-joined values', () => {
    const filter = parsePortfolioFilter({
      severity: 'critical, high',
      analysisStatus: 'NOT_SET,EXPLOITABLE',
      vendorResponse: 'update',
      textSearchField: 'vulnerability_id,project_name',
      textSearchInput: '  log4j ',
      showInactive: 'TRUE',
      showSuppressed: 'false',
    })
    expect(filter).toMatchObject({
      severities: ['CRITICAL', 'HIGH'],
      analysisStates: ['NOT_SET', 'EXPLOITABLE'],
      vendorResponses: ['UPDATE'],
      textFields: ['VULNERABILITY_ID', 'PROJECT_NAME'],
      textInput: 'log4j',
      includeInactive: true,
      includeSuppressed: false,
    })
  })

  it('ignores suppression, analysis and attribution filters for the grouped list', () => {
    const filter = parsePortfolioFilter(
      {
        showSuppressed: 'false',
        analysisStatus: 'EXPLOITABLE',
        attributedOnDateFrom: '2024-01-01',
        occurrencesFrom: '2',
        occurrencesTo: '5',
      },
      true,
    )
    expect(filter).toMatchObject({
      includeSuppressed: true,
      analysisStates: [],
      attributedFrom: undefined,
      occurrencesFrom: 2,
      occurrencesTo: 5,
    })
    expect(messageOf(() => parsePortfolioFilter({ occurrencesFrom: '1.5' }, true))).toMatchObject({
      path: 'querystring.occurrencesFrom',
    })
  })

  it('refuses unknown names, impossible days and non-numbers with the parameter named', () => {
    expect(messageOf(() => nameList('severity', 'severe', ['HIGH']))).toEqual(
      expect.objectContaining({
        path: 'querystring.severity',
        message: 'must be a comma-separated list of HIGH',
      }),
    )
    expect(messageOf(() => day('publishDateTo', '2021-02-30')).message).toBe(
      'must be a date as YYYY-MM-DD',
    )
    expect(messageOf(() => day('publishDateTo', '2021-2-3')).path).toBe('querystring.publishDateTo')
    expect(messageOf(() => decimal('cvssv3From', '7,5')).message).toBe('must be a number')
    expect(day('x', ' 2024-02-29 ')).toBe('2024-02-29')
    expect(day('x', '')).toBeUndefined()
    expect(decimal('x', '9.8')).toBe(9.8)
  })

  it('orders only by the allow-list; desc only when asked', () => {
    const columns = { 'component.name': 'c.name' }
    expect(findingOrder(columns, { sortName: undefined, sortDirection: undefined }, 'f.id')).toBe(
      'f.id',
    )
    expect(
      findingOrder(columns, { sortName: 'component.name', sortDirection: undefined }, 'f.id'),
    ).toBe('c.name ASC NULLS FIRST, f.id')
    expect(
      findingOrder(columns, { sortName: 'component.name', sortDirection: 'desc' }, 'f.id'),
    ).toBe('c.name DESC NULLS LAST, f.id')
    expect(() =>
      findingOrder(columns, { sortName: 'component.uuid', sortDirection: 'asc' }, 'f.id'),
    ).toThrow(
      expect.objectContaining({
        status: 400,
        body: expect.objectContaining({ title: 'Field not sortable' }),
      }),
    )
  })
})
