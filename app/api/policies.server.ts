import { z } from 'zod'
import {
  PolicyConditionShape,
  PolicyProjectShape,
  PolicyShape,
  PolicyTagShape,
} from '../../common/policy-shapes.ts'
import type { FailedResponse } from '~/utils/api-errors.ts'
import type { ApiClient } from './client.server.ts'
import { listProjects, type ProjectRow } from './projects.server.ts'
import { fetchPage as page, type PageOptions } from './paging.server.ts'
import { tagErrors } from './tags.server.ts'

export const PolicySchema = PolicyShape.extend({
  policyConditions: z.array(PolicyConditionShape.loose()),
  projects: z.array(PolicyProjectShape.partial({ active: true }).loose()),
  tags: z.array(PolicyTagShape.loose()),
}).loose()
export type PolicyRow = z.infer<typeof PolicySchema>

/** One page of policies (GET /policy: search on the name, by name unless sorted otherwise). */
export function listPolicies(api: ApiClient, options: PageOptions) {
  return page(api, PolicySchema, '/v1/policy', options)
}

/** PUT /policy with only a name: 4.13's defaults (ANY, INFO) apply; 409 when the name is taken. */
export function createPolicy(api: ApiClient, name: string) {
  return api.json(PolicySchema, '/v1/policy', { method: 'PUT', json: { name } })
}

export interface BatchChanges {
  violationState?: PolicyRow['violationState']
  operator?: PolicyRow['operator']
  includeChildren?: boolean
  onlyLatestProjectVersion?: boolean
  addProjects?: string[]
  removeProjects?: string[]
  addTags?: string[]
  removeTags?: string[]
  delete?: true
}

/** POST /policy/batch: every change to every policy in one transaction, or nothing. */
export function batchPolicies(api: ApiClient, policies: string[], changes: BatchChanges) {
  return api.json(z.object({ updated: z.number() }).loose(), '/v1/policy/batch', {
    method: 'POST',
    json: { policies, changes },
  })
}

/**
 * Why a batch was refused, one line per policy uuid, project uuid or tag name. The batch answers
 * with the problem shape DELETE /tag uses (`errors: {<key>: <message>}`); empty for other answers.
 */
export function batchProblems(response: FailedResponse) {
  return tagErrors(response).map(({ tag, message }) => ({ key: tag, message }))
}
export type BatchProblem = ReturnType<typeof batchProblems>[number]

export const FOUND_PROJECTS_PAGE = 10

export interface ProjectChoice {
  uuid: string
  name: string
  version?: string
}

const asChoice = ({ uuid, name, version }: ProjectRow): ProjectChoice => ({ uuid, name, version })

/** Active projects whose name contains the text, as 4.13's Select Project dialog offers them. */
export async function findProjects(api: ApiClient, searchText: string | undefined, pageNumber = 1) {
  const { projects, total } = await listProjects(api, {
    excludeInactive: true,
    onlyRoot: false,
    searchText,
    pageNumber,
    pageSize: FOUND_PROJECTS_PAGE,
    sortName: 'name',
    sortOrder: 'asc',
  })
  return { projects: projects.map(asChoice), total }
}
