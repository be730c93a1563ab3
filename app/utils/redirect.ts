/** The 4.13 console's known root paths, plus /tags and /services, which it forgot for redirects. */
export const REDIRECT_PREFIXES = [
  '/dashboard',
  '/projects',
  '/components',
  '/services',
  '/vulnerabilities',
  '/licenses',
  '/tags',
  '/policy',
  '/admin',
  '/project',
  '/component',
  '/vulnerability',
  '/license',
  '/vulnerabilityAudit',
  '/policyViolationAudit',
  '/profile',
] as const

const DEFAULT_REDIRECT = '/dashboard'

// Browsers drop tabs and newlines from URLs and read a backslash as a slash, so "/\t/evil" or
// "/\\evil" would leave the site; control characters also cannot go into a Location header.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\]/
const PROBE_ORIGIN = 'http://lookout.invalid'

/**
 * A path on this site to send the reader back to after a form post (theme, language), or the
 * fallback: anything not starting with one slash, with control characters or backslashes, or that
 * a browser would resolve to another origin is refused. Returns the normalised path.
 */
export function localRedirect(target: unknown, fallback = DEFAULT_REDIRECT): string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//'))
    return fallback
  if (UNSAFE_CHARACTERS.test(target)) return fallback
  let url: URL
  try {
    url = new URL(target, PROBE_ORIGIN)
  } catch {
    return fallback
  }
  // "/..//evil.example" normalises to a protocol-relative "//evil.example".
  if (url.origin !== PROBE_ORIGIN || url.pathname.startsWith('//')) return fallback
  return `${url.pathname}${url.search}${url.hash}`
}

/**
 * Returns a same-origin path to go to after sign-in, or the dashboard when the target is
 * foreign, not http(s), or outside the console's known sections.
 */
export function safeRedirect(target: string | null | undefined, origin: string): string {
  if (!target) return DEFAULT_REDIRECT
  if (UNSAFE_CHARACTERS.test(target)) return DEFAULT_REDIRECT
  let url: URL
  try {
    url = new URL(target, origin)
  } catch {
    return DEFAULT_REDIRECT
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return DEFAULT_REDIRECT
  if (url.origin !== new URL(origin).origin) return DEFAULT_REDIRECT
  const underKnownPrefix = REDIRECT_PREFIXES.some(
    (prefix) => url.pathname === prefix || url.pathname.startsWith(`${prefix}/`),
  )
  if (!underKnownPrefix) return DEFAULT_REDIRECT
  return `${url.pathname}${url.search}${url.hash}`
}
