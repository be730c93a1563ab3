import type { Database, Queryable } from '../../db/database.ts'
import { deletePolicies, findPoliciesByUuids, updatePolicies } from '../../data/policies.ts'
import {
  addPolicyProjects,
  addPolicyTags,
  removePolicyProjects,
  removePolicyTags,
} from '../../data/policy-limits.ts'
import { findProjectsByUuids } from '../../data/projects.ts'
import { findTagsByNames } from '../../data/tags.ts'
import { problem } from '../../lib/errors.ts'
import { normaliseTagName } from '../projects/input.ts'
import { requestPolicyReevaluation, type Enqueue } from './reevaluation.ts'
import type { BatchBody } from './schemas.ts'

type Errors = Record<string, string>

/** Ids of the listed rows; each missing one is an error under the name it was given by. */
async function resolve<Row extends { id: number | string }>(
  given: readonly string[] | undefined,
  find: (keys: string[]) => Promise<Row[]>,
  keyOf: (given: string) => string,
  rowKey: (row: Row) => string,
  missing: string,
  errors: Errors,
): Promise<number[]> {
  if (!given?.length) return []
  const rows = new Map((await find([...new Set(given.map(keyOf))])).map((r) => [rowKey(r), r]))
  const ids = new Set<number>()
  for (const name of given) {
    const row = rows.get(keyOf(name))
    if (row) ids.add(Number(row.id))
    else errors[name] = missing
  }
  return [...ids]
}

const lower = (uuid: string) => uuid.toLowerCase()

function projects(tx: Queryable, given: string[] | undefined, errors: Errors) {
  const find = (uuids: string[]) => findProjectsByUuids(tx, uuids)
  return resolve(given, find, lower, (row) => row.uuid, 'Project not found', errors)
}

function tags(tx: Queryable, given: string[] | undefined, errors: Errors) {
  const find = (names: string[]) => findTagsByNames(tx, names)
  const key = (name: string) => normaliseTagName(name) ?? ''
  return resolve(given, find, key, (row) => row.name, 'Tag not found', errors)
}

/**
 * POST /policy/batch (beyond 4.13, for the console's bulk editing): the same changes to every
 * listed policy in one transaction. Any unknown policy, project or tag refuses the whole batch.
 */
export async function applyPolicyBatch(db: Database, enqueue: Enqueue, body: BatchBody) {
  return db.transaction(async (tx) => {
    const { changes } = body
    const errors: Errors = {}
    const find = (uuids: string[]) => findPoliciesByUuids(tx, uuids)
    const policyIds = await resolve(
      body.policies,
      find,
      lower,
      (row) => row.uuid,
      'Policy not found',
      errors,
    )
    const addProjects = await projects(tx, changes.addProjects, errors)
    const removeProjects = await projects(tx, changes.removeProjects, errors)
    const addTags = await tags(tx, changes.addTags, errors)
    const removeTags = await tags(tx, changes.removeTags, errors)
    if (Object.keys(errors).length > 0) {
      throw problem(400, 'Policy operation failed', 'No policy was changed', { errors })
    }
    if (changes.delete) {
      await deletePolicies(tx, policyIds)
      return { updated: policyIds.length }
    }
    await updatePolicies(tx, policyIds, changes)
    await removePolicyProjects(tx, policyIds, removeProjects)
    await addPolicyProjects(tx, policyIds, addProjects)
    await removePolicyTags(tx, policyIds, removeTags)
    await addPolicyTags(tx, policyIds, addTags)
    await requestPolicyReevaluation(tx, enqueue)
    return { updated: policyIds.length }
  })
}
