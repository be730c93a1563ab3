import {
  evaluationComponents,
  evaluationProject,
  hasViolations,
} from '../../../data/policy-evaluation.ts'
import type { Database } from '../../../db/database.ts'
import type { Logger } from '../../../logger.ts'
import { violationsOf } from './decide.ts'
import { directDependencyUuids, loadFacts, newFactCaches } from './facts.ts'
import { preparePolicies } from './policies.ts'
import { reconcileViolations } from './reconcile.ts'
import { localDateOf } from './rules/repository.ts'

/** Components per batch: one query per kind of fact and one reconciliation per batch. */
export const EVALUATION_BATCH = 2000

export interface EvaluationDeps {
  db: Database
  logger: Logger
  signal?: AbortSignal
  /** The evaluation's clock (AGE conditions compare with its date). */
  now?: Date
}

export interface EvaluationRequest {
  projectId: number
  /** Only these components of the project. */
  componentIds?: readonly number[]
}

export interface EvaluationOutcome {
  components: number
  policies: number
  conditions: number
  /** Conditions that can never produce a violation (unsupported pair, unreadable value, …). */
  skippedConditions: number
  created: number
  deleted: number
  /** Where the time went: reading components and facts, deciding, reconciling. */
  ms: { read: number; decide: number; write: number }
}

/**
 * Evaluates a project's components (or some of them) against the policies that apply to it
 * (dt-behaviour §3.2–§3.4): a batch of components at a time, every condition over the whole
 * batch, the batch's violations reconciled in one transaction. Undefined when the project is gone.
 */
export async function evaluateProjectPolicies(
  deps: EvaluationDeps,
  request: EvaluationRequest,
): Promise<EvaluationOutcome | undefined> {
  const { db } = deps
  const { projectId, componentIds } = request
  const project = await evaluationProject(db, projectId)
  if (!project) return undefined
  const { policies, needs, skipped } = await preparePolicies(
    db,
    projectId,
    localDateOf(deps.now ?? new Date()),
  )
  const outcome: EvaluationOutcome = {
    components: 0,
    policies: policies.length,
    conditions: policies.reduce((sum, policy) => sum + policy.total, 0),
    skippedConditions: skipped,
    created: 0,
    deleted: 0,
    ms: { read: 0, decide: 0, write: 0 },
  }
  if (policies.length === 0 && !(await hasViolations(db, projectId, componentIds))) return outcome
  const direct = directDependencyUuids(needs.has('repository') ? project.direct_dependencies : null)
  const caches = newFactCaches()
  let started = performance.now()
  const lap = () => {
    const now = performance.now()
    const ms = Math.round(now - started)
    started = now
    return ms
  }
  for (let after = 0; ;) {
    deps.signal?.throwIfAborted()
    lap()
    const rows = await evaluationComponents(db, projectId, after, EVALUATION_BATCH, componentIds)
    if (rows.length === 0) break
    after = Number(rows.at(-1)!.id)
    const facts = await loadFacts(db, rows, needs, direct, caches)
    outcome.ms.read += lap()
    const reported = violationsOf(policies, facts)
    outcome.ms.decide += lap()
    const ids = facts.map((component) => component.id)
    const changes = await reconcileViolations(db, projectId, ids, reported)
    outcome.ms.write += lap()
    outcome.components += rows.length
    outcome.created += changes.created
    outcome.deleted += changes.deleted
    if (rows.length < EVALUATION_BATCH) break
  }
  return outcome
}
