import { findAnalysis, listAnalysisComments } from '../../data/analyses.ts'
import {
  deleteRule,
  findVisibleRule,
  linkAnalysisToRule,
  pageOfRules,
  projectNameById,
} from '../../data/analysis-rules.ts'
import { apiKeyTeams } from '../../data/api-keys.ts'
import { findComponentByUuid, findProjectByUuid } from '../../data/components.ts'
import { findVulnerabilityByUuid } from '../../data/vulnerabilities.ts'
import type { Database, Queryable } from '../../db/database.ts'
import { textError } from '../../lib/errors.ts'
import type { Principal } from '../auth/principal.ts'
import { PROJECT_FORBIDDEN } from '../components/access.ts'
import { canAccessProject, projectAccessFor } from '../projects/access.ts'
import { applyDecision } from './apply.ts'
import { storeAndApplyRule, type RuleScope } from './rules.ts'

export const PROJECT_NOT_FOUND = 'The project could not be found.'
export const COMPONENT_NOT_FOUND = 'The component could not be found.'
export const VULNERABILITY_NOT_FOUND = 'The vulnerability could not be found.'
export const NO_ANALYSIS = 'No analysis exists.'
export const RULE_NOT_FOUND = 'The decision rule could not be found.'
export const PORTFOLIO_FORBIDDEN =
  'A decision for the whole portfolio needs access to every project'

export type DecisionScope = 'FINDING' | RuleScope

export interface FindingRef {
  project?: string | null
  component: string
  vulnerability: string
}

export interface DecisionRequest {
  analysisState?: string | null
  analysisJustification?: string | null
  analysisResponse?: string | null
  analysisDetails?: string | null
  comment?: string | null
  isSuppressed?: boolean | null
  scope?: DecisionScope | null
}

/** Lookups in 4.13's order: project (when given), component, vulnerability; each a 404. */
async function resolve(db: Queryable, ref: FindingRef) {
  const project = ref.project ? await findProjectByUuid(db, ref.project) : undefined
  if (ref.project && !project) throw textError(404, PROJECT_NOT_FOUND)
  const component = await findComponentByUuid(db, ref.component)
  if (!component) throw textError(404, COMPONENT_NOT_FOUND)
  const vulnerability = await findVulnerabilityByUuid(db, ref.vulnerability)
  if (!vulnerability) throw textError(404, VULNERABILITY_NOT_FOUND)
  return { project, component, vulnerability }
}

/** GET /analysis: by (component, vulnerability) only; no ACL check, as 4.13. */
export async function getAnalysis(db: Queryable, ref: FindingRef) {
  const { component, vulnerability } = await resolve(db, ref)
  const analysis = await findAnalysis(db, Number(component.id), Number(vulnerability.id))
  if (!analysis) throw textError(404, NO_ANALYSIS)
  return { analysis, comments: await listAnalysisComments(db, analysis.id) }
}

/** The username, or an API key's team names joined with ", ". */
export async function commenterOf(db: Queryable, principal: Principal | undefined) {
  if (!principal) return null
  if (principal.kind === 'user') return principal.user.username
  const teams = await apiKeyTeams(db, principal.apiKey.id)
  return teams.map((team) => team.name).join(', ') || null
}

const trimmed = (text: string | null | undefined) => {
  const value = text?.trim()
  return value ? value : null
}

async function decide(
  db: Queryable,
  principal: Principal | undefined,
  ref: FindingRef,
  request: DecisionRequest,
  commenter: string | null,
  checkAccess: boolean,
) {
  const { project: named, component, vulnerability } = await resolve(db, ref)
  const project = named ?? (await projectNameById(db, component.project_id))
  const scope = request.scope ?? 'FINDING'
  const access = await projectAccessFor(db, principal)
  if (
    (checkAccess || scope !== 'FINDING') &&
    !(await canAccessProject(db, access, Number(project.id)))
  )
    throw textError(403, PROJECT_FORBIDDEN)
  if (scope === 'PORTFOLIO' && access.teamIds) throw textError(403, PORTFOLIO_FORBIDDEN)
  const target = {
    projectId: Number(project.id),
    componentId: Number(component.id),
    vulnerabilityId: Number(vulnerability.id),
  }
  const input = {
    state: request.analysisState ?? 'NOT_SET',
    justification: request.analysisJustification ?? 'NOT_SET',
    response: request.analysisResponse ?? 'NOT_SET',
    details: request.analysisDetails ?? null,
    suppressed: request.isSuppressed ?? null,
    comment: trimmed(request.comment),
  }
  const applied = await applyDecision(db, target, input, commenter, { ruleId: null })
  if (scope !== 'FINDING') {
    const { rule } = await storeAndApplyRule(db, {
      scope,
      origin: {
        projectName: project.name,
        projectVersion: project.version,
        component,
        vulnerabilityId: vulnerability.id,
      },
      values: applied.values,
      input,
      commenter,
      access,
    })
    await linkAnalysisToRule(db, applied.analysisId, rule.id)
  }
  return applied.analysisId
}

/** PUT /analysis in one transaction; answers the analysis with its trail. */
export async function recordDecision(
  db: Database,
  principal: Principal | undefined,
  ref: FindingRef,
  request: DecisionRequest,
) {
  return db.transaction(async (tx) => {
    const commenter = await commenterOf(tx, principal)
    await decide(tx, principal, ref, request, commenter, false)
    return getAnalysis(tx, ref)
  })
}

/** PUT /analysis/batch: every target or none; ACL-checked per target project. */
export async function recordDecisions(
  db: Database,
  principal: Principal | undefined,
  targets: readonly FindingRef[],
  request: DecisionRequest,
) {
  return db.transaction(async (tx) => {
    const commenter = await commenterOf(tx, principal)
    for (const target of targets) await decide(tx, principal, target, request, commenter, true)
    return { updated: targets.length }
  })
}

export async function listRules(
  db: Queryable,
  principal: Principal | undefined,
  paging: { offset: number; limit: number },
) {
  return pageOfRules(db, await projectAccessFor(db, principal), paging)
}

/** Deleting a rule stops inheritance; analyses already set keep their values. */
export async function removeRule(db: Queryable, principal: Principal | undefined, uuid: string) {
  const rule = await findVisibleRule(db, await projectAccessFor(db, principal), uuid)
  if (!rule) throw textError(404, RULE_NOT_FOUND)
  await deleteRule(db, rule.id)
}
