import sanitizeHtml from 'sanitize-html'

/** The welcome message is stored URL-encoded; it is shown as sanitised HTML, or not at all. */
export function welcomeMessageHtml(stored: string | undefined): string | undefined {
  if (!stored) return undefined
  try {
    return sanitizeHtml(decodeURIComponent(stored))
  } catch {
    return undefined
  }
}
