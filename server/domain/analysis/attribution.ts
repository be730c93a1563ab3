const REFERENCE_URL_MAX = 255

/**
 * 4.13 stores at most 255 characters of an attribution's reference URL (§2.1): a longer URL
 * first loses its query string, then whatever is still too long is cut.
 */
export function truncateReferenceUrl(url: string | null | undefined): string | null {
  if (url == null || url === '') return null
  if (url.length <= REFERENCE_URL_MAX) return url
  const query = url.indexOf('?')
  const withoutQuery = query >= 0 ? url.slice(0, query) : url
  return withoutQuery.slice(0, REFERENCE_URL_MAX)
}
