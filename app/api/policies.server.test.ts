import { describe, expect, it, vi } from 'vitest'
import type { ApiClient } from './client.server.ts'
import { batchProblems, listPolicies } from './policies.server.ts'

/** A policy as 4.13 lists it (§3.12), with a field this console does not know. */
const POLICY = {
  uuid: 'p',
  name: 'No copyleft',
  operator: 'ANY',
  violationState: 'FAIL',
  policyConditions: [{ uuid: 'c', subject: 'LICENSE_GROUP', operator: 'IS', value: 'g' }],
  projects: [{ uuid: 'x', name: 'shop', version: '1.0', active: true, classifier: 'APPLICATION' }],
  tags: [{ name: 'prod' }],
  includeChildren: true,
  onlyLatestProjectVersion: false,
  global: false,
  someFutureField: 1,
}

describe('listPolicies', () => {
  it('asks for one sorted page and reads the policies with their total', async () => {
    const send = vi.fn(async () => Response.json([POLICY], { headers: { 'X-Total-Count': '12' } }))
    const page = await listPolicies({ send } as unknown as ApiClient, {
      searchText: 'copy',
      pageNumber: 2,
      pageSize: 10,
      sortName: 'violationState',
      sortOrder: 'desc',
    })
    expect(send).toHaveBeenCalledWith('/v1/policy', {
      query: {
        searchText: 'copy',
        pageNumber: 2,
        pageSize: 10,
        sortName: 'violationState',
        sortOrder: 'desc',
      },
    })
    expect(page.total).toBe(12)
    expect(page.rows[0]).toMatchObject({
      name: 'No copyleft',
      violationState: 'FAIL',
      projects: [{ name: 'shop', version: '1.0' }],
      tags: [{ name: 'prod' }],
    })
  })
})

describe('batchProblems', () => {
  it('reads the reason per policy, project or tag from a refused batch', () => {
    const body = JSON.stringify({
      status: 400,
      title: 'Policy operation failed',
      errors: { prod: 'Tag does not exist', 'a-uuid': 'The policy could not be found.' },
    })
    expect(
      batchProblems({
        status: 400,
        statusText: 'Bad Request',
        contentType: 'application/problem+json',
        body,
      }),
    ).toEqual([
      { key: 'a-uuid', message: 'The policy could not be found.' },
      { key: 'prod', message: 'Tag does not exist' },
    ])
  })

  it('finds nothing in an answer of another shape', () => {
    expect(
      batchProblems({ status: 403, statusText: 'Forbidden', contentType: 'text/plain', body: '' }),
    ).toEqual([])
  })
})
