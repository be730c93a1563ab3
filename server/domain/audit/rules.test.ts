import { describe, expect, it } from 'vitest'
import type { AnalysisRuleRow } from '../../data/analysis-rules.ts'
import type { FindingRow } from '../../data/findings.ts'
import { appliedNote, componentKey, inheritedNote, ruleFor } from './rules.ts'

describe('componentKey: a component without its version', () => {
  it('uses purl type, namespace and name, normalised, when the purl is valid', () => {
    expect(componentKey({ purl: 'pkg:npm/lodash@4.17.21', group: null, name: 'lodash' })).toBe(
      'purl:npm//lodash',
    )
    expect(
      componentKey({
        purl: 'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1?type=jar',
        group: 'ignored',
        name: 'ignored',
      }),
    ).toBe('purl:maven/org.apache.logging.log4j/log4j-core')
    expect(componentKey({ purl: 'pkg:pypi/Django_Rest@3.0', group: null, name: 'x' })).toBe(
      'purl:pypi//django-rest',
    )
  })

  it('falls back to group and name without a usable purl', () => {
    expect(componentKey({ purl: null, group: 'org.acme', name: 'core' })).toBe('name:org.acme/core')
    expect(componentKey({ purl: 'not a purl', group: null, name: 'core' })).toBe('name:/core')
  })
})

const finding = (projectName: string) =>
  ({
    vulnerability_id: 7,
    project_name: projectName,
    component_purl: 'pkg:npm/acme@1.0.0',
    component_group: null,
    component_name: 'acme',
  }) as unknown as FindingRow

const rule = (id: number, scope: 'PROJECT' | 'PORTFOLIO', updated: string, projectName?: string) =>
  ({
    id,
    scope,
    project_name: projectName ?? null,
    component_key: 'purl:npm//acme',
    vulnerability_id: 7,
    updated_at: new Date(updated),
  }) as unknown as AnalysisRuleRow

describe('ruleFor: which rule a new finding inherits', () => {
  it('takes the latest matching decision, project rules only for their project name', () => {
    const rules = [
      rule(1, 'PROJECT', '2024-01-02', 'svc'),
      rule(2, 'PORTFOLIO', '2024-01-01'),
      rule(3, 'PROJECT', '2024-01-03', 'other'),
    ]
    expect(ruleFor(finding('svc'), rules)?.id).toBe(1)
    expect(ruleFor(finding('third'), rules)?.id).toBe(2)
    expect(ruleFor(finding('other'), rules)?.id).toBe(3)
  })

  it('prefers the project rule on a tie, and matches nothing for another component', () => {
    const rules = [rule(1, 'PORTFOLIO', '2024-01-01'), rule(2, 'PROJECT', '2024-01-01', 'svc')]
    expect(ruleFor(finding('svc'), rules)?.id).toBe(2)
    const otherComponent = { ...finding('svc'), component_purl: 'pkg:npm/else@1' } as FindingRow
    expect(ruleFor(otherComponent, rules)).toBeUndefined()
  })

  it('names where a decision came from', () => {
    const projectRule = { scope: 'PROJECT' as const, project_name: 'svc' }
    expect(appliedNote(projectRule, { name: 'svc', version: '1.0' })).toBe(
      'Applied from the decision on svc 1.0 for every version of svc',
    )
    expect(inheritedNote({ scope: 'PORTFOLIO', project_name: null })).toBe(
      'Inherited from the decision for the whole portfolio',
    )
  })
})
