import { licenseMayBeUsed } from '../license-expression.ts'
import type { SubjectRule } from '../model.ts'
import { isMode } from './operators.ts'

/**
 * LICENSE and LICENSE_GROUP (dt-behaviour §3.3). IS makes the group a forbid-list: a violation
 * when the licensing cannot be used without a license of the group (unresolved licenses are not
 * in it). IS_NOT makes it an allow-list: a violation when it cannot be used with the group's
 * licenses alone (an unresolved license is never allowed). A LICENSE condition acts on a group
 * of that one license; its `unresolved` value forbids (IS) or requires (IS_NOT) an unresolved
 * license, term by term in the same way.
 */
interface LicenseCondition {
  /** Whether a term whose license is this licenseId (null: unresolved) may be used. */
  allowed: (licenseId: string | null) => boolean
}

function groupCondition(negate: boolean, members: ReadonlySet<string>): LicenseCondition {
  return negate
    ? { allowed: (id) => id !== null && members.has(id) }
    : { allowed: (id) => id === null || !members.has(id) }
}

export const licenseGroupRule: SubjectRule<LicenseCondition> = {
  prepare(operator, value, context) {
    const mode = isMode(operator)
    const members = context.licenseGroups.get(value.toLowerCase())
    return mode && members ? groupCondition(mode.negate, members) : null
  },
  violates: (condition, component) => !licenseMayBeUsed(component.license, condition.allowed),
}

export const UNRESOLVED = 'unresolved'

export const licenseRule: SubjectRule<LicenseCondition> = {
  prepare(operator, value, context) {
    const mode = isMode(operator)
    if (!mode) return null
    if (value === UNRESOLVED) {
      return mode.negate ? { allowed: (id) => id === null } : { allowed: (id) => id !== null }
    }
    const licenseId = context.licenses.get(value.toLowerCase())
    return licenseId === undefined ? null : groupCondition(mode.negate, new Set([licenseId]))
  },
  violates: licenseGroupRule.violates,
}
