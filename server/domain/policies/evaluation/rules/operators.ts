import type { ConditionOperator } from '../../../../../common/dt-vocabulary.ts'
import { generic } from '../../../../../common/versions/generic.ts'

/** A NUMERIC_* operator as a test of a comparison's sign; null for any other operator. */
export function numericTest(operator: ConditionOperator): ((comparison: number) => boolean) | null {
  switch (operator) {
    case 'NUMERIC_GREATER_THAN':
      return (c) => c > 0
    case 'NUMERIC_GREATER_THAN_OR_EQUAL':
      return (c) => c >= 0
    case 'NUMERIC_EQUAL':
      return (c) => c === 0
    case 'NUMERIC_NOT_EQUAL':
      return (c) => c !== 0
    case 'NUMERIC_LESSER_THAN_OR_EQUAL':
      return (c) => c <= 0
    case 'NUMERIC_LESS_THAN':
      return (c) => c < 0
    default:
      return null
  }
}

/** MATCHES or NO_MATCH as "negate the match?"; null for any other operator. */
export function matchMode(operator: ConditionOperator): { negate: boolean } | null {
  if (operator === 'MATCHES') return { negate: false }
  if (operator === 'NO_MATCH') return { negate: true }
  return null
}

/** IS or IS_NOT as "negate?"; null for any other operator. */
export function isMode(operator: ConditionOperator): { negate: boolean } | null {
  if (operator === 'IS') return { negate: false }
  if (operator === 'IS_NOT') return { negate: true }
  return null
}

/** 4.13's ComponentVersion tokens (dt-behaviour §2.5); a missing version has none. */
export function versionTokens(version: string | null): string[] {
  if (version === null) return []
  return generic.parse(version) ?? [version]
}

/** ComponentVersion order: a version without tokens is below every version but `0`. */
export const compareVersionTokens = (a: readonly string[], b: readonly string[]) =>
  generic.compare(a as string[], b as string[])
