import type { InternalMatcher } from './convert.ts'

/** The configured internal-component patterns (plain text, so they can cross to a worker). */
export interface InternalPatterns {
  groups: string | null
  names: string | null
}

function fullMatch(pattern: string | null, onInvalid: (pattern: string) => void) {
  if (!pattern) return undefined
  try {
    return new RegExp(`^(?:${pattern})$`)
  } catch {
    onInvalid(pattern)
    return undefined
  }
}

/** §8.1: internal when the group (non-blank) or the name fully matches the configured regex. */
export function matchInternal(
  patterns: InternalPatterns,
  onInvalid: (pattern: string) => void = () => undefined,
): InternalMatcher {
  const groups = fullMatch(patterns.groups, onInvalid)
  const names = fullMatch(patterns.names, onInvalid)
  if (!groups && !names) return () => false
  return (group, name) =>
    Boolean((groups && group !== null && groups.test(group)) || (names && names.test(name)))
}
