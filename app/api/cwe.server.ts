import { z } from 'zod'
import type { ApiClient } from './client.server.ts'
import { CweSchema, type Cwe } from './vulnerabilities.server.ts'

const PAGE = 500

let dictionary: Promise<Cwe[]> | undefined

/**
 * The whole CWE dictionary (about 1,400 entries) from GET /v1/cwe, read in pages once per
 * process: it changes only with a server release, and 4.13's /cwe ignores search text, so the
 * Select CWE list searches and pages it here.
 */
export function allCwes(api: ApiClient): Promise<Cwe[]> {
  dictionary ??= readDictionary(api).catch((error: unknown) => {
    dictionary = undefined
    throw error
  })
  return dictionary
}

async function readDictionary(api: ApiClient): Promise<Cwe[]> {
  const entries: Cwe[] = []
  for (let pageNumber = 1; ; pageNumber++) {
    const response = await api.send('/v1/cwe', { query: { pageNumber, pageSize: PAGE } })
    const page = z.array(CweSchema).parse(await response.json())
    entries.push(...page)
    const total = Number(response.headers.get('X-Total-Count'))
    if (page.length < PAGE || (Number.isFinite(total) && entries.length >= total)) break
  }
  return entries
}

/** One page of the dictionary whose id or name contains the search text. */
export async function searchCwes(
  api: ApiClient,
  { searchText, page, pageSize }: { searchText?: string; page: number; pageSize: number },
) {
  const all = await allCwes(api)
  const needle = searchText?.trim().toLowerCase().replace(/^cwe-/, '')
  const matches = needle
    ? all.filter(
        (cwe) =>
          String(cwe.cweId).includes(needle) || (cwe.name ?? '').toLowerCase().includes(needle),
      )
    : all
  const start = (page - 1) * pageSize
  return { cwes: matches.slice(start, start + pageSize), total: matches.length }
}

/** Names for the given ids, in the given order; ids the dictionary lacks keep no name. */
export async function namedCwes(api: ApiClient, ids: readonly number[]): Promise<Cwe[]> {
  if (ids.length === 0) return []
  const byId = new Map((await allCwes(api)).map((cwe) => [cwe.cweId, cwe]))
  return ids.map((cweId) => byId.get(cweId) ?? { cweId })
}
