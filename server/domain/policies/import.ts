import { textError } from '../../lib/errors.ts'
import type { Database, Queryable } from '../../db/database.ts'
import {
  deleteConditions,
  insertConditions,
  insertPolicy,
  updatePolicy,
  type ConditionWrite,
  type PolicyConditionRow,
} from '../../data/policies.ts'
import {
  insertLicenseGroup,
  replaceLicenseGroupLicenses,
  setLicenseGroupRiskWeight,
} from '../../data/license-groups.ts'
import { replacePolicyProjects, replacePolicyTags } from '../../data/policy-limits.ts'
import { resolveTags } from '../../data/tags.ts'
import {
  checkDocument,
  type CheckedCondition,
  type CheckedGroup,
  type CheckedPolicy,
} from './import-check.ts'
import { requestPolicyReevaluation, type Enqueue } from './reevaluation.ts'
import { policyViews, type PolicyView } from './view.ts'

type Outcome = 'created' | 'updated' | 'unchanged'

export interface ImportPart {
  created: string[]
  updated: string[]
  unchanged: string[]
}

/** Names by outcome: license groups first, then policies; and each kind on its own. */
export interface ImportReport extends ImportPart {
  dryRun: boolean
  licenseGroups: ImportPart
  policies: ImportPart
}

const sameSet = <T>(a: readonly T[], b: readonly T[]) => {
  const left = new Set(a)
  const right = new Set(b)
  return left.size === right.size && [...left].every((item) => right.has(item))
}

const conditionKey = (c: ConditionWrite) => JSON.stringify([c.subject, c.operator, c.value])

/** Pairs wanted conditions with stored ones of the same subject, operator and value. */
function matchConditions(stored: PolicyConditionRow[], wanted: readonly ConditionWrite[]) {
  const pool = new Map<string, PolicyConditionRow[]>()
  for (const row of stored)
    pool.set(conditionKey(row), [...(pool.get(conditionKey(row)) ?? []), row])
  const added = wanted.filter((condition) => !pool.get(conditionKey(condition))?.shift())
  return { added, removed: [...pool.values()].flat() }
}

function groupOutcome(group: CheckedGroup): Outcome {
  if (!group.existing) return 'created'
  const same =
    group.existing.risk_weight === group.doc.riskWeight &&
    sameSet(group.existing.licenses, group.licenseIds)
  return same ? 'unchanged' : 'updated'
}

function policyOutcome(policy: CheckedPolicy, stored: PolicyView | undefined): Outcome {
  if (!stored) return 'created'
  const { row } = stored
  const { doc } = policy
  const conditions = matchConditions(stored.conditions, policy.conditions)
  const same =
    row.operator === doc.operator &&
    row.violation_state === doc.violationState &&
    row.include_children === doc.includeChildren &&
    row.only_latest_project_version === doc.onlyLatestProjectVersion &&
    !policy.conditions.some((c) => c.newGroup) &&
    conditions.added.length === 0 &&
    conditions.removed.length === 0 &&
    sameSet(
      stored.projects.map((p) => p.id),
      policy.projectIds,
    ) &&
    sameSet(stored.tags, policy.tags)
  return same ? 'unchanged' : 'updated'
}

function report(outcomes: Array<[string, Outcome]>): ImportPart {
  const part: ImportPart = { created: [], updated: [], unchanged: [] }
  for (const [name, outcome] of outcomes) part[outcome].push(name)
  return part
}

async function applyGroup(tx: Queryable, group: CheckedGroup, outcome: Outcome) {
  if (outcome === 'unchanged') return group.existing!.uuid
  const { doc } = group
  const target = group.existing ?? (await insertLicenseGroup(tx, doc.name, doc.riskWeight))
  // The names were checked before the transaction; a group created since then is a conflict.
  if (!target) throw textError(409, 'A license group with the specified name already exists.')
  if (group.existing) await setLicenseGroupRiskWeight(tx, target.id, doc.riskWeight)
  await replaceLicenseGroupLicenses(tx, target.id, group.licenseRowIds)
  return target.uuid
}

async function applyPolicy(
  tx: Queryable,
  policy: CheckedPolicy,
  stored: PolicyView | undefined,
  context: { groupUuids: Map<string, string>; tagIds: Map<string, number> },
) {
  const { doc } = policy
  const write = {
    name: doc.name,
    operator: doc.operator,
    violationState: doc.violationState,
    includeChildren: doc.includeChildren,
    onlyLatestProjectVersion: doc.onlyLatestProjectVersion,
  }
  const id = stored ? stored.row.id : (await insertPolicy(tx, write)).id
  if (stored) await updatePolicy(tx, id, write)
  const wanted = policy.conditions.map((c: CheckedCondition) => ({
    subject: c.subject,
    operator: c.operator,
    value: c.newGroup ? context.groupUuids.get(c.newGroup)! : c.value,
  }))
  const { added, removed } = matchConditions(stored?.conditions ?? [], wanted)
  await deleteConditions(
    tx,
    removed.map((c) => c.id),
  )
  await insertConditions(tx, id, added)
  await replacePolicyProjects(tx, id, policy.projectIds)
  await replacePolicyTags(
    tx,
    id,
    policy.tags.map((name) => context.tagIds.get(name)!),
  )
}

/**
 * POST /policy/import (beyond 4.13): checks the whole document first (400 listing every
 * problem), then reports what would change and, unless a dry run, applies it in the same
 * transaction: license groups and policies upserted by name, each policy's conditions, projects
 * and tags made exactly the document's. Stored conditions equal to a listed one are kept, with
 * their violations and audit trails.
 */
export async function importPolicies(
  db: Database,
  enqueue: Enqueue,
  input: unknown,
  dryRun: boolean,
): Promise<ImportReport> {
  return db.transaction(async (tx) => {
    const checked = await checkDocument(tx, input)
    const storedRows = checked.policies.flatMap((p) => (p.existing ? [p.existing] : []))
    const stored = new Map((await policyViews(tx, storedRows)).map((v) => [v.row.name, v]))
    const groups = checked.groups.map((g) => [g, groupOutcome(g)] as const)
    const policies = checked.policies.map(
      (p) => [p, policyOutcome(p, stored.get(p.doc.name))] as const,
    )
    const licenseGroups = report(groups.map(([g, outcome]) => [g.doc.name, outcome]))
    const policyPart = report(policies.map(([p, outcome]) => [p.doc.name, outcome]))
    const result: ImportReport = {
      dryRun,
      created: [...licenseGroups.created, ...policyPart.created],
      updated: [...licenseGroups.updated, ...policyPart.updated],
      unchanged: [...licenseGroups.unchanged, ...policyPart.unchanged],
      licenseGroups,
      policies: policyPart,
    }
    if (dryRun) return result
    const groupUuids = new Map<string, string>()
    for (const [group, outcome] of groups) {
      groupUuids.set(group.doc.name, await applyGroup(tx, group, outcome))
    }
    const changing = policies.filter(([, outcome]) => outcome !== 'unchanged')
    const tagNames = [...new Set(changing.flatMap(([p]) => p.tags))]
    const tagIds = new Map((await resolveTags(tx, tagNames)).map((t) => [t.name, Number(t.id)]))
    for (const [policy] of changing) {
      await applyPolicy(tx, policy, stored.get(policy.doc.name), { groupUuids, tagIds })
    }
    if (result.created.length + result.updated.length > 0) {
      await requestPolicyReevaluation(tx, enqueue)
    }
    return result
  })
}
