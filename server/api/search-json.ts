import { z } from 'zod'
import type { SearchResults, SearchRow } from '../domain/search/search.ts'

/** One hit: the index's stored fields that are not blank, every value a string. */
export const SearchHitJson = z.record(z.string(), z.string())

export const SearchResultJson = z
  .object({ results: z.record(z.string(), z.array(SearchHitJson)) })
  .meta({ description: 'Hits per index (lower-case index type), at most 1000 each' })

function hitJson(row: SearchRow): Record<string, string> {
  return Object.fromEntries(
    Object.entries(row).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '',
    ),
  )
}

export function searchResultJson(results: SearchResults) {
  return {
    results: Object.fromEntries(
      Object.entries(results).map(([index, rows]) => [index, (rows ?? []).map(hitJson)]),
    ),
  }
}
