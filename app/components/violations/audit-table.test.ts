import { describe, expect, it } from 'vitest'
import { P, V, VIOLATION } from '~/api/violations.fixture.ts'
import { PolicyViolationSchema } from '~/api/violations.server.ts'
import { auditHref } from './audit-table.tsx'

describe('auditHref', () => {
  it("opens the violation on its project's tab, searching its component", () => {
    const href = auditHref(PolicyViolationSchema.parse(VIOLATION))
    const url = new URL(href, 'http://console')
    expect(url.pathname).toBe(`/projects/${P}/policyViolations`)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      searchText: 'left-pad',
      expanded: V,
      pageSize: '100',
    })
  })

  it('shows suppressed violations when the violation is one', () => {
    const suppressed = PolicyViolationSchema.parse({
      ...VIOLATION,
      analysis: { ...VIOLATION.analysis, isSuppressed: true },
    })
    expect(new URL(auditHref(suppressed), 'http://console').searchParams.get('suppressed')).toBe(
      '1',
    )
  })
})
