/**
 * API key expiry (beyond 4.13, DT#7316): keys carry `expires` (epoch ms, absent = never). The
 * Teams page warns two weeks ahead so a pipeline's key can be replaced before it stops working.
 */
export const EXPIRY_WARNING_DAYS = 14
const DAY_MS = 24 * 60 * 60 * 1000

export type KeyExpiry = 'expired' | 'soon' | undefined

/** Whether a key has expired or expires within the warning window, as of `now`. */
export function keyExpiryState(expires: number | undefined, now: number): KeyExpiry {
  if (expires === undefined) return undefined
  if (expires <= now) return 'expired'
  return expires - now <= EXPIRY_WARNING_DAYS * DAY_MS ? 'soon' : undefined
}

/** Whole days until a key expires (0 on its last day). */
export function daysLeft(expires: number, now: number) {
  return Math.max(0, Math.floor((expires - now) / DAY_MS))
}

/**
 * A date picked in a form (`YYYY-MM-DD`, as `<input type="date">` sends it) as the moment the
 * key stops working: the end of that day in UTC, so the key works all of the chosen day.
 * Undefined for anything that is not a real calendar date.
 */
export function endOfDayUtc(date: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined
  const start = Date.parse(`${date}T00:00:00.000Z`)
  if (Number.isNaN(start) || new Date(start).toISOString().slice(0, 10) !== date) return undefined
  return start + DAY_MS - 1
}

/** An instant as the date input shows it (UTC), for prefilling the expiry field. */
export function dateInputValue(epoch: number | undefined) {
  return epoch === undefined ? '' : new Date(epoch).toISOString().slice(0, 10)
}
