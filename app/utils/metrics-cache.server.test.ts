import { describe, expect, it } from 'vitest'
import {
  createMetricsCache,
  principalKey,
  principalOf,
  type MetricsPrincipal,
} from './metrics-cache.server.ts'

const alice: MetricsPrincipal = {
  username: 'alice',
  idp: 'LOCAL',
  permissions: ['VIEW_PORTFOLIO', 'PORTFOLIO_MANAGEMENT'],
  teams: ['team-a'],
}

function counter() {
  let calls = 0
  return {
    load: (value: string) => async () => {
      calls += 1
      return value
    },
    get calls() {
      return calls
    },
  }
}

const settings = { ttlMs: 30_000, maxEntries: 100, logEveryMs: 0 }

describe('the metrics cache key', () => {
  it('is the same for the same principal whatever the order of permissions and teams', () => {
    expect(
      principalKey({ ...alice, permissions: [...alice.permissions].reverse(), teams: ['team-a'] }),
    ).toBe(principalKey(alice))
  })

  it('differs by user, identity provider, permission set and team', () => {
    const keys = new Set([
      principalKey(alice),
      principalKey({ ...alice, username: 'bob' }),
      principalKey({ ...alice, idp: 'LDAP' }),
      principalKey({ ...alice, permissions: ['VIEW_PORTFOLIO'] }),
      principalKey({ ...alice, teams: ['team-b'] }),
      principalKey({ ...alice, teams: [] }),
    ])
    expect(keys.size).toBe(6)
  })

  it('does not carry the username in clear', () => {
    expect(principalKey(alice)).not.toContain('alice')
  })

  it('takes permissions and teams from /user/self rather than the token', () => {
    expect(
      principalOf({
        user: {
          username: 'alice',
          permissions: [{ name: 'VIEW_PORTFOLIO' }],
          teams: [{ uuid: 'team-a' }],
        },
        permissions: ['VIEW_PORTFOLIO', 'ACCESS_MANAGEMENT'],
        idp: 'LOCAL',
      }),
    ).toEqual({
      username: 'alice',
      idp: 'LOCAL',
      permissions: ['VIEW_PORTFOLIO'],
      teams: ['team-a'],
    })
  })
})

describe('createMetricsCache', () => {
  it('answers a principal from its own entry and never from another’s', async () => {
    const cache = createMetricsCache(settings)
    const source = counter()
    const bob = { ...alice, username: 'bob', teams: ['team-b'] }
    const viewer = { ...alice, permissions: ['VIEW_PORTFOLIO'] }
    expect(await cache.get(alice, 'portfolio:90', source.load('alice'))).toEqual({
      value: 'alice',
      outcome: 'miss',
    })
    expect((await cache.get(bob, 'portfolio:90', source.load('bob'))).value).toBe('bob')
    expect((await cache.get(viewer, 'portfolio:90', source.load('viewer'))).value).toBe('viewer')
    expect(await cache.get(alice, 'portfolio:90', source.load('other'))).toEqual({
      value: 'alice',
      outcome: 'hit',
    })
    expect((await cache.get(bob, 'portfolio:90', source.load('other'))).value).toBe('bob')
    expect(source.calls).toBe(3)
  })

  it('keeps resources apart for the same principal', async () => {
    const cache = createMetricsCache(settings)
    await cache.get(alice, 'portfolio:90:00', async () => 90)
    expect((await cache.get(alice, 'portfolio:30:00', async () => 30)).value).toBe(30)
    expect((await cache.get(alice, 'portfolio:90:10', async () => 'inactive')).value).toBe(
      'inactive',
    )
  })

  it('asks the API once for readers arriving together', async () => {
    const cache = createMetricsCache(settings)
    const source = counter()
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => cache.get(alice, 'portfolio:90', source.load('once'))),
    )
    expect(answers.map((answer) => answer.value)).toEqual(Array(5).fill('once'))
    expect(source.calls).toBe(1)
  })

  it('forgets everything when a refresh is requested', async () => {
    const cache = createMetricsCache(settings)
    await cache.get(alice, 'portfolio:90', async () => 'before')
    cache.invalidate()
    expect(await cache.get(alice, 'portfolio:90', async () => 'after')).toEqual({
      value: 'after',
      outcome: 'miss',
    })
  })

  it('asks again once the TTL has passed', async () => {
    const cache = createMetricsCache({ ...settings, ttlMs: 20 })
    await cache.get(alice, 'portfolio:90', async () => 'old')
    await new Promise((resolve) => setTimeout(resolve, 40))
    expect((await cache.get(alice, 'portfolio:90', async () => 'new')).value).toBe('new')
  })

  it('does not keep a failed answer', async () => {
    const cache = createMetricsCache(settings)
    await expect(
      cache.get(alice, 'portfolio:90', async () => {
        throw new Error('API down')
      }),
    ).rejects.toThrow('API down')
    expect((await cache.get(alice, 'portfolio:90', async () => 'back')).value).toBe('back')
  })

  it('stores nothing when its TTL is 0', async () => {
    const cache = createMetricsCache({ ...settings, ttlMs: 0 })
    const source = counter()
    await cache.get(alice, 'portfolio:90', source.load('a'))
    expect(await cache.get(alice, 'portfolio:90', source.load('b'))).toEqual({
      value: 'b',
      outcome: 'off',
    })
    expect(cache.stats().entries).toBe(0)
  })

  it('counts hits and misses and reports them when due and changed', async () => {
    const cache = createMetricsCache({ ...settings, logEveryMs: 1000 })
    await cache.get(alice, 'portfolio:90', async () => 1)
    await cache.get(alice, 'portfolio:90', async () => 1)
    expect(cache.stats()).toEqual({ hits: 1, misses: 1, entries: 1, ttlMs: 30_000 })
    const now = Date.now()
    expect(cache.due(now)).toBeUndefined()
    expect(cache.due(now + 1000)).toEqual({ hits: 1, misses: 1, entries: 1, ttlMs: 30_000 })
    expect(cache.due(now + 2500)).toBeUndefined()
  })
})
