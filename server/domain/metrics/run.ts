import type { RiskWeights } from '../../../common/metrics-shapes.ts'
import { analyzeComponentRowsIfGrown, measureComponents } from '../../data/metrics-components.ts'
import {
  analyzeMetricsTables,
  collectionsDeepestFirst,
  findMeasuredProject,
  lockMetrics,
  measurableProjectsAfter,
  measureCollections,
  measurePortfolio,
  measureProjects,
  replaceVulnerabilityMetrics,
  type MeasurableProject,
} from '../../data/metrics-measure.ts'
import type { Database } from '../../db/database.ts'
import { readRiskWeights } from './weights.ts'

/**
 * Metrics runs (dt-behaviour §4). Each step is one transaction holding the metrics lock, so runs
 * on any number of workers never interleave their writes, and every row of a step carries the
 * time the step took the lock.
 */

/** Components per transaction of a full run: one statement counts them all. */
export const BATCH_COMPONENTS = 20_000
/** Projects per transaction of a full run (many tiny projects). */
export const BATCH_PROJECTS = 500
const PAGE = 2000

/** One project: its components and its row, or a collection's row. Undefined when it is gone. */
export async function measureProject(db: Database, projectId: number) {
  const weights = await readRiskWeights(db)
  const outcome = await db.transaction(async (tx) => {
    const at = await lockMetrics(tx)
    const project = await findMeasuredProject(tx, projectId)
    if (!project) return undefined
    if (project.isCollection) {
      const changed = await measureCollections(tx, [projectId], weights, at)
      return { changed: changed.length > 0, collection: true, written: 0 }
    }
    const written = await measureComponents(tx, [projectId], weights, at)
    const changed = await measureProjects(tx, [projectId], weights, at)
    return { changed: changed.length > 0, collection: false, written }
  })
  if (outcome?.written) await analyzeComponentRowsIfGrown(db, outcome.written)
  return outcome
}

/** Every collection project, deepest first (a level at a time), then the portfolio row. */
export async function measureAggregates(db: Database, weights?: RiskWeights) {
  const used = weights ?? (await readRiskWeights(db))
  const collections = await collectionsDeepestFirst(db)
  const levels = new Map<number, number[]>()
  for (const { id, depth } of collections) levels.set(depth, [...(levels.get(depth) ?? []), id])
  for (const ids of levels.values()) {
    for (let start = 0; start < ids.length; start += BATCH_PROJECTS) {
      const batch = ids.slice(start, start + BATCH_PROJECTS)
      await db.transaction(async (tx) => measureCollections(tx, batch, used, await lockMetrics(tx)))
    }
  }
  await db.transaction(async (tx) => measurePortfolio(tx, used, await lockMetrics(tx)))
  return { collections: collections.length }
}

/** Consecutive projects whose components add up to at most BATCH_COMPONENTS (one at least). */
export function batchesOf(projects: readonly MeasurableProject[]): number[][] {
  const batches: number[][] = []
  let batch: number[] = []
  let size = 0
  for (const project of projects) {
    const full = size + project.components > BATCH_COMPONENTS || batch.length >= BATCH_PROJECTS
    if (batch.length > 0 && full) {
      batches.push(batch)
      batch = []
      size = 0
    }
    batch.push(project.id)
    size += project.components
  }
  if (batch.length > 0) batches.push(batch)
  return batches
}

export interface FullRunOptions {
  /** Inactive projects too (4.13's portfolio run measures active projects only). */
  includeInactive?: boolean
  signal?: AbortSignal
}

/**
 * The portfolio run (§4.4): every active project that holds components, in batches of projects
 * counted by one statement each, then the collections and the portfolio row.
 */
export async function measureEverything(db: Database, options: FullRunOptions = {}) {
  const weights = await readRiskWeights(db)
  let projects = 0
  let components = 0
  // Component rows written since the statistics were last taken (the first run writes one per
  // component: plans made for an empty table would then scan it in a loop).
  let written = 0
  for (let after = 0; ;) {
    options.signal?.throwIfAborted()
    const page = await measurableProjectsAfter(db, after, PAGE, options.includeInactive ?? false)
    for (const batch of batchesOf(page)) {
      options.signal?.throwIfAborted()
      written += await db.transaction(async (tx) => {
        const at = await lockMetrics(tx)
        const rows = await measureComponents(tx, batch, weights, at)
        await measureProjects(tx, batch, weights, at)
        return rows
      })
      if (await analyzeComponentRowsIfGrown(db, written)) written = 0
    }
    projects += page.length
    components += page.reduce((sum, project) => sum + project.components, 0)
    if (page.length < PAGE) break
    after = page.at(-1)!.id
  }
  const { collections } = await measureAggregates(db, weights)
  await analyzeMetricsTables(db)
  return { projects, components, collections }
}

/** The catalogue's vulnerabilities by month and year, replacing the previous counts. */
export async function measureVulnerabilities(db: Database) {
  await db.transaction(async (tx) => replaceVulnerabilityMetrics(tx, new Date()))
}
