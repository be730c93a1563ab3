import { z } from 'zod'
import { ComponentShape } from '../../common/dt-shapes.ts'
import {
  PolicyConditionShape,
  PolicyViolationShape,
  ViolationAnalysisShape,
  ViolationPolicyShape,
} from '../../common/policy-shapes.ts'
import {
  POLICY_VIOLATION_STATES,
  type PolicyViolationState,
  type ViolationAnalysisState,
} from '../../common/dt-vocabulary.ts'
import {
  violationAuditQuery,
  type ViolationAuditParams,
} from '~/components/violations/audit-params.ts'
import { ApiError, type ApiClient } from './client.server.ts'

/** §3.15, read leniently. */
export const ViolationAnalysisSchema = ViolationAnalysisShape.loose()
export type ViolationAnalysis = z.infer<typeof ViolationAnalysisSchema>

/** A policy violation (§3.14) as the lists answer it, read leniently: newer servers add fields. */
export const PolicyViolationSchema = PolicyViolationShape.extend({
  project: PolicyViolationShape.shape.project.loose(),
  component: ComponentShape.loose(),
  policyCondition: PolicyConditionShape.extend({ policy: ViolationPolicyShape.loose() }).loose(),
  analysis: ViolationAnalysisSchema.optional(),
}).loose()
export type PolicyViolation = z.infer<typeof PolicyViolationSchema>

/** Sort keys of a project's violations: the columns 4.13's tab sorts (persistent paths). */
export const PROJECT_VIOLATION_SORTS = [
  'policyCondition.policy.violationState',
  'type',
  'policyCondition.policy.name',
  'component.name',
  'timestamp',
  'analysis.analysisState',
  'analysis.suppressed',
] as const

async function readPage(response: Response) {
  const violations = z.array(PolicyViolationSchema).parse(await response.json())
  const total = Number(response.headers.get('X-Total-Count') ?? violations.length)
  return { violations, total: Number.isFinite(total) ? total : violations.length }
}

export interface ProjectViolationOptions {
  suppressed: boolean
  /** Lookout's additive filter: only this state (the 4.13 project list has none). */
  violationState?: PolicyViolationState
  searchText?: string
  pageNumber: number
  pageSize: number
  sortName?: string
  sortOrder?: 'asc' | 'desc'
}

/** One page of GET /violation/project/{uuid} (§4.14) with its total. */
export async function listProjectViolations(
  api: ApiClient,
  projectUuid: string,
  options: ProjectViolationOptions,
) {
  const response = await api.send(`/v1/violation/project/${encodeURIComponent(projectUuid)}`, {
    query: {
      suppressed: options.suppressed,
      violationState: options.violationState,
      searchText: options.searchText,
      pageNumber: options.pageNumber,
      pageSize: options.pageSize,
      sortName: options.sortName,
      sortOrder: options.sortName ? options.sortOrder : undefined,
    },
  })
  return readPage(response)
}

/**
 * How many unsuppressed violations of each state the project has (4.13's tab badges, which it
 * reads from metrics), counted with Lookout's state filter and one-row pages.
 */
export async function countProjectViolations(api: ApiClient, projectUuid: string) {
  const counts = await Promise.all(
    POLICY_VIOLATION_STATES.map(async (state) => {
      const response = await api.send(`/v1/violation/project/${encodeURIComponent(projectUuid)}`, {
        query: { violationState: state, pageNumber: 1, pageSize: 1 },
      })
      await response.body?.cancel()
      return [state, Number(response.headers.get('X-Total-Count') ?? 0) || 0] as const
    }),
  )
  return Object.fromEntries(counts) as Record<PolicyViolationState, number>
}

/** One page of GET /violation (the portfolio, §4.14) with its total. */
export async function listPortfolioViolations(api: ApiClient, params: ViolationAuditParams) {
  return readPage(await api.send('/v1/violation', { query: violationAuditQuery(params) }))
}

/** The whole filtered, sorted portfolio view as CSV (Lookout's `Accept: text/csv` variant). */
export function downloadViolationsCsv(api: ApiClient, params: ViolationAuditParams) {
  return api.send('/v1/violation', {
    query: violationAuditQuery(params, false),
    mediaType: 'text/csv',
  })
}

export interface ViolationTarget {
  component: string
  policyViolation: string
}

/** GET /violation/analysis: undefined when none exists (4.13 answers 200 with an empty body). */
export async function getViolationAnalysis(api: ApiClient, target: ViolationTarget) {
  const text = (await api.text('/v1/violation/analysis', { query: { ...target } })).trim()
  return text ? ViolationAnalysisSchema.parse(JSON.parse(text)) : undefined
}

export interface ViolationAnalysisRequest extends ViolationTarget {
  analysisState: ViolationAnalysisState
  comment?: string
  isSuppressed: boolean
}

/** PUT /violation/analysis (§5.2): records a decision and answers the analysis and its trail. */
export function putViolationAnalysis(api: ApiClient, request: ViolationAnalysisRequest) {
  return api.json(ViolationAnalysisSchema, '/v1/violation/analysis', {
    method: 'PUT',
    json: request,
  })
}

/** A lookup that may be refused (no permission, not there): undefined instead of an error. */
export const unlessRefused = <T>(promise: Promise<T>) =>
  promise.catch((error) => {
    if (error instanceof ApiError && [401, 403, 404].includes(error.status)) return undefined
    throw error
  })

const PolicyChoiceSchema = z.object({ uuid: z.string(), name: z.string() }).loose()

/**
 * Every policy's uuid and name by name, for the audit view's Policies filter (POLICY_MANAGEMENT);
 * undefined when the server refuses the list, and the filter is then left out.
 */
export async function listPolicyChoices(api: ApiClient) {
  const policies = await unlessRefused(
    api.json(z.array(PolicyChoiceSchema), '/v1/policy', {
      query: { pageNumber: 1, pageSize: 1000, sortName: 'name', sortOrder: 'asc' },
    }),
  )
  return policies?.map(({ uuid, name }) => ({ uuid, name }))
}
