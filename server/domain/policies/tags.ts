import type { Database, Queryable } from '../../db/database.ts'
import { findPoliciesByUuids } from '../../data/policies.ts'
import {
  addPolicyTags,
  listTaggedPolicies,
  removePolicyTags,
  tagsRelevantToPolicy,
} from '../../data/policy-limits.ts'
import type { ListQuery } from '../../lib/list-query.ts'
import { allowedSort, direction, requireTag } from '../projects/tags.ts'
import { requestPolicyReevaluation, type Enqueue } from './reevaluation.ts'
import { requirePolicy } from './view.ts'

/** GET /tag/{name}/policy: the exact tag name; sortable by name only. */
export function taggedPoliciesPage(db: Queryable, tagName: string, list: ListQuery) {
  allowedSort(list, ['name'] as const, 'TaggedPolicy')
  return listTaggedPolicies(db, {
    tagName,
    search: list.searchText,
    direction: direction(list),
    offset: list.offset,
    limit: list.limit,
  })
}

type LinkChange = typeof addPolicyTags

async function changePolicyTags(
  db: Database,
  enqueue: Enqueue,
  tagName: string,
  uuids: string[],
  change: LinkChange,
) {
  await db.transaction(async (tx) => {
    const tag = await requireTag(tx, tagName)
    const policies = await findPoliciesByUuids(tx, uuids)
    const changed = await change(
      tx,
      policies.map((policy) => policy.id),
      [Number(tag.id)],
    )
    if (changed > 0) await requestPolicyReevaluation(tx, enqueue)
  })
}

/** POST /tag/{name}/policy: policies that do not exist are skipped silently. */
export function tagPolicies(db: Database, enqueue: Enqueue, tagName: string, uuids: string[]) {
  return changePolicyTags(db, enqueue, tagName, uuids, addPolicyTags)
}

export function untagPolicies(db: Database, enqueue: Enqueue, tagName: string, uuids: string[]) {
  return changePolicyTags(db, enqueue, tagName, uuids, removePolicyTags)
}

/**
 * GET /tag/policy/{uuid}: the tags a policy could be limited to (those of its projects, or all
 * when it has none), most used first. 4.13 fails (500) for an unknown policy; Lookout answers 404.
 */
export async function tagsForPolicy(db: Queryable, uuid: string) {
  const policy = await requirePolicy(db, uuid)
  return tagsRelevantToPolicy(db, policy.id)
}
