/**
 * Dependency-Track's column sizes: a value that fits the contract also fits the database and its
 * indexes (a btree index row holds at most about 2.7 KB).
 */
export const NAME_MAX = 255
export const DESCRIPTION_MAX = 1024
export const PURL_MAX = 786

/** Bean Validation's @Size message. */
export const sizeMessage = (min: number, max: number) => `size must be between ${min} and ${max}`

/** Whether a text is too long for a column of `max` characters (undefined and null fit). */
export const exceeds = (value: string | null | undefined, max = NAME_MAX) =>
  value !== null && value !== undefined && value.length > max

/** Long texts (Dependency-Track's CLOB columns: descriptions, details, references). */
export const LONG_TEXT_MAX = 65_535
