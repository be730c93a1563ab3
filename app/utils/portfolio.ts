/** Classifiers in the 4.13 console's order: NONE first, the rest by label. */
export const CLASSIFIERS = [
  'NONE',
  'APPLICATION',
  'CONTAINER',
  'DATA',
  'DEVICE',
  'DEVICE_DRIVER',
  'FILE',
  'FIRMWARE',
  'FRAMEWORK',
  'LIBRARY',
  'MACHINE_LEARNING_MODEL',
  'OPERATING_SYSTEM',
  'PLATFORM',
] as const

export const COLLECTION_LOGICS = [
  'NONE',
  'AGGREGATE_DIRECT_CHILDREN',
  'AGGREGATE_DIRECT_CHILDREN_WITH_TAG',
  'AGGREGATE_LATEST_VERSION_CHILDREN',
] as const

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
