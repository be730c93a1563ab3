/** Only web and mail links become clickable; anything else (javascript:, data:) stays text. */
export function safeExternalHref(url: string): string | undefined {
  try {
    const parsed = new URL(url)
    return ['http:', 'https:', 'mailto:', 'ftp:'].includes(parsed.protocol)
      ? parsed.href
      : undefined
  } catch {
    return undefined
  }
}
