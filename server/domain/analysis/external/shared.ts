import { findCacheEntries, saveCacheEntries } from '../../../data/analysis-cache.ts'
import { findVulnerabilitiesByKey } from '../../../data/vulnerability-catalogue.ts'
import type { Database, Queryable } from '../../../db/database.ts'
import { writeCatalogueBatch } from '../../vulnerabilities/catalogue.ts'
import type { CatalogueWriteOptions, VulnerabilityRecord } from '../../vulnerabilities/model.ts'
import { scoreCvss } from '../../vulnerabilities/scoring.ts'
import type { AnalysisContext } from '../model.ts'
import { cacheValidityMs } from './settings.ts'

export const vulnKey = (source: string, vulnId: string) => `${source}\u0000${vulnId}`

const inTransaction = <T>(db: Queryable, fn: (tx: Queryable) => Promise<T>) =>
  'transaction' in db ? (db as Database).transaction(fn) : fn(db)

/**
 * Writes what a service reported through the one catalogue writer (so aliases, scores and sync
 * rules are the mirrors') and answers each record's database id by `vulnKey`.
 */
export async function writeReported(
  db: Queryable,
  records: readonly VulnerabilityRecord[],
  options: CatalogueWriteOptions,
): Promise<Map<string, number>> {
  if (records.length === 0) return new Map()
  return inTransaction(db, async (tx) => {
    await writeCatalogueBatch(tx, records, options)
    const rows = await findVulnerabilitiesByKey(
      tx,
      records.map((record) => ({ source: record.source, vulnId: record.vulnId })),
    )
    return new Map(rows.map((row) => [vulnKey(row.source, row.vuln_id), Number(row.id)]))
  })
}

/** The CVSS fields of a record from a vector (v2 or v3), scored as the mirrors score them. */
export function cvssFields(vector: string | null | undefined): Partial<VulnerabilityRecord> {
  const score = scoreCvss(vector)
  if (!score) return {}
  if (score.version === 2) {
    return {
      cvssV2Vector: score.vector,
      cvssV2BaseScore: score.baseScore,
      cvssV2ImpactSubScore: score.impactSubScore,
      cvssV2ExploitabilitySubScore: score.exploitabilitySubScore,
    }
  }
  if (score.version === 3) {
    return {
      cvssV3Vector: score.vector,
      cvssV3BaseScore: score.baseScore,
      cvssV3ImpactSubScore: score.impactSubScore,
      cvssV3ExploitabilitySubScore: score.exploitabilitySubScore,
    }
  }
  return { cvssV4Vector: score.vector, cvssV4Score: score.baseScore }
}

/** 4.13 keeps a reference URL within 255 characters: the query string goes first, then the rest. */
export function referenceUrl(url: string | null | undefined): string | null {
  if (!url) return null
  if (url.length <= 255) return url
  return url.replace(/\?.*$/, '').slice(0, 255)
}

/** The component analysis cache of one analyzer (key: base URL, source, target). */
export function analysisCache(context: AnalysisContext, targetHost: string, source: string) {
  return {
    async valid(targets: readonly string[]): Promise<Map<string, number[]>> {
      const validFrom = new Date(Date.now() - cacheValidityMs(context.settings))
      const unique = [...new Set(targets)]
      const entries = await findCacheEntries(context.db, targetHost, source, unique, validFrom)
      return new Map(entries.map((entry) => [entry.target, entry.vulnerabilityIds]))
    },
    async save(results: ReadonlyMap<string, readonly number[]>) {
      await saveCacheEntries(
        context.db,
        targetHost,
        source,
        [...results].map(([target, ids]) => ({ target, vulnerabilityIds: [...new Set(ids)] })),
      )
    },
  }
}

/** One log line for a failed analyzer run; messages never carry credentials. */
export function logFailure(context: AnalysisContext, analyzer: string, error: unknown) {
  const reason = error instanceof Error ? error.message : String(error)
  context.logger.error(
    { analyzer, analysisLevel: context.level, reason },
    `${analyzer} analysis failed; its remaining requests of this run were skipped`,
  )
}
