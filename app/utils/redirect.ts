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

/**
 * Returns a same-origin path to go to after sign-in, or the dashboard when the target is
 * foreign, not http(s), or outside the console's known sections.
 */
export function safeRedirect(target: string | null | undefined, origin: string): string {
  if (!target) return DEFAULT_REDIRECT
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
