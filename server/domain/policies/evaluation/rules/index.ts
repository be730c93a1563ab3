import type { ConditionSubject } from '../../../../../common/dt-vocabulary.ts'
import type { FactKind, SubjectRule } from '../model.ts'
import {
  componentHashRule,
  coordinatesRule,
  cpeRule,
  packageUrlRule,
  swidTagIdRule,
  versionRule,
} from './identity.ts'
import { licenseGroupRule, licenseRule } from './license.ts'
import { ageRule, versionDistanceRule } from './repository.ts'
import { cweRule, epssRule, severityRule, vulnerabilityIdRule } from './vulnerability.ts'

/** Every condition subject's rule and the facts beyond the component row it reads. */
export const SUBJECT_RULES: Record<
  ConditionSubject,
  { rule: SubjectRule<unknown>; needs?: FactKind }
> = {
  AGE: { rule: ageRule as SubjectRule<unknown>, needs: 'repository' },
  COORDINATES: { rule: coordinatesRule as SubjectRule<unknown> },
  CPE: { rule: cpeRule as SubjectRule<unknown> },
  LICENSE: { rule: licenseRule as SubjectRule<unknown>, needs: 'license' },
  LICENSE_GROUP: { rule: licenseGroupRule as SubjectRule<unknown>, needs: 'license' },
  PACKAGE_URL: { rule: packageUrlRule as SubjectRule<unknown> },
  SEVERITY: { rule: severityRule as SubjectRule<unknown>, needs: 'vulnerabilities' },
  SWID_TAGID: { rule: swidTagIdRule as SubjectRule<unknown> },
  VERSION: { rule: versionRule as SubjectRule<unknown> },
  COMPONENT_HASH: { rule: componentHashRule as SubjectRule<unknown> },
  CWE: { rule: cweRule as SubjectRule<unknown>, needs: 'vulnerabilities' },
  VULNERABILITY_ID: { rule: vulnerabilityIdRule as SubjectRule<unknown>, needs: 'vulnerabilities' },
  VERSION_DISTANCE: { rule: versionDistanceRule as SubjectRule<unknown>, needs: 'repository' },
  EPSS: { rule: epssRule as SubjectRule<unknown>, needs: 'vulnerabilities' },
}
