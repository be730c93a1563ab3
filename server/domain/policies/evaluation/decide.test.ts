import { describe, expect, it } from 'vitest'
import type { ConditionSubject } from '../../../../common/dt-vocabulary.ts'
import { violationsOf } from './decide.ts'
import { packageOf } from '../../repositories/packages.ts'
import { directDependencyUuids } from './facts.ts'
import type { ComponentFacts, SubjectRule } from './model.ts'
import type { PreparedCondition, PreparedPolicy } from './policies.ts'
import { componentFacts } from './testing.ts'

// Contract: dt-behaviour.md §3.2 (ANY / ALL, one violation per violated condition, a policy
// without conditions never violates).

/** A condition that violates for the named components. */
function condition(id: number, names: string[], subject: ConditionSubject = 'PACKAGE_URL') {
  let calls = 0
  const rule: SubjectRule<string[]> = {
    prepare: () => names,
    violates: (prepared, component) => {
      calls++
      return prepared.includes(component.name)
    },
  }
  const prepared: PreparedCondition = {
    id,
    subject,
    type: subject === 'SEVERITY' ? 'SECURITY' : 'OPERATIONAL',
    key: `${subject}:${names.join(',')}`,
    rule: rule as SubjectRule<unknown>,
    prepared: names,
  }
  return Object.assign(prepared, { calls: () => calls })
}

const policy = (
  id: number,
  operator: 'ALL' | 'ANY',
  conditions: PreparedCondition[],
  total = conditions.length,
): PreparedPolicy => ({ id, operator, total, conditions })

const components: ComponentFacts[] = ['a', 'b', 'c'].map((name, i) =>
  componentFacts({ id: i + 1, name }),
)
const pairs = (policies: PreparedPolicy[]) =>
  violationsOf(policies, components).map((v) => `${v.componentId}:${v.conditionId}:${v.type}`)

describe('deciding violations', () => {
  it('ANY reports every violated condition of every component', () => {
    expect(pairs([policy(1, 'ANY', [condition(10, ['a', 'b']), condition(11, ['b'])])])).toEqual([
      '1:10:OPERATIONAL',
      '2:10:OPERATIONAL',
      '2:11:OPERATIONAL',
    ])
  })

  it('ALL reports only components that violate every condition, one violation per condition', () => {
    const all = policy(1, 'ALL', [condition(10, ['a', 'b']), condition(11, ['b', 'c'], 'SEVERITY')])
    expect(pairs([all])).toEqual(['2:10:OPERATIONAL', '2:11:SECURITY'])
  })

  it('ALL never violates when one of its conditions can never produce a violation', () => {
    expect(pairs([policy(1, 'ALL', [condition(10, ['a'])], 2)])).toEqual([])
    expect(pairs([policy(1, 'ANY', [condition(10, ['a'])], 2)])).toEqual(['1:10:OPERATIONAL'])
  })

  it('a policy without conditions never violates', () => {
    expect(pairs([policy(1, 'ALL', []), policy(2, 'ANY', [])])).toEqual([])
  })

  it('evaluates conditions alike in several policies once', () => {
    const first = condition(10, ['c'])
    const second = { ...condition(20, ['c']), key: first.key }
    expect(pairs([policy(1, 'ANY', [first]), policy(2, 'ANY', [second])])).toEqual([
      '3:10:OPERATIONAL',
      '3:20:OPERATIONAL',
    ])
    expect(first.calls()).toBe(3)
  })
})

describe('facts', () => {
  it('finds the package of a canonical purl for its repository type', () => {
    expect(packageOf('pkg:npm/%40angular/core@17.0.0?x=1#sub')).toEqual({
      repositoryType: 'NPM',
      namespace: '@angular',
      name: 'core',
    })
    expect(packageOf('pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1')).toEqual({
      repositoryType: 'MAVEN',
      namespace: 'org.apache.logging.log4j',
      name: 'log4j-core',
    })
    expect(packageOf('pkg:golang/github.com/gin-gonic/gin@v1.6.0')).toEqual({
      repositoryType: 'GO_MODULES',
      namespace: 'github.com/gin-gonic',
      name: 'gin',
    })
    expect(packageOf('pkg:deb/debian/openssl@1.1.1')).toBeNull()
  })

  it("reads the direct dependencies' uuids as 4.13 looks for them", () => {
    const text = '[{"uuid":"a-1"},{"uuid":"b-2"}]'
    expect([...directDependencyUuids(text)]).toEqual(['a-1', 'b-2'])
    expect(directDependencyUuids(null).size).toBe(0)
  })
})
