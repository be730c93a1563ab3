import type { Queryable } from '../../db/database.ts'
import { conditionsOf, findPolicyByUuid, type PolicyConditionRow } from '../../data/policies.ts'
import type { PolicyRow } from '../../data/policies.ts'
import {
  projectsOfPolicies,
  tagsOfPolicies,
  type PolicyProjectRow,
} from '../../data/policy-limits.ts'
import { textError } from '../../lib/errors.ts'

export const POLICY_NOT_FOUND = 'The policy could not be found.'
export const POLICY_UUID_NOT_FOUND = 'The UUID of the policy could not be found.'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** Body UUIDs are looked up only when well formed (an odd one simply finds nothing). */
export const isUuid = (value: string | null | undefined): value is string =>
  typeof value === 'string' && UUID.test(value)

/** A policy with its conditions (by id), projects (by name, version) and tag names (by name). */
export interface PolicyView {
  row: PolicyRow
  conditions: PolicyConditionRow[]
  projects: PolicyProjectRow[]
  tags: string[]
}

function byPolicy<T extends { policy_id: number }>(rows: T[]) {
  const groups = new Map<number, T[]>()
  for (const row of rows) {
    const group = groups.get(row.policy_id)
    if (group) group.push(row)
    else groups.set(row.policy_id, [row])
  }
  return groups
}

/** Loads the relations of a page of policies with one query per relation. */
export async function policyViews(db: Queryable, rows: PolicyRow[]): Promise<PolicyView[]> {
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  // One after the other: inside a transaction they share one connection.
  const conditions = byPolicy(await conditionsOf(db, ids))
  const projects = byPolicy(await projectsOfPolicies(db, ids))
  const tags = byPolicy(await tagsOfPolicies(db, ids))
  return rows.map((row) => ({
    row,
    conditions: conditions.get(row.id) ?? [],
    projects: projects.get(row.id) ?? [],
    tags: (tags.get(row.id) ?? []).map((tag) => tag.name),
  }))
}

export async function policyView(db: Queryable, row: PolicyRow): Promise<PolicyView> {
  return (await policyViews(db, [row]))[0]!
}

/** The policy with this UUID, or a 404 with the given sentence. */
export async function requirePolicy(db: Queryable, uuid: string, notFound = POLICY_NOT_FOUND) {
  const row = isUuid(uuid) ? await findPolicyByUuid(db, uuid) : undefined
  if (!row) throw textError(404, notFound)
  return row
}

export async function getPolicy(db: Queryable, uuid: string) {
  return policyView(db, await requirePolicy(db, uuid))
}
