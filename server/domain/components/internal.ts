import { findConfigProperty } from '../../data/config-properties.ts'
import type { Queryable } from '../../db/database.ts'

export type InternalMatcher = (group: string | null, name: string) => boolean

/** Java's Matcher.matches(): the whole value must match. A broken pattern counts as unset. */
function fullMatch(pattern: string | null | undefined) {
  const trimmed = pattern?.trim()
  if (!trimmed) return undefined
  try {
    return new RegExp(`^(?:${trimmed})$`)
  } catch {
    return undefined
  }
}

/** Internal iff the group fully matches groups.regex or the name fully matches names.regex. */
export async function internalMatcher(db: Queryable): Promise<InternalMatcher> {
  const [groups, names] = await Promise.all([
    findConfigProperty(db, 'internal-components', 'groups.regex'),
    findConfigProperty(db, 'internal-components', 'names.regex'),
  ])
  const groupPattern = fullMatch(groups?.property_value)
  const namePattern = fullMatch(names?.property_value)
  return (group, name) =>
    Boolean(
      (groupPattern && group && group.trim() !== '' && groupPattern.test(group)) ||
      (namePattern && name.trim() !== '' && namePattern.test(name)),
    )
}
