import { describe, expect, it, vi } from 'vitest'
import { ApiError, type ApiClient } from '~/api/client.server.ts'
import { parseVisibleColumns } from '~/components/findings/column-picker.tsx'
import { DEFAULT_COLUMNS, OPTIONAL_COLUMNS } from '~/components/findings/findings-table.tsx'
import { parseListParams } from '~/components/list-kit/url-state.ts'
import {
  auditRequest,
  FindingListParamsSchema,
  findingsTabUrl,
  lookupUrl,
} from './__findings-tab.server.ts'

const P = '11111111-1111-4111-8111-111111111111'
const C = '22222222-2222-4222-8222-222222222222'
const V = '33333333-3333-4333-8333-333333333333'
const MATRIX = `${P}:${C}:${V}`

const parse = (query: string) =>
  parseListParams(FindingListParamsSchema, new URLSearchParams(query))

describe('the findings tab URL', () => {
  it('reads sort, search, the suppressed switch and the expanded row', () => {
    expect(
      parse(
        `sortName=vulnerability.severity&sortOrder=desc&searchText=log4j&suppressed=1&expanded=${MATRIX.toUpperCase()}`,
      ),
    ).toMatchObject({
      sortName: 'vulnerability.severity',
      sortOrder: 'desc',
      searchText: 'log4j',
      suppressed: true,
      expanded: MATRIX,
    })
  })

  it('ignores a sort column outside the allow-list and a malformed matrix', () => {
    expect(parse('sortName=vulnerability.description&expanded=abc')).toMatchObject({
      sortName: undefined,
      expanded: undefined,
      suppressed: false,
    })
  })

  it('returns to the same view after an action, without one-off parameters', () => {
    expect(findingsTabUrl(P, new URLSearchParams(`expanded=${MATRIX}&index&_data=x`))).toBe(
      `/projects/${P}/findings?expanded=${encodeURIComponent(MATRIX)}`,
    )
  })

  it('shows the default optional columns until the reader picks some', () => {
    expect(parseVisibleColumns(new URLSearchParams(''), OPTIONAL_COLUMNS, DEFAULT_COLUMNS)).toEqual(
      ['aliases', 'cwe', 'attributedOn'],
    )
    expect(
      parseVisibleColumns(
        new URLSearchParams('cols=1&col=matrix&col=bogus'),
        OPTIONAL_COLUMNS,
        DEFAULT_COLUMNS,
      ),
    ).toEqual(['matrix'])
    expect(
      parseVisibleColumns(new URLSearchParams('cols=1'), OPTIONAL_COLUMNS, DEFAULT_COLUMNS),
    ).toEqual([])
  })
})

describe('auditRequest', () => {
  const decision = {
    matrix: MATRIX,
    analysisState: 'EXPLOITABLE' as const,
    analysisJustification: 'CODE_NOT_PRESENT' as const,
    analysisResponse: 'UPDATE' as const,
    analysisDetails: undefined,
    comment: '  checked  ',
    isSuppressed: false,
    scope: 'PROJECT' as const,
  }

  it('addresses the finding and sends every field, the scope included', () => {
    expect(auditRequest(decision)).toEqual({
      project: P,
      component: C,
      vulnerability: V,
      analysisState: 'EXPLOITABLE',
      analysisJustification: 'NOT_SET',
      analysisResponse: 'UPDATE',
      analysisDetails: '',
      comment: 'checked',
      isSuppressed: false,
      scope: 'PROJECT',
    })
  })

  it('keeps the justification only for NOT_AFFECTED and drops a blank comment', () => {
    const request = auditRequest({ ...decision, analysisState: 'NOT_AFFECTED', comment: '   ' })
    expect(request.analysisJustification).toBe('CODE_NOT_PRESENT')
    expect(request.comment).toBeUndefined()
  })
})

describe('lookupUrl', () => {
  const finding = (component: string, vulnId: string, isSuppressed = false) => ({
    component: { uuid: component, name: 'lib', project: P },
    vulnerability: {
      uuid: V,
      source: 'NVD',
      vulnId,
      severity: 'HIGH',
      severityRank: 1,
      aliases: [],
    },
    analysis: { isSuppressed },
    attribution: { analyzerIdentity: 'INTERNAL_ANALYZER', attributedOn: 0 },
    matrix: `${P}:${component}:${V}`,
  })
  const api = (rows: unknown[]) => {
    const send = vi.fn(async () => Response.json(rows, { headers: { 'X-Total-Count': '1' } }))
    return { api: { send } as unknown as ApiClient, send }
  }

  it('expands the one matching finding, showing suppressed ones when it is suppressed', async () => {
    const { api: client, send } = api([finding(C, 'CVE-2021-44228', true)])
    const url = new URL(await lookupUrl(client, P, 'CVE-2021-44228'), 'http://x')
    expect(url.pathname).toBe(`/projects/${P}/findings`)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      searchText: 'CVE-2021-44228',
      suppressed: '1',
      expanded: MATRIX,
    })
    expect(send).toHaveBeenCalledWith(`/v1/finding/project/${P}`, {
      query: expect.objectContaining({ suppressed: true, searchText: 'CVE-2021-44228' }),
    })
  })

  it('only searches when several findings match, or the component is another', async () => {
    const other = '44444444-4444-4444-8444-444444444444'
    const rows = [finding(C, 'CVE-1'), finding(other, 'CVE-1')]
    expect(await lookupUrl(api(rows).api, P, 'CVE-1')).toBe(
      `/projects/${P}/findings?searchText=CVE-1`,
    )
    expect(await lookupUrl(api(rows).api, P, 'CVE-1', other)).toContain(
      `expanded=${encodeURIComponent(`${P}:${other}:${V}`)}`,
    )
  })

  it('answers 404 for a project the API does not know', async () => {
    const send = vi.fn(async () => {
      throw new ApiError({ status: 404, statusText: 'Not Found', contentType: null, body: '' })
    })
    const failure = await lookupUrl({ send } as unknown as ApiClient, P, 'CVE-1').catch(
      (error: unknown) => error,
    )
    expect(failure).toBeInstanceOf(Response)
    expect((failure as Response).status).toBe(404)
  })
})
