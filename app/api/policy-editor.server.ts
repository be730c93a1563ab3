import { z } from 'zod'
import type { ConditionOperator, ConditionSubject } from '../../common/dt-vocabulary.ts'
import type { FailedResponse } from '~/utils/api-errors.ts'
import type { ApiClient } from './client.server.ts'
import { PolicySchema, type PolicyRow as Policy } from './policies.server.ts'

export type { Policy }

const policyPath = (uuid: string) => `/v1/policy/${encodeURIComponent(uuid)}`

export function getPolicy(api: ApiClient, uuid: string) {
  return api.json(PolicySchema, policyPath(uuid))
}

/** What POST /policy replaces: every field of §4.12's body. */
export interface PolicyFields {
  name: string
  operator: Policy['operator']
  violationState: Policy['violationState']
  includeChildren: boolean
  onlyLatestProjectVersion: boolean
}

/** POST /policy replaces all fields: the ones not edited go back as they are. */
export function updatePolicy(api: ApiClient, policy: Policy, changes: Partial<PolicyFields>) {
  const { uuid, name, operator, violationState, includeChildren, onlyLatestProjectVersion } = policy
  return api.json(PolicySchema, '/v1/policy', {
    method: 'POST',
    json: {
      uuid,
      name,
      operator,
      violationState,
      includeChildren,
      onlyLatestProjectVersion,
      ...changes,
    },
  })
}

export async function deletePolicy(api: ApiClient, uuid: string) {
  await api.send(policyPath(uuid), { method: 'DELETE' })
}

export interface ConditionInput {
  uuid?: string
  subject: ConditionSubject
  operator: ConditionOperator
  value: string
}

/**
 * Lookout's `PUT /policy/{uuid}/conditions`: the policy's conditions become exactly these, in
 * one transaction (rows with a uuid updated, without one created, the others deleted).
 */
export function replaceConditions(api: ApiClient, uuid: string, conditions: ConditionInput[]) {
  return api.json(PolicySchema, `${policyPath(uuid)}/conditions`, {
    method: 'PUT',
    json: conditions,
  })
}

/**
 * The rows a refused replacement names (`errors: {"<row index>": "<problem key>"}`), by the
 * index of the submitted array; empty when the answer is something else.
 */
export function conditionRowErrors(response: FailedResponse): Map<number, string> {
  const rows = new Map<number, string>()
  if (response.status !== 400 || !response.contentType?.includes('problem+json')) return rows
  let parsed: unknown
  try {
    parsed = JSON.parse(response.body)
  } catch {
    return rows
  }
  const problem = z.object({ errors: z.record(z.string(), z.string()) }).safeParse(parsed)
  if (!problem.success) return rows
  for (const [index, key] of Object.entries(problem.data.errors)) {
    if (/^\d+$/.test(index)) rows.set(Number(index), key)
  }
  return rows
}

/** 304 (already limited to it, or not) is an answer, not a failure. */
const UNCHANGED = { accept: [304] }

export async function limitToProject(api: ApiClient, policy: string, project: string) {
  await api.send(`${policyPath(policy)}/project/${encodeURIComponent(project)}`, {
    method: 'POST',
    ...UNCHANGED,
  })
}

export async function unlimitProject(api: ApiClient, policy: string, project: string) {
  await api.send(`${policyPath(policy)}/project/${encodeURIComponent(project)}`, {
    method: 'DELETE',
    ...UNCHANGED,
  })
}

const tagPolicyPath = (tag: string) => `/v1/tag/${encodeURIComponent(tag)}/policy`

/** The tag operations the 4.13 console uses for a policy's tag limits (§4.19). */
export async function limitToTag(api: ApiClient, policy: string, tag: string) {
  await api.send(tagPolicyPath(tag), { method: 'POST', json: [policy] })
}

export async function unlimitTag(api: ApiClient, policy: string, tag: string) {
  await api.send(tagPolicyPath(tag), { method: 'DELETE', json: [policy] })
}
