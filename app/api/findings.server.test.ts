import { describe, expect, it, vi } from 'vitest'
import type { ApiClient } from './client.server.ts'
import { listAllProjectFindings, listProjectFindings } from './findings.server.ts'

/** A project finding as dt-api-portfolio §5.1 shows it (keys absent when null). */
const FINDING = {
  component: {
    uuid: 'c',
    name: 'log4j-core',
    group: 'org.apache.logging.log4j',
    version: '2.14.1',
    project: 'p',
  },
  vulnerability: {
    uuid: 'v',
    source: 'NVD',
    vulnId: 'CVE-2021-44228',
    severity: 'CRITICAL',
    severityRank: 0,
    cvssV3BaseScore: 10,
    epssScore: 0.97,
    cwes: [{ cweId: 502, name: 'Deserialization of Untrusted Data' }],
    aliases: [{ ghsaId: 'GHSA-jfh8-c2jp-5v3q' }],
    someFutureField: true,
  },
  analysis: { isSuppressed: false },
  attribution: { analyzerIdentity: 'INTERNAL_ANALYZER', attributedOn: 1_700_000_000_000 },
  matrix: 'p:c:v',
}

function client(total?: string) {
  const send = vi.fn(async () =>
    Response.json([FINDING], { headers: total ? { 'X-Total-Count': total } : {} }),
  )
  return { api: { send } as unknown as ApiClient, send }
}

describe('listProjectFindings', () => {
  it('asks for one sorted page and reads the filtered total', async () => {
    const { api, send } = client('42')
    const page = await listProjectFindings(api, 'p', {
      suppressed: true,
      searchText: 'log4j',
      pageNumber: 3,
      pageSize: 25,
      sortName: 'vulnerability.severity',
      sortOrder: 'desc',
    })
    expect(send).toHaveBeenCalledWith('/v1/finding/project/p', {
      query: {
        suppressed: true,
        searchText: 'log4j',
        pageNumber: 3,
        pageSize: 25,
        sortName: 'vulnerability.severity',
        sortOrder: 'desc',
      },
    })
    expect(page.total).toBe(42)
    expect(page.findings[0]?.vulnerability.aliases).toEqual([{ ghsaId: 'GHSA-jfh8-c2jp-5v3q' }])
  })

  it('sends no order without a sort column', async () => {
    const { api, send } = client()
    const page = await listProjectFindings(api, 'p', {
      suppressed: false,
      pageNumber: 1,
      pageSize: 10,
      sortOrder: 'desc',
    })
    expect(send).toHaveBeenCalledWith('/v1/finding/project/p', {
      query: expect.objectContaining({ sortName: undefined, sortOrder: undefined }),
    })
    expect(page.total).toBe(1)
  })
})

describe('listAllProjectFindings', () => {
  it('asks as 4.13 does (no paging) for one source', async () => {
    const { api, send } = client('1')
    const findings = await listAllProjectFindings(api, 'p', { suppressed: false, source: 'NVD' })
    expect(send).toHaveBeenCalledWith('/v1/finding/project/p', {
      query: { suppressed: false, source: 'NVD' },
    })
    expect(findings[0]?.vulnerability.epssScore).toBe(0.97)
  })
})
