import { purgeCacheEntries } from '../../../data/analysis-cache.ts'
import { findConfigProperty } from '../../../data/config-properties.ts'
import type { Queryable } from '../../../db/database.ts'
import { cacheValidityMs } from './settings.ts'

/** Job kind of 4.13's ClearComponentAnalysisCacheTask. */
export const ANALYSIS_CACHE_PURGE_JOB = 'analysis.cache.purge'

/** Removes cache entries older than `scanner/analysis.cache.validity.period`; answers how many. */
export async function purgeExpiredAnalysisCache(db: Queryable, now = new Date()): Promise<number> {
  const row = await findConfigProperty(db, 'scanner', 'analysis.cache.validity.period')
  const settings = new Map([['analysis.cache.validity.period', row?.property_value ?? null]])
  return purgeCacheEntries(db, new Date(now.getTime() - cacheValidityMs(settings)))
}
