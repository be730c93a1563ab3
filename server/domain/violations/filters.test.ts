import { describe, expect, it } from 'vitest'
import type { HttpError } from '../../lib/errors.ts'
import { parsePortfolioViolationFilter } from './filters.ts'

const failure = (query: Record<string, string>) => {
  try {
    parsePortfolioViolationFilter(query)
  } catch (error) {
    return error as HttpError
  }
  throw new Error('expected a failure')
}

describe('portfolio violation filters (dt-api-portfolio §4.14)', () => {
  it('reads flags, enum lists, policy UUIDs, days and text search', () => {
    const uuid = '5A0D2B46-1B4C-4D1E-9F7A-3C2B1A0F9E8D'
    expect(
      parsePortfolioViolationFilter({
        suppressed: 'true',
        showInactive: 'TRUE',
        violationState: 'FAIL,WARN,FAIL',
        riskType: 'LICENSE',
        policy: `${uuid},`,
        analysisState: 'NOT_SET',
        occurredOnDateFrom: '2024-01-01',
        occurredOnDateTo: '2024-01-31',
        textSearchField: 'Policy_Name, project_name',
        textSearchInput: '  shop ',
      }),
    ).toEqual({
      includeSuppressed: true,
      includeInactive: true,
      violationStates: ['FAIL', 'WARN'],
      types: ['LICENSE'],
      policyUuids: [uuid.toLowerCase()],
      analysisStates: ['NOT_SET'],
      occurredFrom: '2024-01-01',
      occurredTo: '2024-01-31',
      textFields: ['policy_name', 'project_name'],
      textInput: 'shop',
    })
  })

  it('defaults to unsuppressed violations of active projects, unfiltered', () => {
    expect(parsePortfolioViolationFilter({})).toMatchObject({
      includeSuppressed: false,
      includeInactive: false,
      violationStates: [],
      types: [],
      policyUuids: [],
      analysisStates: [],
      textFields: [],
      textInput: undefined,
    })
  })

  it('takes enum names exactly, as valueOf does', () => {
    const error = failure({ riskType: 'license' })
    expect(error.status).toBe(400)
    expect(error.body).toEqual({
      status: 400,
      title: 'Illegal argument provided',
      detail: 'No enum constant org.dependencytrack.model.PolicyViolation.Type.license',
    })
    expect((failure({ policy: '1234' }).body as { detail: string }).detail).toBe(
      'Invalid UUID string: 1234',
    )
  })
})
