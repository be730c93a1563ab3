import {
  PolicyConditionShape,
  PolicyShape,
  type Policy,
  type PolicyCondition,
} from '../../common/policy-shapes.ts'
import type { PolicyConditionRow } from '../data/policies.ts'
import type { PolicyView } from '../domain/policies/view.ts'

/** Policy JSON exactly as Dependency-Track 4.13 serialises it (dt-api-portfolio §3.12, §3.13). */
export const PolicyJson = PolicyShape
export const PolicyConditionJson = PolicyConditionShape

export function policyConditionJson(row: PolicyConditionRow): PolicyCondition {
  return {
    uuid: row.uuid,
    subject: row.subject as PolicyCondition['subject'],
    operator: row.operator as PolicyCondition['operator'],
    value: row.value,
  }
}

export function policyJson(view: PolicyView): Policy {
  const { row } = view
  return {
    uuid: row.uuid,
    name: row.name,
    operator: row.operator as Policy['operator'],
    violationState: row.violation_state as Policy['violationState'],
    policyConditions: view.conditions.map(policyConditionJson),
    projects: view.projects.map((project) => ({
      uuid: project.uuid,
      name: project.name,
      ...(project.version === null ? {} : { version: project.version }),
      active: project.active,
    })),
    tags: view.tags.map((name) => ({ name })),
    includeChildren: row.include_children,
    onlyLatestProjectVersion: row.only_latest_project_version,
    global: view.projects.length === 0 && view.tags.length === 0,
  }
}
