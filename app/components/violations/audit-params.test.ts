import { describe, expect, it } from 'vitest'
import {
  canonicalViolationSearch,
  isViolationViewFiltered,
  parseViolationAuditParams,
  violationAuditQuery,
} from './audit-params.ts'

const parse = (query: string) => parseViolationAuditParams(new URLSearchParams(query))
const POLICY = '8d4c1bc7-3a44-4b1e-9f3a-0c6a6b4c2f10'

describe('the Policy Violation Audit address', () => {
  it('starts unfiltered, newest first, searching every field', () => {
    const params = parse('')
    expect(isViolationViewFiltered(params)).toBe(false)
    expect(params.textSearchField).toEqual(['policy_name', 'component', 'license', 'project_name'])
    expect(violationAuditQuery(params)).toEqual({
      showInactive: false,
      suppressed: false,
      violationState: undefined,
      riskType: undefined,
      analysisState: undefined,
      policy: undefined,
      textSearchField: undefined,
      textSearchInput: undefined,
      sortName: 'timestamp',
      sortOrder: 'desc',
      pageNumber: 1,
      pageSize: 10,
    })
  })

  it('sends every filter under the API name, enum values upper-case, policies as uuids', () => {
    const params = parse(
      'showInactive=1&suppressed=on&violationState=warn&violationState=FAIL,bogus&riskType=license' +
        `&analysisState=not_set,REJECTED&policy=${POLICY.toUpperCase()}&policy=not-a-uuid` +
        '&textSearchInput=+lodash+&textSearchField=component&textSearchField=LICENSE' +
        '&occurredOnDateFrom=2024-01-01&occurredOnDateTo=2024-06-30' +
        '&sortName=project.name&sortOrder=asc&page=3&pageSize=25',
    )
    expect(isViolationViewFiltered(params)).toBe(true)
    expect(violationAuditQuery(params)).toEqual({
      showInactive: true,
      suppressed: true,
      violationState: 'FAIL,WARN',
      riskType: 'LICENSE',
      analysisState: 'NOT_SET,REJECTED',
      policy: POLICY,
      textSearchField: 'component,license',
      textSearchInput: 'lodash',
      occurredOnDateFrom: '2024-01-01',
      occurredOnDateTo: '2024-06-30',
      sortName: 'project.name',
      sortOrder: 'asc',
      pageNumber: 3,
      pageSize: 25,
    })
  })

  it('asks for the whole view, unpaged, for the CSV', () => {
    const query = violationAuditQuery(parse('page=4&pageSize=50'), false)
    expect(query).not.toHaveProperty('pageNumber')
    expect(query).not.toHaveProperty('pageSize')
  })

  it('ignores a sort column the API cannot order by', () => {
    expect(violationAuditQuery(parse('sortName=uuid&sortOrder=asc'))).toMatchObject({
      sortName: 'timestamp',
      sortOrder: 'desc',
    })
  })

  it('reports a wrong Occurred On range and leaves it out', () => {
    const reversed = parse('occurredOnDateFrom=2024-06-01&occurredOnDateTo=2024-01-01')
    expect(reversed.rangeError).toBe('vulnerabilityAudit.errors.order')
    expect(reversed.typed).toEqual({
      occurredOnDateFrom: '2024-06-01',
      occurredOnDateTo: '2024-01-01',
    })
    expect(violationAuditQuery(reversed)).not.toHaveProperty('occurredOnDateFrom')
    expect(parse('occurredOnDateTo=yesterday').rangeError).toBe('vulnerabilityAudit.errors.date')
  })

  it('goes to the short form of an address: no empty fields, the default sort shown', () => {
    expect(
      canonicalViolationSearch(
        new URLSearchParams(
          'textSearchInput=&textSearchField=component&violationState=FAIL&occurredOnDateFrom=',
        ),
      )?.toString(),
    ).toBe('violationState=FAIL&sortName=timestamp&sortOrder=desc')
    expect(
      canonicalViolationSearch(new URLSearchParams('sortName=timestamp&sortOrder=desc')),
    ).toBeUndefined()
  })
})
