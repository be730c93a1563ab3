import { describe, expect, it } from 'vitest'
import type { ApiClient, RequestOptions } from './client.server.ts'
import {
  conditionRowErrors,
  limitToProject,
  limitToTag,
  replaceConditions,
  updatePolicy,
  type Policy,
} from './policy-editor.server.ts'

const POLICY: Policy = {
  uuid: 'c0ffee00-0000-4000-8000-000000000001',
  name: 'No copyleft',
  operator: 'ANY',
  violationState: 'FAIL',
  policyConditions: [],
  projects: [],
  tags: [],
  includeChildren: true,
  onlyLatestProjectVersion: false,
  global: true,
}

/** Records what the console sends and answers the policy back. */
function recordingApi() {
  const sent: Array<{ path: string; options: RequestOptions }> = []
  const send = async (path: string, options: RequestOptions = {}) => {
    sent.push({ path, options })
    return Response.json(POLICY)
  }
  const api = {
    send,
    json: async (schema, path, options) => schema.parse(await (await send(path, options)).json()),
    text: async () => '',
  } as ApiClient
  return { api, sent }
}

describe('policy editor API calls', () => {
  it('sends every field POST /policy replaces, with the edited ones changed', async () => {
    const { api, sent } = recordingApi()
    await updatePolicy(api, POLICY, { name: 'Copyleft', violationState: 'WARN' })
    expect(sent[0]).toMatchObject({ path: '/v1/policy', options: { method: 'POST' } })
    expect(sent[0]!.options.json).toEqual({
      uuid: POLICY.uuid,
      name: 'Copyleft',
      operator: 'ANY',
      violationState: 'WARN',
      includeChildren: true,
      onlyLatestProjectVersion: false,
    })
  })

  it('replaces the conditions with one PUT', async () => {
    const { api, sent } = recordingApi()
    const conditions = [{ subject: 'SEVERITY' as const, operator: 'IS' as const, value: 'HIGH' }]
    await replaceConditions(api, POLICY.uuid, conditions)
    expect(sent[0]).toMatchObject({
      path: `/v1/policy/${POLICY.uuid}/conditions`,
      options: { method: 'PUT', json: conditions },
    })
  })

  it('limits to a project through the policy and to a tag through the tag, 304 being fine', async () => {
    const { api, sent } = recordingApi()
    await limitToProject(api, POLICY.uuid, 'p-1')
    await limitToTag(api, POLICY.uuid, 'team a')
    expect(sent[0]).toMatchObject({
      path: `/v1/policy/${POLICY.uuid}/project/p-1`,
      options: { method: 'POST', accept: [304] },
    })
    expect(sent[1]).toMatchObject({
      path: '/v1/tag/team%20a/policy',
      options: { method: 'POST', json: [POLICY.uuid] },
    })
  })
})

describe('conditionRowErrors', () => {
  const refusal = (body: unknown, contentType = 'application/problem+json', status = 400) => ({
    status,
    statusText: 'Bad Request',
    contentType,
    body: JSON.stringify(body),
  })

  it('reads the problem keys by row index', () => {
    const errors = conditionRowErrors(
      refusal({ status: 400, title: 'Invalid conditions', errors: { '0': 'period', '3': 'hash' } }),
    )
    expect([...errors]).toEqual([
      [0, 'period'],
      [3, 'hash'],
    ])
  })

  it('finds none in other answers', () => {
    expect(conditionRowErrors(refusal([{ message: 'x' }], 'application/json')).size).toBe(0)
    expect(
      conditionRowErrors(refusal({ errors: { '0': 'period' } }, 'application/problem+json', 404))
        .size,
    ).toBe(0)
    expect(conditionRowErrors({ ...refusal({}), body: 'not json' }).size).toBe(0)
    expect(conditionRowErrors(refusal({ errors: { name: 'x' } })).size).toBe(0)
  })
})
