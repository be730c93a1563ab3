import {
  CONDITION_OPERATORS,
  CONDITION_SUBJECTS,
  violationTypeOf,
  type ConditionOperator,
  type ConditionSubject,
  type ViolationType,
} from '../../../../common/dt-vocabulary.ts'
import type { Queryable } from '../../../db/database.ts'
import {
  applicableConditions,
  licenseGroupMembers,
  licenseIdsByUuid,
  type ApplicableConditionRow,
} from '../../../data/policy-evaluation.ts'
import type { FactKind, LocalDate, PrepareContext, SubjectRule } from './model.ts'
import { SUBJECT_RULES } from './rules/index.ts'

/** A condition ready to run: its rule and the value that rule read. */
export interface PreparedCondition {
  id: number
  subject: ConditionSubject
  type: ViolationType
  /** Conditions with the same subject, operator and value share their hits. */
  key: string
  rule: SubjectRule<unknown>
  prepared: unknown
}

export interface PreparedPolicy {
  id: number
  operator: 'ALL' | 'ANY'
  /** Every condition, also those that can never produce a violation (they count for ALL). */
  total: number
  conditions: PreparedCondition[]
}

export interface PreparedPolicies {
  policies: PreparedPolicy[]
  needs: Set<FactKind>
  /** Conditions that can never produce a violation. */
  skipped: number
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const isSubject = (value: string | null): value is ConditionSubject =>
  (CONDITION_SUBJECTS as readonly (string | null)[]).includes(value)
const isOperator = (value: string | null): value is ConditionOperator =>
  (CONDITION_OPERATORS as readonly (string | null)[]).includes(value)

/** The license groups and licenses the conditions name, loaded once per evaluation. */
async function prepareContext(
  db: Queryable,
  rows: ApplicableConditionRow[],
  today: LocalDate,
): Promise<PrepareContext> {
  const uuidsOf = (subject: ConditionSubject) => [
    ...new Set(
      rows
        .filter((row) => row.subject === subject && UUID.test(row.value ?? ''))
        .map((row) => row.value!.toLowerCase()),
    ),
  ]
  const groups = uuidsOf('LICENSE_GROUP')
  const licenses = uuidsOf('LICENSE')
  return {
    today,
    licenseGroups: new Map(
      groups.length === 0
        ? []
        : (await licenseGroupMembers(db, groups)).map((g) => [g.uuid, new Set(g.license_ids)]),
    ),
    licenses: new Map(
      licenses.length === 0
        ? []
        : (await licenseIdsByUuid(db, licenses)).map((l) => [l.uuid, l.license_id]),
    ),
  }
}

/** The policies that apply to the project (§3.2), their conditions prepared. */
export async function preparePolicies(
  db: Queryable,
  projectId: number,
  today: LocalDate,
): Promise<PreparedPolicies> {
  const rows = await applicableConditions(db, projectId)
  const context = await prepareContext(db, rows, today)
  const byId = new Map<number, PreparedPolicy>()
  const needs = new Set<FactKind>()
  let skipped = 0
  for (const row of rows) {
    const id = Number(row.policy_id)
    let policy = byId.get(id)
    if (!policy) {
      policy = {
        id,
        operator: row.policy_operator === 'ALL' ? 'ALL' : 'ANY',
        total: 0,
        conditions: [],
      }
      byId.set(id, policy)
    }
    if (row.condition_id === null) continue
    policy.total++
    const { subject, operator } = row
    const value = (row.value ?? '').trim()
    const entry = isSubject(subject) ? SUBJECT_RULES[subject] : undefined
    const prepared =
      entry && isOperator(operator) ? entry.rule.prepare(operator, value, context) : null
    if (prepared === null || !entry) {
      skipped++
      continue
    }
    if (entry.needs) needs.add(entry.needs)
    policy.conditions.push({
      id: Number(row.condition_id),
      subject: subject as ConditionSubject,
      type: violationTypeOf(subject as ConditionSubject),
      key: `${subject}\u0000${operator}\u0000${value}`,
      rule: entry.rule,
      prepared,
    })
  }
  return { policies: [...byId.values()], needs, skipped }
}
