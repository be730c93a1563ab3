import { describe, expect, it } from 'vitest'
import { compareCpeAttribute, cpeAttributesMatch, type CpeAttributes } from './cpe-relations.ts'

// NIST IR 7696 Table 6-2, one case per row (source, target, relation).
const TABLE: Array<[string, string, string]> = [
  ['*', '*', 'EQUAL'],
  ['*', '-', 'SUPERSET'],
  ['*', 'log4j', 'SUPERSET'],
  ['*', 'log*', 'SUPERSET'],
  ['-', '*', 'SUBSET'],
  ['-', '-', 'EQUAL'],
  ['-', 'log4j', 'DISJOINT'],
  ['-', 'log*', 'DISJOINT'],
  ['log4j', '*', 'SUBSET'],
  ['log4j', '-', 'DISJOINT'],
  ['log4j', 'log4j', 'EQUAL'],
  ['log4j', 'LOG4J', 'EQUAL'],
  ['log4j', 'log4net', 'DISJOINT'],
  ['log4j', 'log*', 'DISJOINT'],
  ['log*', '*', 'SUBSET'],
  ['log*', '-', 'DISJOINT'],
  ['log*', 'log4j', 'SUPERSET'],
  ['log?j', 'log4j', 'SUPERSET'],
  ['log?j', 'log44j', 'DISJOINT'],
  ['log*', 'slf4j', 'DISJOINT'],
  ['log*', 'lo?4j', 'UNDEFINED'],
]

describe('compareCpeAttribute (NIST IR 7696 Table 6-2)', () => {
  it.each(TABLE)('source %s, target %s → %s', (source, target, relation) => {
    expect(compareCpeAttribute(source, target)).toBe(relation)
  })

  it('treats a missing value as ANY', () => {
    expect(compareCpeAttribute(null, 'x')).toBe('SUPERSET')
    expect(compareCpeAttribute('x', undefined)).toBe('SUBSET')
  })

  it('reads regular-expression characters literally', () => {
    expect(compareCpeAttribute('a.b', 'axb')).toBe('DISJOINT')
    expect(compareCpeAttribute('visual_c++*', 'visual_c++_2019')).toBe('SUPERSET')
  })
})

const cpe = (text: string): CpeAttributes => {
  const [
    part,
    vendor,
    product,
    version,
    update,
    edition,
    language,
    swEdition,
    targetSw,
    targetHw,
    other,
  ] = text.split(':').slice(2)
  return {
    part: part!,
    vendor: vendor!,
    product: product!,
    version: version!,
    update: update!,
    edition: edition!,
    language: language!,
    swEdition: swEdition!,
    targetSw: targetSw!,
    targetHw: targetHw!,
    other: other!,
  }
}

describe('cpeAttributesMatch (4.13 §2.2)', () => {
  it('matches a range row against a concrete component CPE', () => {
    expect(
      cpeAttributesMatch(
        cpe('cpe:2.3:a:apache:log4j:*:*:*:*:*:*:*:*'),
        cpe('cpe:2.3:a:apache:log4j:2.14.1:*:*:*:*:*:*:*'),
      ),
    ).toBe(true)
  })

  it('rejects any disjoint attribute', () => {
    expect(
      cpeAttributesMatch(
        cpe('cpe:2.3:a:apache:log4j:*:*:*:*:*:node.js:*:*'),
        cpe('cpe:2.3:a:apache:log4j:2.14.1:*:*:*:*:java:*:*'),
      ),
    ).toBe(false)
    expect(
      cpeAttributesMatch(
        cpe('cpe:2.3:a:apache:log4j:2.14.0:*:*:*:*:*:*:*'),
        cpe('cpe:2.3:a:apache:log4j:2.14.1:*:*:*:*:*:*:*'),
      ),
    ).toBe(false)
  })

  it('rejects a vendor subset with a product superset, and the reverse', () => {
    expect(
      cpeAttributesMatch(
        cpe('cpe:2.3:a:apache:*:*:*:*:*:*:*:*:*'),
        cpe('cpe:2.3:a:*:log4j:1.0:*:*:*:*:*:*:*'),
      ),
    ).toBe(false)
    expect(
      cpeAttributesMatch(
        cpe('cpe:2.3:a:*:log4j:*:*:*:*:*:*:*:*'),
        cpe('cpe:2.3:a:apache:*:1.0:*:*:*:*:*:*:*'),
      ),
    ).toBe(false)
    expect(
      cpeAttributesMatch(
        cpe('cpe:2.3:a:*:log4j:*:*:*:*:*:*:*:*'),
        cpe('cpe:2.3:a:apache:log4j:1.0:*:*:*:*:*:*:*'),
      ),
    ).toBe(true)
  })
})
