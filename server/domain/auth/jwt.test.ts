import { afterEach, describe, expect, it, vi } from 'vitest'
import { signToken, verifyToken } from './jwt.ts'

const secret = new TextEncoder().encode('a-secret-of-thirty-two-bytes-or-more!')
const claims = { sub: 'alice', idp: 'LOCAL' as const, permissions: '' }

afterEach(() => vi.useRealTimers())

describe('verifyToken', () => {
  it('answers the same claims each time a token is presented, and nothing for another key', async () => {
    const token = await signToken(secret, claims, 60)
    const first = await verifyToken(secret, token)
    expect(first).toMatchObject({ sub: 'alice', idp: 'LOCAL' })
    expect(await verifyToken(secret, token)).toEqual(first)
    const otherKey = new TextEncoder().encode('another-secret-of-thirty-two-bytes!!')
    expect(await verifyToken(otherKey, token)).toBeUndefined()
  })

  it('refuses a token once it has expired, though it was accepted before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'))
    const token = await signToken(secret, claims, 60)
    expect(await verifyToken(secret, token)).toBeDefined()
    vi.setSystemTime(new Date('2026-01-01T00:01:01Z'))
    expect(await verifyToken(secret, token)).toBeUndefined()
  })

  it('refuses a token whose signature was altered', async () => {
    const token = await signToken(secret, claims, 60)
    await verifyToken(secret, token)
    const [header, payload, signature] = token.split('.')
    const altered = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`
    expect(await verifyToken(secret, altered)).toBeUndefined()
  })
})
