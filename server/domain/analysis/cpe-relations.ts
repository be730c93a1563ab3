/**
 * Attribute comparison of CPE name matching (NIST IR 7696, Table 6-2): the relation of a source
 * attribute (the vulnerable software's) to a target attribute (the component's). `*` alone is
 * ANY, `-` alone is NA; inside a longer value `*` matches any run of characters and `?` one
 * character. Values compare case-insensitively.
 */
export type CpeRelation = 'EQUAL' | 'SUBSET' | 'SUPERSET' | 'DISJOINT' | 'UNDEFINED'

const ANY = '*'
const NA = '-'

const hasWildcard = (value: string) => value.length > 1 && /[*?]/.test(value)

function wildcardPattern(value: string): RegExp {
  const body = [...value]
    .map((char) =>
      char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'),
    )
    .join('')
  return new RegExp(`^${body}$`, 'is')
}

export function compareCpeAttribute(
  source: string | null | undefined,
  target: string | null | undefined,
): CpeRelation {
  const left = source == null || source === '' ? ANY : source
  const right = target == null || target === '' ? ANY : target
  if (left === ANY) return right === ANY ? 'EQUAL' : 'SUPERSET'
  if (left === NA) {
    if (right === ANY) return 'SUBSET'
    return right === NA ? 'EQUAL' : 'DISJOINT'
  }
  if (right === ANY) return 'SUBSET'
  if (right === NA) return 'DISJOINT'
  if (hasWildcard(left)) {
    if (hasWildcard(right)) return 'UNDEFINED'
    return wildcardPattern(left).test(right) ? 'SUPERSET' : 'DISJOINT'
  }
  if (hasWildcard(right)) return 'DISJOINT'
  return left.toLowerCase() === right.toLowerCase() ? 'EQUAL' : 'DISJOINT'
}

/** The eleven attributes of a CPE in 2.3 order. */
export interface CpeAttributes {
  part: string | null
  vendor: string | null
  product: string | null
  version: string | null
  update: string | null
  edition: string | null
  language: string | null
  swEdition: string | null
  targetSw: string | null
  targetHw: string | null
  other: string | null
}

export const CPE_ATTRIBUTE_NAMES = [
  'part',
  'vendor',
  'product',
  'version',
  'update',
  'edition',
  'language',
  'swEdition',
  'targetSw',
  'targetHw',
  'other',
] as const satisfies ReadonlyArray<keyof CpeAttributes>

/**
 * 4.13's CPE attribute check of the internal analyzer (§2.2): no attribute DISJOINT, and not a
 * vendor SUBSET with a product SUPERSET (or the reverse).
 */
export function cpeAttributesMatch(source: CpeAttributes, target: CpeAttributes): boolean {
  const relations = CPE_ATTRIBUTE_NAMES.map((name) =>
    compareCpeAttribute(source[name], target[name]),
  )
  if (relations.includes('DISJOINT')) return false
  const [, vendor, product] = relations
  if (vendor === 'SUBSET' && product === 'SUPERSET') return false
  if (vendor === 'SUPERSET' && product === 'SUBSET') return false
  return true
}
