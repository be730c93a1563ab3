import { describe, expect, it } from 'vitest'
import { HttpError } from '../../lib/errors.ts'
import { parseShortDate, sinceDaysAgo } from './history.ts'

describe('YYYYMMDD', () => {
  it('reads real calendar days as the start of the day in UTC', () => {
    expect(parseShortDate('20240229')?.toISOString()).toBe('2024-02-29T00:00:00.000Z')
    expect(parseShortDate('19991231')?.toISOString()).toBe('1999-12-31T00:00:00.000Z')
  })

  it('refuses other shapes and days that do not exist', () => {
    for (const text of ['2024-02-29', '20230229', '20241301', '2024011', '202401011', 'today', ''])
      expect(parseShortDate(text), text).toBeUndefined()
  })
})

describe('{days}', () => {
  const now = Date.UTC(2024, 5, 30, 12)

  it('goes back whole days from now; negative counts look ahead, huge ones reach 1970', () => {
    expect(sinceDaysAgo('90', now).toISOString()).toBe('2024-04-01T12:00:00.000Z')
    expect(sinceDaysAgo('+1', now).toISOString()).toBe('2024-06-29T12:00:00.000Z')
    expect(sinceDaysAgo('-1', now).getTime()).toBe(now + 86_400_000)
    expect(sinceDaysAgo('2147483647', now).getTime()).toBe(0)
  })

  it('answers 404 for anything but a Java int, as a path that matches no operation', () => {
    for (const days of ['ninety', '1.5', '', '2147483648', '9'.repeat(11)]) {
      const error = (() => {
        try {
          sinceDaysAgo(days, now)
        } catch (caught) {
          return caught
        }
      })()
      expect(error, days).toBeInstanceOf(HttpError)
      expect((error as HttpError).status).toBe(404)
    }
  })
})
