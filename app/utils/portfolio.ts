import { CLASSIFIERS as API_CLASSIFIERS, type Classifier } from '../../common/dt-vocabulary.ts'

export { COLLECTION_LOGICS } from '../../common/dt-vocabulary.ts'

/** Classifiers in the 4.13 console's order: NONE first, the rest by label. */
export const CLASSIFIERS = [
  'NONE',
  ...API_CLASSIFIERS.filter((classifier) => classifier !== 'NONE').sort(),
] as [Classifier, ...Classifier[]]

export const PAGE_SIZES = [10, 25, 50, 100] as const

/** Tags as people type them: separated by spaces, commas, semicolons or colons, lower-case. */
export function splitTags(text: string | undefined): string[] {
  if (!text) return []
  return [
    ...new Set(
      text
        .split(/[\s,;:]+/)
        .map((tag) => tag.trim().toLowerCase())
        .filter(Boolean),
    ),
  ]
}
