/** Day, short month and year in the reader's language, optionally with a 24-hour time. */
export function formatDate(
  value: number | Date | undefined | null,
  locale: string,
  options: { withTime?: boolean; timeZone?: string } = {},
): string {
  if (value === undefined || value === null) return ''
  const date = typeof value === 'number' ? new Date(value) : value
  if (Number.isNaN(date.getTime())) return ''
  const format: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: options.timeZone,
  }
  if (options.withTime) {
    Object.assign(format, {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
  }
  // English keeps Dependency-Track's day-first order ("15 Jan 2017").
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale, format).format(date)
}
