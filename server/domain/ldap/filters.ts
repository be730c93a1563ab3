/**
 * Filter building as Alpine does it (LdapConnectionWrapper): configured filters are templates;
 * only the values put into them come from users or the directory, and those are escaped.
 */

/** RFC 4515 §3: the characters that would otherwise be filter syntax, as \XX escapes. */
export function escapeFilterValue(value: string): string {
  return value.replace(
    /[\\*()\0]/g,
    (char) => `\\${char.charCodeAt(0).toString(16).padStart(2, '0')}`,
  )
}

/** Java's String.format with one argument, as `alpine.ldap.auth.username.format` is used. */
export function formatPrincipal(format: string, username: string): string {
  if (format.trim() === '') return username
  return format.replace(/%[s%]/g, (token) => (token === '%%' ? '%' : username))
}

/** The filter that finds one user: `(<name attribute>=<formatted, escaped username>)`. */
export function userFilter(attributeName: string, format: string, username: string): string {
  return `(${attributeName}=${escapeFilterValue(formatPrincipal(format, username))})`
}

/** `{SEARCH_TERM}` in a groups or users search filter; a missing term searches for "". */
export function withSearchTerm(filter: string, searchTerm: string | undefined): string {
  return filter.replaceAll('{SEARCH_TERM}', escapeFilterValue(searchTerm ?? ''))
}

/** `{USER_DN}` and `{USERNAME}` in the user-groups filter. */
export function withUser(filter: string, user: { dn: string; username: string }): string {
  return filter
    .replaceAll('{USER_DN}', escapeFilterValue(user.dn))
    .replaceAll('{USERNAME}', escapeFilterValue(user.username))
}

/** A filter as written in configuration gets its outer parentheses if it has none (JNDI's leniency). */
export function parenthesized(filter: string): string {
  const trimmed = filter.trim()
  return trimmed.startsWith('(') ? trimmed : `(${trimmed})`
}
