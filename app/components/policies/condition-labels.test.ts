import { describe, expect, it } from 'vitest'
import { CONDITION_OPERATORS, CONDITION_SUBJECTS } from '../../../common/dt-vocabulary.ts'
import type { ConditionValueProblem } from '../../../common/policy-conditions.ts'
import en from '~/locales/en.json'

/** Every reason `conditionValueProblem` can give: the compiler checks the list is complete. */
const PROBLEMS = {
  blank: true,
  tooLong: true,
  notPrintable: true,
  operator: true,
  period: true,
  severity: true,
  uuid: true,
  license: true,
  cwe: true,
  decimal: true,
  coordinates: true,
  hash: true,
  versionDistance: true,
  pattern: true,
} satisfies Record<ConditionValueProblem, true>

describe('policy condition strings', () => {
  it('explain every problem a condition value can have', () => {
    for (const key of Object.keys(PROBLEMS)) {
      expect(en.policyCondition.problems).toHaveProperty(key)
    }
  })

  it('name every subject and operator', () => {
    for (const subject of CONDITION_SUBJECTS)
      expect(en.policyCondition.subjects).toHaveProperty(subject)
    for (const operator of CONDITION_OPERATORS)
      expect(en.policyCondition.operators).toHaveProperty(operator)
  })
})
