import { createHash } from 'node:crypto'
import type { AppLoadContext } from '@remix-run/node'
import { LRUCache } from 'lru-cache'

/**
 * The console's short-lived cache of metric answers (docs/dashboard.md). Portfolio figures are
 * computed over the projects a principal may see, so an entry belongs to one principal: its
 * identity, its permissions and its teams (which decide its projects under portfolio ACL) are
 * all in the key, and two readers share an entry only if all three are the same.
 */

export interface MetricsCacheSettings {
  /** How long an answer is reused; 0 turns the cache off. */
  ttlMs: number
  maxEntries: number
  /** How often the hit and miss counts are logged (at most; only when they changed); 0 = never. */
  logEveryMs: number
}

export const DEFAULT_METRICS_CACHE: MetricsCacheSettings = {
  ttlMs: 30_000,
  maxEntries: 1000,
  logEveryMs: 60_000,
}

/** Who is asking, as far as the numbers they may see depend on it. */
export interface MetricsPrincipal {
  username: string
  /** The identity provider (LOCAL, LDAP, OIDC): the same name at two providers is two people. */
  idp: string
  permissions: readonly string[]
  teams: readonly string[]
}

/** The principal part of a cache key: a digest, so names never sit in memory twice or in logs. */
export function principalKey(principal: MetricsPrincipal): string {
  const canonical = JSON.stringify([
    principal.idp,
    principal.username,
    [...new Set(principal.permissions)].sort(),
    [...new Set(principal.teams)].sort(),
  ])
  return createHash('sha256').update(canonical).digest('base64url')
}

export interface MetricsCacheStats {
  hits: number
  misses: number
  entries: number
  ttlMs: number
}

export type CacheOutcome = 'hit' | 'miss' | 'off'

type Loader = () => Promise<unknown>

/** One cache with its counters; the console uses a single instance (below), tests their own. */
export function createMetricsCache(settings: MetricsCacheSettings) {
  const cache = new LRUCache<string, { value: unknown }, Loader>({
    max: Math.max(1, settings.maxEntries),
    ttl: Math.max(1, settings.ttlMs),
    // Readers asking for the same figures at once wait for one request to the API.
    fetchMethod: async (_key, _stale, { context }) => ({ value: await context() }),
  })
  const stats = { hits: 0, misses: 0 }
  let lastLogged = { at: Date.now(), hits: 0, misses: 0 }

  return {
    settings,
    async get<T>(
      principal: MetricsPrincipal,
      resource: string,
      load: () => Promise<T>,
    ): Promise<{ value: T; outcome: CacheOutcome }> {
      if (settings.ttlMs <= 0) return { value: await load(), outcome: 'off' }
      const status: LRUCache.Status<string, { value: unknown }, Loader> = {}
      const entry = await cache.fetch(`${principalKey(principal)}:${resource}`, {
        context: load,
        status,
      })
      const outcome = status.fetch === 'hit' || status.fetch === 'inflight' ? 'hit' : 'miss'
      stats[outcome === 'hit' ? 'hits' : 'misses'] += 1
      return { value: entry!.value as T, outcome }
    },
    /** After a refresh request every principal's figures are about to change. */
    invalidate() {
      cache.clear()
    },
    stats(): MetricsCacheStats {
      return { ...stats, entries: cache.size, ttlMs: settings.ttlMs }
    },
    /** The counts as a log line's fields when `logEveryMs` has passed and they moved. */
    due(now = Date.now()): MetricsCacheStats | undefined {
      if (settings.logEveryMs <= 0 || now - lastLogged.at < settings.logEveryMs) return undefined
      if (stats.hits === lastLogged.hits && stats.misses === lastLogged.misses) return undefined
      lastLogged = { at: now, ...stats }
      return this.stats()
    },
  }
}

export type MetricsCache = ReturnType<typeof createMetricsCache>

let shared: MetricsCache | undefined

/** The process's cache, made with the server's settings the first time a loader needs it. */
export function metricsCache(context: AppLoadContext): MetricsCache {
  shared ??= createMetricsCache(context.metricsCache ?? DEFAULT_METRICS_CACHE)
  return shared
}

/**
 * A metric answer for this principal, from the cache when it is fresh. Writes the periodic
 * hit/miss line to the server's JSON log.
 */
export async function cachedMetric<T>(
  context: AppLoadContext,
  principal: MetricsPrincipal,
  resource: string,
  load: () => Promise<T>,
) {
  const cache = metricsCache(context)
  const result = await cache.get(principal, resource, load)
  const due = cache.due()
  if (due) context.log?.info({ metricsCache: due }, 'metrics cache')
  return result
}

export function invalidateMetrics(context: AppLoadContext) {
  metricsCache(context).invalidate()
}

/** The cache's principal from requireUser's answer: /user/self is current, the token may not be. */
export function principalOf(session: {
  user: { username: string; permissions?: { name: string }[]; teams?: { uuid: string }[] }
  permissions: readonly string[]
  idp: string
}): MetricsPrincipal {
  return {
    username: session.user.username,
    idp: session.idp,
    permissions:
      session.user.permissions?.map((permission) => permission.name) ?? session.permissions,
    teams: session.user.teams?.map((team) => team.uuid) ?? [],
  }
}
