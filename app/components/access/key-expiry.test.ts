import { describe, expect, it } from 'vitest'
import { dateInputValue, daysLeft, endOfDayUtc, keyExpiryState } from './key-expiry.ts'

const now = Date.parse('2026-03-01T12:00:00.000Z')
const day = 24 * 60 * 60 * 1000

describe('keyExpiryState', () => {
  it('says nothing about a key that never expires or expires after two weeks', () => {
    expect(keyExpiryState(undefined, now)).toBeUndefined()
    expect(keyExpiryState(now + 14 * day + 1, now)).toBeUndefined()
  })

  it('warns within 14 days, up to the last millisecond', () => {
    expect(keyExpiryState(now + 14 * day, now)).toBe('soon')
    expect(keyExpiryState(now + 1, now)).toBe('soon')
  })

  it('reads a key as expired from its expiry instant on', () => {
    expect(keyExpiryState(now, now)).toBe('expired')
    expect(keyExpiryState(now - day, now)).toBe('expired')
  })
})

describe('daysLeft', () => {
  it('counts whole days and never goes below zero', () => {
    expect(daysLeft(now + 3 * day + 5, now)).toBe(3)
    expect(daysLeft(now + 5, now)).toBe(0)
    expect(daysLeft(now - day, now)).toBe(0)
  })
})

describe('endOfDayUtc', () => {
  it('lets the key work through the whole chosen day (UTC)', () => {
    expect(new Date(endOfDayUtc('2026-03-15')!).toISOString()).toBe('2026-03-15T23:59:59.999Z')
  })

  it('refuses what is not a calendar date', () => {
    expect(endOfDayUtc('')).toBeUndefined()
    expect(endOfDayUtc('2026-02-30')).toBeUndefined()
    expect(endOfDayUtc('15.03.2026')).toBeUndefined()
  })

  it('round-trips with dateInputValue', () => {
    expect(dateInputValue(endOfDayUtc('2027-12-31'))).toBe('2027-12-31')
    expect(dateInputValue(undefined)).toBe('')
  })
})
