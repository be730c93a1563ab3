import {
  decodeCoordinates,
  decodeHash,
  decodeVersionDistance,
  encodeCoordinates,
  encodeHash,
  encodeVersionDistance,
  hashAlgorithmOf,
} from '../../../common/policy-conditions.ts'
import {
  SUBJECT_OPERATORS,
  type ConditionOperator,
  type ConditionSubject,
} from '../../../common/dt-vocabulary.ts'

/**
 * One row of the conditions editor as the reader left it: the stored condition's value split
 * into the inputs its subject shows (§16.2). Without JavaScript every round trip carries the
 * rows back, so nothing typed is lost.
 */
export interface ConditionRow {
  /** The stored condition this row edits; absent for a new row. */
  uuid?: string
  /** Absent on a blank row, which is left out when saving. */
  subject?: ConditionSubject
  operator?: ConditionOperator
  /** Text subjects, the severity, the license (its id as shown) and the license group's uuid. */
  value: string
  group: string
  name: string
  version: string
  algorithm: string
  hash: string
  epoch: string
  major: string
  minor: string
  patch: string
  remove: boolean
  /** A stored value the inputs cannot show (written by another client), shown as it is. */
  unreadable?: string
}

export const DISTANCE_PARTS = ['epoch', 'major', 'minor', 'patch'] as const
export const COORDINATE_PARTS = ['group', 'name', 'version'] as const

/** Which inputs a subject's value is entered in. */
export type ValueInput =
  'text' | 'severity' | 'license' | 'licenseGroup' | 'coordinates' | 'hash' | 'versionDistance'

export function valueInputOf(subject: ConditionSubject | undefined): ValueInput {
  switch (subject) {
    case 'SEVERITY':
      return 'severity'
    case 'LICENSE':
      return 'license'
    case 'LICENSE_GROUP':
      return 'licenseGroup'
    case 'COORDINATES':
      return 'coordinates'
    case 'COMPONENT_HASH':
      return 'hash'
    case 'VERSION_DISTANCE':
      return 'versionDistance'
    default:
      return 'text'
  }
}

/** Free text carries over when the subject changes between two subjects typed as text. */
export const sharesTypedValue = (a: ConditionSubject | undefined, b: ConditionSubject) =>
  ['text', 'license'].includes(valueInputOf(a)) && ['text', 'license'].includes(valueInputOf(b))

export const DEFAULT_HASH_ALGORITHM = 'SHA-256'

export function blankRow(): ConditionRow {
  return {
    value: '',
    group: '',
    name: '',
    version: '',
    algorithm: DEFAULT_HASH_ALGORITHM,
    hash: '',
    epoch: '',
    major: '',
    minor: '',
    patch: '',
    remove: false,
  }
}

/** The operator a row keeps when its subject changes: the same one if it still applies. */
export function operatorFor(subject: ConditionSubject, operator?: ConditionOperator) {
  const allowed = SUBJECT_OPERATORS[subject]
  return operator && allowed.includes(operator) ? operator : allowed[0]!
}

/** A stored condition as the editor's inputs show it. */
export function rowFromCondition(
  condition: {
    uuid: string
    subject: ConditionSubject
    operator: ConditionOperator
    value: string
  },
  licenseIdOf: (uuid: string) => string | undefined,
): ConditionRow {
  const row: ConditionRow = {
    ...blankRow(),
    uuid: condition.uuid,
    subject: condition.subject,
    operator: condition.operator,
  }
  const { value } = condition
  switch (valueInputOf(condition.subject)) {
    case 'coordinates': {
      const coordinates = decodeCoordinates(value)
      if (!coordinates) return { ...row, unreadable: value }
      return {
        ...row,
        group: coordinates.group ?? '',
        name: coordinates.name ?? '',
        version: coordinates.version ?? '',
      }
    }
    case 'hash': {
      const hash = decodeHash(value)
      const algorithm = hash && hashAlgorithmOf(hash.algorithm)
      if (!hash || !algorithm) return { ...row, unreadable: value }
      return { ...row, algorithm, hash: hash.value }
    }
    case 'versionDistance': {
      const distance = decodeVersionDistance(value)
      if (!distance) return { ...row, unreadable: value }
      return { ...row, ...Object.fromEntries(DISTANCE_PARTS.map((p) => [p, distance[p] ?? ''])) }
    }
    case 'license':
      return { ...row, value: licenseIdOf(value) ?? value }
    default:
      return { ...row, value }
  }
}

/** Whether the reader left a new row untouched (it is not saved). */
export function isBlankRow(row: ConditionRow) {
  return !row.uuid && !row.subject
}

/** Whether every input of the row's subject is empty. */
export function isEmptyValue(row: ConditionRow) {
  switch (valueInputOf(row.subject)) {
    case 'coordinates':
      return COORDINATE_PARTS.every((part) => row[part].trim() === '')
    case 'hash':
      return row.hash.trim() === ''
    case 'versionDistance':
      return DISTANCE_PARTS.every((part) => row[part].trim() === '')
    default:
      return row.value.trim() === ''
  }
}

/**
 * The value the API stores for the row's inputs. LICENSE values are written as the license's
 * uuid by `resolveLicense` (undefined when no license has that id or name).
 */
export function encodeRowValue(
  row: ConditionRow,
  resolveLicense: (text: string) => string | undefined,
): string | undefined {
  switch (valueInputOf(row.subject)) {
    case 'coordinates':
      return encodeCoordinates(row)
    case 'hash':
      return encodeHash({ algorithm: row.algorithm, value: row.hash })
    case 'versionDistance':
      return encodeVersionDistance(row)
    case 'license':
      return resolveLicense(row.value.trim())
    default:
      return row.value.trim()
  }
}
