import { randomUUID } from 'node:crypto'
import type { Queryable } from '../../db/database.ts'
import {
  searchTable,
  searchVulnerableSoftwareByCpe,
  type SearchIndex,
  type SearchRow,
} from '../../data/search.ts'
import { textError } from '../../lib/errors.ts'
import type { Principal } from '../auth/principal.ts'
import { projectAccessFor } from '../projects/access.ts'

export type { SearchIndex, SearchRow }

/**
 * Search over the portfolio and the catalogues (dt-api-admin §4, dt-behaviour §10). 4.13 keeps
 * Lucene indexes; Lookout searches the tables themselves, so there is nothing to rebuild.
 */

/** 4.13's cap on hits per index. */
export const SEARCH_LIMIT = 1000
/** Longer queries are refused; no indexed value of interest is that long. */
export const SEARCH_QUERY_MAX = 1024

/** The indexes GET /search runs over (not vulnerable software), in 4.13's order. */
export const PORTFOLIO_SEARCH: readonly SearchIndex[] = [
  'project',
  'component',
  'servicecomponent',
  'vulnerability',
  'license',
]

export const INDEX_TYPES = [
  'PROJECT',
  'COMPONENT',
  'SERVICECOMPONENT',
  'VULNERABILITY',
  'LICENSE',
  'VULNERABLESOFTWARE',
] as const
export const NO_VALID_INDEX_TYPE = 'No valid index type was provided'

export type SearchResults = Partial<Record<SearchIndex, SearchRow[]>>

/**
 * Hits of each index for a query. Beyond 4.13 (which searches without portfolio ACL), project,
 * component and service hits are limited to the projects the principal may see.
 */
export async function search(
  db: Queryable,
  principal: Principal | undefined,
  indexes: readonly SearchIndex[],
  query: string | undefined,
): Promise<SearchResults> {
  const text = query?.trim() ?? ''
  const access = await projectAccessFor(db, principal)
  const hits = await Promise.all(
    indexes.map((index) => (text ? searchTable(db, index, text, access, SEARCH_LIMIT) : [])),
  )
  return Object.fromEntries(indexes.map((index, i) => [index, hits[i]]))
}

/** `cpe:2.3:a:vendor:product:…` or `cpe:/a:vendor:product:…` → part, vendor and product. */
export function parseCpe(cpe: string) {
  const fields = cpe.startsWith('cpe:2.3:')
    ? cpe.slice(8).split(/(?<!\\):/)
    : cpe.startsWith('cpe:/')
      ? cpe.slice(5).split(':')
      : undefined
  if (!fields) return undefined
  const any = (value: string | undefined) => (!value || value === '-' ? '*' : value)
  return { part: any(fields[0]), vendor: any(fields[1]), product: any(fields[2]) }
}

/** Vulnerable software by query, or by a CPE's part, vendor and product when one is given. */
export async function searchVulnerableSoftware(
  db: Queryable,
  principal: Principal | undefined,
  query: string | undefined,
  cpe: string | undefined,
): Promise<SearchResults> {
  if (!cpe?.trim()) return search(db, principal, ['vulnerablesoftware'], query)
  const parsed = parseCpe(cpe.trim())
  return {
    vulnerablesoftware: parsed ? await searchVulnerableSoftwareByCpe(db, parsed, SEARCH_LIMIT) : [],
  }
}

/**
 * 4.13 rebuilds the named indexes in a chain of jobs and answers the chain's token. With no index
 * to rebuild the chain is empty: its token reports `processing: false` at once.
 */
export function reindex(types: readonly string[]): { token: string } {
  const valid = types.filter((type) => (INDEX_TYPES as readonly string[]).includes(type))
  if (valid.length === 0) throw textError(400, NO_VALID_INDEX_TYPE)
  return { token: randomUUID() }
}
