import { LRUCache } from 'lru-cache'
import { TooManyResults, withServiceSession } from './directory.ts'
import type { LdapSettings } from './settings.ts'

export type GroupSearchResult =
  | { kind: 'not-configured' }
  | { kind: 'no-search-term' }
  | { kind: 'too-many' }
  | { kind: 'page'; dns: string[]; total: number }

const TOO_MANY = Symbol('too many')

/**
 * GET /ldap/groups (4.13): the group DNs matching the groups search filter for a term, one page
 * at a time. Each term's matches are kept for a short while, so paging through them asks the
 * directory once; concurrent requests for one term share a single search.
 */
export function createGroupSearch(settings: LdapSettings) {
  const cache = new LRUCache<string, string[] | typeof TOO_MANY>({
    max: 500,
    ttl: Math.max(1, settings.groupsCacheSeconds) * 1000,
  })
  const running = new Map<string, Promise<string[] | typeof TOO_MANY>>()

  async function matches(term: string) {
    if (settings.groupsCacheSeconds > 0) {
      const cached = cache.get(term)
      if (cached !== undefined) return cached
    }
    let search = running.get(term)
    if (!search) {
      search = searchDirectory(settings, term).finally(() => running.delete(term))
      running.set(term, search)
    }
    const found = await search
    if (settings.groupsCacheSeconds > 0) cache.set(term, found)
    return found
  }

  return async function search(
    term: string | undefined,
    offset: number,
    limit: number,
  ): Promise<GroupSearchResult> {
    if (!settings.configured) return { kind: 'not-configured' }
    if (term === undefined || term === '') return { kind: 'no-search-term' }
    const found = await matches(term)
    if (found === TOO_MANY) return { kind: 'too-many' }
    return { kind: 'page', dns: found.slice(offset, offset + limit), total: found.length }
  }
}

async function searchDirectory(settings: LdapSettings, term: string) {
  try {
    const dns = await withServiceSession(settings, (session) => session.searchGroups(term))
    // Directory order is not stable between searches; pages need one order.
    return dns.sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))
  } catch (error) {
    if (error instanceof TooManyResults) return TOO_MANY
    throw error
  }
}
