import {
  decodeCoordinates,
  decodeHash,
  hashAlgorithmOf,
} from '../../../../../common/policy-conditions.ts'
import { compileMatcher, type Matcher } from '../matcher.ts'
import type { ComponentFacts, SubjectRule } from '../model.ts'
import { compareVersionTokens, isMode, matchMode, numericTest, versionTokens } from './operators.ts'

/**
 * The subjects that look at the component's own identity (dt-behaviour §3.3): PACKAGE_URL, CPE,
 * SWID_TAGID, COORDINATES, VERSION and COMPONENT_HASH.
 */

interface PatternCondition {
  negate: boolean
  match: Matcher
}

/** MATCHES / NO_MATCH on one text field; a component without it does not match. */
const patternRule = (
  field: (component: ComponentFacts) => string | null,
): SubjectRule<PatternCondition> => ({
  prepare(operator, value) {
    const mode = matchMode(operator)
    const match = compileMatcher(value)
    return mode && match ? { negate: mode.negate, match } : null
  },
  violates: (condition, component) => condition.match(field(component)) !== condition.negate,
})

export const packageUrlRule = patternRule((component) => component.purl)
export const cpeRule = patternRule((component) => component.cpe)
export const swidTagIdRule = patternRule((component) => component.swidTagId)

/** A COORDINATES part: absent from the condition, or a pattern. */
type Part = Matcher | undefined

type VersionPart = Part | { test: (comparison: number) => boolean; tokens: string[] }

interface CoordinatesCondition {
  negate: boolean
  group: Part
  name: Part
  version: VersionPart
}

const VERSION_OPERATOR = /^([<>]=?|[!=]=)\s*/
const VERSION_OPERATORS = {
  '==': 'NUMERIC_EQUAL',
  '!=': 'NUMERIC_NOT_EQUAL',
  '<': 'NUMERIC_LESS_THAN',
  '<=': 'NUMERIC_LESSER_THAN_OR_EQUAL',
  '>': 'NUMERIC_GREATER_THAN',
  '>=': 'NUMERIC_GREATER_THAN_OR_EQUAL',
} as const

/** Both absent: satisfied. A blank or missing component part: not. Else the pattern, negated for NO_MATCH. */
function partSatisfied(negate: boolean, part: Part, value: string | null): boolean {
  if (part === undefined && value === null) return true
  const trimmed = value?.trim() || null
  if (trimmed === null) return false
  return (part !== undefined && part(trimmed)) !== negate
}

function versionPart(text: string | undefined): VersionPart | null {
  if (text === undefined) return undefined
  const operator = VERSION_OPERATOR.exec(text)
  if (!operator) return compileMatcher(text) ?? null
  const rest = text.slice(operator[0].length)
  if (rest === '') return null
  const symbol = operator[1] as keyof typeof VERSION_OPERATORS
  return { test: numericTest(VERSION_OPERATORS[symbol])!, tokens: versionTokens(rest) }
}

export const coordinatesRule: SubjectRule<CoordinatesCondition> = {
  prepare(operator, value) {
    const mode = matchMode(operator)
    const coordinates = decodeCoordinates(value)
    if (!mode || !coordinates) return null
    const group = coordinates.group === undefined ? undefined : compileMatcher(coordinates.group)
    const name = coordinates.name === undefined ? undefined : compileMatcher(coordinates.name)
    const version = versionPart(coordinates.version)
    if (group === null || name === null || version === null) return null
    return { negate: mode.negate, group, name, version }
  },
  violates(condition, component) {
    const { negate, version } = condition
    if (!partSatisfied(negate, condition.group, component.group)) return false
    if (!partSatisfied(negate, condition.name, component.name)) return false
    if (version === undefined) return component.version === null
    if (typeof version === 'function') return partSatisfied(negate, version, component.version)
    return version.test(compareVersionTokens(component.versionTokens, version.tokens)) !== negate
  },
}

interface VersionCondition {
  test: (comparison: number) => boolean
  tokens: string[]
}

/** ComponentVersion(component) against ComponentVersion(value). */
export const versionRule: SubjectRule<VersionCondition> = {
  prepare(operator, value) {
    const test = numericTest(operator)
    return test ? { test, tokens: versionTokens(value) } : null
  },
  violates: (condition, component) =>
    condition.test(compareVersionTokens(component.versionTokens, condition.tokens)),
}

interface HashCondition {
  negate: boolean
  /** undefined: an algorithm 4.13 does not know, so no component has that hash. */
  algorithm: string | undefined
  value: string
}

/** IS: the component has that hash; IS_NOT: it does not (also when it lacks the algorithm). */
export const componentHashRule: SubjectRule<HashCondition> = {
  prepare(operator, value) {
    const mode = isMode(operator)
    const hash = decodeHash(value)
    const text = hash?.value.trim().toLowerCase()
    if (!mode || !hash || !text) return null
    return { negate: mode.negate, algorithm: hashAlgorithmOf(hash.algorithm), value: text }
  },
  violates(condition, component) {
    const found =
      condition.algorithm !== undefined &&
      component.hashes.get(condition.algorithm) === condition.value
    return found !== condition.negate
  },
}
