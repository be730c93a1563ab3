import { describe, expect, it } from 'vitest'
import { C, fakeApi, P, V, VIOLATION } from '~/api/violations.fixture.ts'
import { PolicyViolationSchema } from '~/api/violations.server.ts'
import { parseListParams } from '~/components/list-kit/url-state.ts'
import { ViolationDecisionSchema } from '~/components/violations/decision-schema.ts'
import {
  loadViolationPanel,
  saveViolationDecision,
  ViolationListParamsSchema,
  violationsTabUrl,
} from './__policy-violations-tab.server.ts'

const parse = (query: string) =>
  parseListParams(ViolationListParamsSchema, new URLSearchParams(query))
const violation = (condition: Partial<(typeof VIOLATION)['policyCondition']> = {}) =>
  PolicyViolationSchema.parse({
    ...VIOLATION,
    policyCondition: { ...VIOLATION.policyCondition, ...condition },
  })

const LICENSES = [
  { ...VIOLATION.component.resolvedLicense },
  { ...VIOLATION.component.resolvedLicense, uuid: 'm', licenseId: 'MIT', name: 'MIT License' },
]
const TRAIL = {
  analysisState: 'REJECTED',
  analysisComments: [{ timestamp: 5, comment: 'NOT_SET → REJECTED', commenter: 'ann' }],
  isSuppressed: false,
}

describe('the policy violations tab URL', () => {
  it('reads sort, search, the suppressed switch and the open violation', () => {
    expect(
      parse(
        `sortName=timestamp&sortOrder=asc&searchText=gpl&suppressed=1&violationState=fail&expanded=${V.toUpperCase()}`,
      ),
    ).toMatchObject({
      violationState: 'FAIL',
      sortName: 'timestamp',
      sortOrder: 'asc',
      searchText: 'gpl',
      suppressed: true,
      expanded: V,
    })
  })

  it('ignores a column the API cannot sort by and an open row that is not a uuid', () => {
    expect(parse('sortName=project.name&expanded=x&violationState=BAD')).toMatchObject({
      violationState: undefined,
      sortName: undefined,
      expanded: undefined,
      suppressed: false,
    })
  })

  it('returns to the same view after a decision, without one-off parameters', () => {
    expect(violationsTabUrl(P, new URLSearchParams(`expanded=${V}&index&_data=x`))).toBe(
      `/projects/${P}/policyViolations?expanded=${V}`,
    )
    expect(violationsTabUrl(P, new URLSearchParams())).toBe(`/projects/${P}/policyViolations`)
  })
})

describe('loadViolationPanel', () => {
  it("names the violated license, shows the component's license and the trail", async () => {
    const { api, requests } = fakeApi((path) =>
      path === '/v1/violation/analysis' ? Response.json(TRAIL) : Response.json(LICENSES),
    )
    const panel = await loadViolationPanel(api, violation())
    expect(panel).toEqual({
      uuid: V,
      analysis: TRAIL,
      condition:
        'subject == LICENSE && value IS GPL-3.0-only (GNU General Public License v3.0 only)',
      facts: [{ labelKey: 'componentDetails.fields.license', value: 'GPL-3.0-only' }],
    })
    const analysisUrl = new URL(requests.find((r) => r.url.includes('analysis'))!.url)
    expect(Object.fromEntries(analysisUrl.searchParams)).toEqual({
      component: C,
      policyViolation: V,
    })
  })

  it('names a license group, and keeps the uuid when the reader may not list groups', async () => {
    const groups = [{ uuid: 'g', name: 'Copyleft', riskWeight: 8, licenses: [] }]
    const allowed = fakeApi((path) =>
      path === '/v1/licenseGroup' ? Response.json(groups) : new Response(''),
    )
    const condition = { subject: 'LICENSE_GROUP', operator: 'IS', value: 'g' } as const
    expect((await loadViolationPanel(allowed.api, violation(condition))).condition).toBe(
      'subject == LICENSE_GROUP && value IS Copyleft',
    )
    const refused = fakeApi((path) =>
      path === '/v1/licenseGroup' ? new Response('', { status: 403 }) : new Response(''),
    )
    const panel = await loadViolationPanel(refused.api, violation(condition))
    expect(panel.condition).toBe('subject == LICENSE_GROUP && value IS g')
    expect(panel.analysis).toBeNull()
  })

  it('asks for no license data when the condition is not about licenses', async () => {
    const { api, requests } = fakeApi(() => new Response(''))
    const condition = { subject: 'PACKAGE_URL', operator: 'MATCHES', value: 'pkg:npm/left-.*' }
    const panel = await loadViolationPanel(api, violation(condition as never))
    expect(requests).toHaveLength(1)
    expect(panel.facts).toEqual([
      { labelKey: 'componentDetails.fields.purl', value: 'pkg:npm/left-pad@1.3.0' },
    ])
  })
})

describe('the violation decision form', () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData()
    for (const [key, value] of Object.entries(fields)) data.set(key, value)
    return data
  }

  it('resets to Not Set without a state, reads the checkbox and drops a blank comment', () => {
    expect(
      ViolationDecisionSchema.parse({ policyViolation: V, component: C, comment: '   ' }),
    ).toEqual({ policyViolation: V, component: C, analysisState: 'NOT_SET', isSuppressed: false })
    expect(
      ViolationDecisionSchema.parse({
        policyViolation: V,
        component: C,
        analysisState: 'APPROVED',
        isSuppressed: 'on',
        comment: ' Accepted by legal. ',
      }),
    ).toMatchObject({
      analysisState: 'APPROVED',
      isSuppressed: true,
      comment: 'Accepted by legal.',
    })
  })

  it('refuses a tampered form without calling the API', async () => {
    const { api, requests } = fakeApi(() => Response.json(TRAIL))
    const tampered: Array<Record<string, string>> = [
      { policyViolation: 'x', component: C },
      { policyViolation: V, component: C, analysisState: 'EXPLOITABLE' },
    ]
    for (const fields of tampered) {
      expect(await saveViolationDecision(api, form(fields))).toEqual({ ok: false })
    }
    expect(requests).toHaveLength(0)
  })

  it('records the decision with PUT /violation/analysis', async () => {
    const { api, last } = fakeApi(() => Response.json(TRAIL))
    const result = await saveViolationDecision(
      api,
      form({
        intent: 'audit',
        policyViolation: V,
        component: C,
        analysisState: 'REJECTED',
        comment: 'Needs a replacement',
      }),
    )
    expect(result).toEqual({ ok: true, analysis: TRAIL })
    expect(last().request.method).toBe('PUT')
    expect(await last().request.json()).toEqual({
      policyViolation: V,
      component: C,
      analysisState: 'REJECTED',
      comment: 'Needs a replacement',
      isSuppressed: false,
    })
  })
})
