import type { Database, Queryable } from '../../db/database.ts'
import {
  deletePolicies,
  findPolicyByName,
  insertPolicy,
  lockPolicyByUuid,
  updatePolicy as writePolicy,
  type PolicyRow,
} from '../../data/policies.ts'
import {
  addPolicyProjects,
  addPolicyTags,
  removePolicyProjects,
  removePolicyTags,
} from '../../data/policy-limits.ts'
import { findProjectByUuid } from '../../data/projects.ts'
import { findTagByName } from '../../data/tags.ts'
import { textError } from '../../lib/errors.ts'
import { normaliseTagName } from '../projects/input.ts'
import { NOT_FOUND as PROJECT_NOT_FOUND } from '../projects/queries.ts'
import { requestPolicyReevaluation, type Enqueue } from './reevaluation.ts'
import type { PolicyCreateBody, PolicyUpdateBody } from './schemas.ts'
import {
  isUuid,
  POLICY_NOT_FOUND,
  POLICY_UUID_NOT_FOUND,
  policyView,
  type PolicyView,
} from './view.ts'

export const NAME_TAKEN = 'A policy with the specified name already exists.'
const TAG_NOT_FOUND = 'The tag could not be found.'

/** A concurrent write of the same name loses at the unique index: the same 409. */
const nameRace = (error: unknown) => {
  if ((error as { code?: unknown }).code === '23505') throw textError(409, NAME_TAKEN)
  throw error
}

async function requireFreeName(db: Queryable, name: string, ownId?: number) {
  const existing = await findPolicyByName(db, name)
  if (existing && existing.id !== ownId) throw textError(409, NAME_TAKEN)
}

/** The policy, locked for this transaction; 404 with the given sentence when missing. */
export async function lockPolicy(db: Queryable, uuid: string, notFound = POLICY_NOT_FOUND) {
  const row = isUuid(uuid) ? await lockPolicyByUuid(db, uuid) : undefined
  if (!row) throw textError(404, notFound)
  return row
}

/** PUT /policy: a new policy without conditions or limits (nothing to evaluate yet). */
export async function createPolicy(db: Database, body: PolicyCreateBody): Promise<PolicyView> {
  return db
    .transaction(async (tx) => {
      await requireFreeName(tx, body.name)
      const row = await insertPolicy(tx, {
        name: body.name,
        operator: body.operator ?? 'ANY',
        violationState: body.violationState ?? 'INFO',
        includeChildren: false,
        onlyLatestProjectVersion: body.onlyLatestProjectVersion ?? false,
      })
      return policyView(tx, row)
    })
    .catch(nameRace)
}

/** POST /policy: replaces name, operator, state and both flags. */
export async function updatePolicy(
  db: Database,
  enqueue: Enqueue,
  body: PolicyUpdateBody,
): Promise<PolicyView> {
  return db
    .transaction(async (tx) => {
      const row = await lockPolicy(tx, body.uuid ?? '')
      await requireFreeName(tx, body.name, row.id)
      const write = {
        name: body.name,
        operator: body.operator ?? row.operator,
        violationState: body.violationState ?? row.violation_state,
        includeChildren: body.includeChildren ?? false,
        onlyLatestProjectVersion: body.onlyLatestProjectVersion ?? false,
      }
      await writePolicy(tx, row.id, write)
      await requestPolicyReevaluation(tx, enqueue)
      return policyView(tx, {
        ...row,
        name: write.name,
        operator: write.operator,
        violation_state: write.violationState,
        include_children: write.includeChildren,
        only_latest_project_version: write.onlyLatestProjectVersion,
      })
    })
    .catch(nameRace)
}

/** DELETE /policy/{uuid}: its conditions and their violations go with it. */
export async function deletePolicy(db: Database, uuid: string) {
  await db.transaction(async (tx) => {
    const row = await lockPolicy(tx, uuid, POLICY_UUID_NOT_FOUND)
    await deletePolicies(tx, [row.id])
  })
}

type LimitChange = (tx: Queryable, policy: PolicyRow) => Promise<number>

/** A limit change answers the policy, or null (304) when nothing changed. */
async function changeLimit(
  db: Database,
  enqueue: Enqueue,
  policyUuid: string,
  change: LimitChange,
): Promise<PolicyView | null> {
  return db.transaction(async (tx) => {
    const policy = await lockPolicy(tx, policyUuid)
    if ((await change(tx, policy)) === 0) return null
    await requestPolicyReevaluation(tx, enqueue)
    return policyView(tx, policy)
  })
}

async function requireProjectId(tx: Queryable, uuid: string) {
  const project = await findProjectByUuid(tx, uuid)
  if (!project) throw textError(404, PROJECT_NOT_FOUND)
  return project.id
}

async function requireTagId(tx: Queryable, name: string) {
  const tag = await findTagByName(tx, normaliseTagName(name) ?? '')
  if (!tag) throw textError(404, TAG_NOT_FOUND)
  return Number(tag.id)
}

/** 4.13 checks no portfolio access here: policies are managed by POLICY_MANAGEMENT alone. */
export function addProjectToPolicy(db: Database, enqueue: Enqueue, uuid: string, project: string) {
  return changeLimit(db, enqueue, uuid, async (tx, policy) =>
    addPolicyProjects(tx, [policy.id], [await requireProjectId(tx, project)]),
  )
}

export function removeProjectFromPolicy(
  db: Database,
  enqueue: Enqueue,
  uuid: string,
  project: string,
) {
  return changeLimit(db, enqueue, uuid, async (tx, policy) =>
    removePolicyProjects(tx, [policy.id], [await requireProjectId(tx, project)]),
  )
}

export function addTagToPolicy(db: Database, enqueue: Enqueue, uuid: string, tag: string) {
  return changeLimit(db, enqueue, uuid, async (tx, policy) =>
    addPolicyTags(tx, [policy.id], [await requireTagId(tx, tag)]),
  )
}

export function removeTagFromPolicy(db: Database, enqueue: Enqueue, uuid: string, tag: string) {
  return changeLimit(db, enqueue, uuid, async (tx, policy) =>
    removePolicyTags(tx, [policy.id], [await requireTagId(tx, tag)]),
  )
}
