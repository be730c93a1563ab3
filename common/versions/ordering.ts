/** One ecosystem's ordering: parse a string once into a key, then compare keys. */
export interface Ordering<K> {
  /** The comparable key, or undefined when the string is not a version of this scheme. */
  parse(version: string): K | undefined
  compare(a: K, b: K): number
}

export const sign = (n: number): number => (n < 0 ? -1 : n > 0 ? 1 : 0)

/** Compares two strings of ASCII digits by value, at any length (no precision loss). */
export function compareDigits(a: string, b: string): number {
  let i = 0
  let j = 0
  while (i < a.length - 1 && a.charCodeAt(i) === 48) i++
  while (j < b.length - 1 && b.charCodeAt(j) === 48) j++
  const lengths = a.length - i - (b.length - j)
  if (lengths !== 0) return sign(lengths)
  for (; i < a.length; i++, j++) {
    const d = a.charCodeAt(i) - b.charCodeAt(j)
    if (d !== 0) return sign(d)
  }
  return 0
}

/** Plain code-unit order, as Go's strings.Compare and Java's String.compareTo. */
export const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

export const isDigits = (s: string): boolean => /^\d+$/.test(s)
