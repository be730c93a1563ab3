import { describe, expect, it } from 'vitest'
import { parseViolationAuditParams } from '~/components/violations/audit-params.ts'
import { C, fakeApi, P, V, VIOLATION } from './violations.fixture.ts'
import {
  countProjectViolations,
  downloadViolationsCsv,
  getViolationAnalysis,
  listPolicyChoices,
  listPortfolioViolations,
  listProjectViolations,
  putViolationAnalysis,
} from './violations.server.ts'

/** Answers every request with `body`. */
const answering = (body: unknown, headers: Record<string, string> = {}) =>
  fakeApi(() =>
    typeof body === 'string' ? new Response(body, { headers }) : Response.json(body, { headers }),
  )

describe('listProjectViolations', () => {
  it('asks for one sorted page of the project and reads the total', async () => {
    const { api, last } = answering([VIOLATION], { 'X-Total-Count': '31' })
    const page = await listProjectViolations(api, P, {
      suppressed: true,
      violationState: 'WARN',
      searchText: 'gpl',
      pageNumber: 2,
      pageSize: 25,
      sortName: 'policyCondition.policy.name',
      sortOrder: 'desc',
    })
    expect(last()).toMatchObject({
      path: `/api/v1/violation/project/${P}`,
      query: {
        suppressed: 'true',
        violationState: 'WARN',
        searchText: 'gpl',
        pageNumber: '2',
        pageSize: '25',
        sortName: 'policyCondition.policy.name',
        sortOrder: 'desc',
      },
    })
    expect(page.total).toBe(31)
    expect(page.violations[0]?.component.resolvedLicense?.licenseId).toBe('GPL-3.0-only')
    expect(page.violations[0]?.policyCondition.policy.violationState).toBe('FAIL')
  })

  it('sends no order without a sort column, and counts the rows without a total', async () => {
    const { api, last } = answering([VIOLATION])
    const page = await listProjectViolations(api, P, {
      suppressed: false,
      pageNumber: 1,
      pageSize: 10,
      sortOrder: 'asc',
    })
    expect(last().query).toEqual({ suppressed: 'false', pageNumber: '1', pageSize: '10' })
    expect(page.total).toBe(1)
  })
})

describe('countProjectViolations', () => {
  it("counts the project's unsuppressed violations per state with one-row pages", async () => {
    const totals: Record<string, string> = { FAIL: '4', WARN: '0', INFO: '12' }
    const { api, requests } = fakeApi((path, query) =>
      Response.json([], { headers: { 'X-Total-Count': totals[query.get('violationState')!]! } }),
    )
    expect(await countProjectViolations(api, P)).toEqual({ INFO: 12, WARN: 0, FAIL: 4 })
    expect(requests.map((request) => new URL(request.url).search).sort()).toEqual([
      '?violationState=FAIL&pageNumber=1&pageSize=1',
      '?violationState=INFO&pageNumber=1&pageSize=1',
      '?violationState=WARN&pageNumber=1&pageSize=1',
    ])
  })
})

describe('the portfolio view', () => {
  const params = parseViolationAuditParams(new URLSearchParams('violationState=FAIL&page=2'))

  it('lists one page of GET /violation with the filters', async () => {
    const { api, last } = answering([VIOLATION], { 'X-Total-Count': '11' })
    const page = await listPortfolioViolations(api, params)
    expect(last()).toMatchObject({
      path: '/api/v1/violation',
      query: { violationState: 'FAIL', pageNumber: '2', sortName: 'timestamp' },
    })
    expect(page).toMatchObject({ total: 11, violations: [{ uuid: V }] })
  })

  it('downloads the whole view as CSV', async () => {
    const { api, last } = answering('uuid\n', { 'Content-Type': 'text/csv' })
    await downloadViolationsCsv(api, params)
    expect(last().request.headers.get('Accept')).toBe('text/csv')
    expect(last().query).not.toHaveProperty('pageNumber')
    expect(last().query).toMatchObject({ violationState: 'FAIL' })
  })

  it('lists the policies for the Policies filter by name', async () => {
    const { api, last } = answering([{ uuid: 'p', name: 'No GPL', operator: 'ANY' }])
    expect(await listPolicyChoices(api)).toEqual([{ uuid: 'p', name: 'No GPL' }])
    expect(last()).toMatchObject({
      path: '/api/v1/policy',
      query: { pageNumber: '1', pageSize: '1000', sortName: 'name', sortOrder: 'asc' },
    })
  })

  it('leaves the Policies filter out when the server refuses the policy list', async () => {
    const refused = fakeApi(() => new Response('', { status: 403 }))
    expect(await listPolicyChoices(refused.api)).toBeUndefined()
    const failing = fakeApi(() => new Response('', { status: 500 }))
    await expect(listPolicyChoices(failing.api)).rejects.toThrow('500')
  })
})

describe('violation analysis', () => {
  const target = { component: C, policyViolation: V }

  it('reads an empty answer as no analysis yet', async () => {
    expect(await getViolationAnalysis(answering('').api, target)).toBeUndefined()
  })

  it('reads an analysis with its trail', async () => {
    const analysis = {
      analysisState: 'REJECTED',
      analysisComments: [{ timestamp: 1, comment: 'NOT_SET → REJECTED', commenter: 'ann' }],
      isSuppressed: true,
    }
    const { api, last } = answering(analysis)
    expect(await getViolationAnalysis(api, target)).toEqual(analysis)
    expect(last()).toMatchObject({ path: '/api/v1/violation/analysis', query: target })
  })

  it('records a decision with PUT', async () => {
    const { api, last } = answering({
      analysisState: 'APPROVED',
      analysisComments: [],
      isSuppressed: false,
    })
    await putViolationAnalysis(api, { ...target, analysisState: 'APPROVED', isSuppressed: false })
    expect(last().request.method).toBe('PUT')
    expect(await last().request.json()).toEqual({
      ...target,
      analysisState: 'APPROVED',
      isSuppressed: false,
    })
  })
})
