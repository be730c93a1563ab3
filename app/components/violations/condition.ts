import type { ConditionSubject } from '../../../common/dt-vocabulary.ts'
import { decodeHash } from '../../../common/policy-conditions.ts'

/**
 * What the violation panel says about the condition that was broken (dt-screens §7.10): the
 * condition as 4.13 writes it, and the component's own facts that the condition looked at.
 */

export interface ViolatedCondition {
  subject: ConditionSubject
  operator: string
  value: string
}

/**
 * 4.13's condition line, `subject == LICENSE && value IS MIT`; `valueLabel` replaces a value
 * that is only an identifier (a license's or license group's uuid) with its name.
 */
export function conditionText(condition: ViolatedCondition, valueLabel?: string) {
  return `subject == ${condition.subject} && value ${condition.operator} ${valueLabel ?? condition.value}`
}

/** The conditions whose value is the uuid of a license or of a license group. */
export const namedValueKind = (subject: ConditionSubject) =>
  subject === 'LICENSE' ? 'license' : subject === 'LICENSE_GROUP' ? 'licenseGroup' : undefined

/** A component field of the hash algorithm's name: SHA-256 → sha256, SHA3-256 → sha3_256. */
export function hashField(algorithm: string) {
  const name = algorithm.toLowerCase()
  return name.startsWith('sha-') ? name.replace('-', '') : name.replace('-', '_')
}

export interface ViolatingComponent {
  group?: string
  name: string
  version?: string
  purl?: string
  cpe?: string
  swidTagId?: string
  license?: string
  resolvedLicense?: { licenseId: string; name: string }
  [hash: string]: unknown
}

/** A fact of the panel: a translation key (or a name that stays as it is) and the value. */
export interface IdentityFact {
  labelKey?: string
  label?: string
  value: string
}

const fact = (labelKey: string, value: string | undefined): IdentityFact[] =>
  value ? [{ labelKey, value }] : []

/**
 * The component's facts a condition of this subject looks at (4.13 shows coordinates, CPE, purl,
 * SWID tag id and license; Lookout adds the version and the hash). Security conditions look at
 * the component's vulnerabilities, not at its identity: none.
 */
export function identityFacts(
  condition: ViolatedCondition,
  component: ViolatingComponent,
): IdentityFact[] {
  switch (condition.subject) {
    case 'COORDINATES':
      return [
        ...fact('componentDetails.fields.group', component.group),
        ...fact('componentDetails.fields.name', component.name),
        ...fact('componentDetails.fields.version', component.version),
      ]
    case 'CPE':
      return fact('componentDetails.fields.cpe', component.cpe)
    case 'PACKAGE_URL':
      return fact('componentDetails.fields.purl', component.purl)
    case 'SWID_TAGID':
      return fact('componentDetails.fields.swidTagId', component.swidTagId)
    case 'VERSION':
    case 'VERSION_DISTANCE':
      return fact('componentDetails.fields.version', component.version)
    case 'LICENSE':
    case 'LICENSE_GROUP':
      return fact(
        'componentDetails.fields.license',
        component.resolvedLicense?.licenseId ?? component.license,
      )
    case 'COMPONENT_HASH': {
      const algorithm = decodeHash(condition.value)?.algorithm
      const value = algorithm ? component[hashField(algorithm)] : undefined
      return algorithm && typeof value === 'string' ? [{ label: algorithm, value }] : []
    }
    default:
      return []
  }
}
