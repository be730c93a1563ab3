import { describe, expect, it } from 'vitest'
import { translations } from '~/locales/resources.server.ts'
import { REFERENCE_TYPES, referenceTypeLabel } from './external-references.tsx'

const t = (key: string) => `t:${key}`

describe('referenceTypeLabel', () => {
  it('translates every CycloneDX reference type, whatever its case', () => {
    expect(referenceTypeLabel('vcs', t)).toBe('t:externalReferences.types.vcs')
    expect(referenceTypeLabel('Issue-Tracker', t)).toBe('t:externalReferences.types.issue-tracker')
    expect(referenceTypeLabel('rfc-9116', t)).toBe('t:externalReferences.types.rfc-9116')
    expect(referenceTypeLabel('model_card', t)).toBe('t:externalReferences.types.model-card')
    expect(referenceTypeLabel('source-distribution', t)).toBe(
      't:externalReferences.types.source-distribution',
    )
  })

  it('shows a token CycloneDX does not define as it is, and nothing for no type', () => {
    expect(referenceTypeLabel('carrier-pigeon', t)).toBe('carrier-pigeon')
    expect(referenceTypeLabel(undefined, t)).toBe('')
  })

  it('has a name for every type in every language', () => {
    for (const [language, strings] of Object.entries(translations)) {
      const names = (strings as { externalReferences: { types: Record<string, string> } })
        .externalReferences.types
      expect(Object.keys(names).sort(), language).toEqual(
        REFERENCE_TYPES.map((type) => type.replaceAll('_', '-')).sort(),
      )
    }
  })
})
