import { conditionValueProblem } from '../../../common/policy-conditions.ts'
import type { Database, Queryable } from '../../db/database.ts'
import {
  conditionsOf,
  deleteConditions,
  findConditionByUuid,
  insertConditions,
  updateConditions,
  type ConditionWrite,
  type PolicyConditionRow,
} from '../../data/policies.ts'
import { problem, textError } from '../../lib/errors.ts'
import { requestPolicyReevaluation, type Enqueue } from './reevaluation.ts'
import type { ConditionBody, ConditionListBody, ConditionUpdateBody } from './schemas.ts'
import { isUuid, POLICY_UUID_NOT_FOUND, policyView, type PolicyView } from './view.ts'
import { lockPolicy } from './write.ts'

export const CONDITION_NOT_FOUND = 'The UUID of the policy condition could not be found.'

async function requireCondition(db: Queryable, uuid: string | null | undefined) {
  const row = isUuid(uuid) ? await findConditionByUuid(db, uuid) : undefined
  if (!row) throw textError(404, CONDITION_NOT_FOUND)
  return row
}

/** PUT /policy/{uuid}/condition. 4.13 stores any printable value; the engine skips odd ones. */
export async function createCondition(
  db: Database,
  enqueue: Enqueue,
  policyUuid: string,
  body: ConditionBody,
): Promise<PolicyConditionRow> {
  return db.transaction(async (tx) => {
    const policy = await lockPolicy(tx, policyUuid, POLICY_UUID_NOT_FOUND)
    const [row] = await insertConditions(tx, policy.id, [body])
    await requestPolicyReevaluation(tx, enqueue)
    return row!
  })
}

/** POST /policy/condition: subject, operator and value replaced. */
export async function updateCondition(
  db: Database,
  enqueue: Enqueue,
  body: ConditionUpdateBody,
): Promise<PolicyConditionRow> {
  return db.transaction(async (tx) => {
    const row = await requireCondition(tx, body.uuid)
    await updateConditions(tx, [{ id: row.id, ...body }])
    await requestPolicyReevaluation(tx, enqueue)
    return { ...row, subject: body.subject, operator: body.operator, value: body.value }
  })
}

/**
 * DELETE /policy/condition/{uuid}: its violations go with it. The policy is evaluated again,
 * as with operator ALL the remaining conditions may now all be violated.
 */
export async function deleteCondition(db: Database, enqueue: Enqueue, uuid: string) {
  await db.transaction(async (tx) => {
    const row = await requireCondition(tx, uuid)
    await deleteConditions(tx, [row.id])
    await requestPolicyReevaluation(tx, enqueue)
  })
}

const same = (a: ConditionWrite, b: ConditionWrite) =>
  a.subject === b.subject && a.operator === b.operator && a.value === b.value

/**
 * PUT /policy/{uuid}/conditions (beyond 4.13): the policy's conditions become exactly these, in
 * one transaction. Rows with a uuid update that condition, rows without are added (after the
 * existing ones, as conditions list in creation order), absent conditions are deleted with
 * their violations. A value that cannot work refuses the whole list (400, problem per row).
 */
export async function replaceConditions(
  db: Database,
  enqueue: Enqueue,
  policyUuid: string,
  rows: ConditionListBody,
): Promise<PolicyView> {
  return db.transaction(async (tx) => {
    const policy = await lockPolicy(tx, policyUuid)
    const wanted = rows.map((row) => ({ ...row, value: row.value.trim() }))
    const errors: Record<string, string> = {}
    wanted.forEach((row, index) => {
      const reason = conditionValueProblem(row.subject, row.operator, row.value)
      if (reason) errors[String(index)] = reason
    })
    if (Object.keys(errors).length > 0) {
      throw problem(
        400,
        'Invalid policy conditions',
        `${Object.keys(errors).length} condition(s) cannot work; nothing was saved`,
        { errors },
      )
    }
    const existing = new Map((await conditionsOf(tx, [policy.id])).map((c) => [c.uuid, c]))
    const updates: Array<ConditionWrite & { id: number }> = []
    const kept = new Set<number>()
    for (const row of wanted) {
      if (!row.uuid) continue
      const current = existing.get(row.uuid.toLowerCase())
      if (!current) throw textError(404, CONDITION_NOT_FOUND)
      kept.add(current.id)
      if (!same(current, row)) updates.push({ ...row, id: current.id })
    }
    const removed = [...existing.values()].filter((c) => !kept.has(c.id)).map((c) => c.id)
    const added = wanted.filter((row) => !row.uuid)
    await deleteConditions(tx, removed)
    await updateConditions(tx, updates)
    await insertConditions(tx, policy.id, added)
    if (removed.length + updates.length + added.length > 0) {
      await requestPolicyReevaluation(tx, enqueue)
    }
    return policyView(tx, policy)
  })
}
