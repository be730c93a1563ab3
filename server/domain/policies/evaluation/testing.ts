import type { ConditionOperator } from '../../../../common/dt-vocabulary.ts'
import type { ComponentFacts, PrepareContext, SubjectRule } from './model.ts'
import { versionTokens } from './rules/operators.ts'

/** Test helpers: a component's facts with defaults, and one condition decided for it. */
export function componentFacts(fields: Partial<ComponentFacts> = {}): ComponentFacts {
  const version = fields.version === undefined ? '1.0.0' : fields.version
  return {
    id: 1,
    group: null,
    name: 'acme',
    purl: null,
    cpe: null,
    swidTagId: null,
    hashes: new Map(),
    license: { id: null },
    vulnerabilities: [],
    repository: null,
    directDependency: false,
    ...fields,
    version,
    versionTokens: versionTokens(version),
  }
}

export const emptyContext: PrepareContext = {
  licenseGroups: new Map(),
  licenses: new Map(),
  today: { year: 2026, month: 6, day: 15 },
}

/** Whether the condition violates for the component; null when the condition is skipped. */
export function decideCondition<P>(
  rule: SubjectRule<P>,
  operator: ConditionOperator,
  value: string,
  component: ComponentFacts,
  context: PrepareContext = emptyContext,
): boolean | null {
  const prepared = rule.prepare(operator, value, context)
  return prepared === null ? null : rule.violates(prepared, component)
}
