import type { AnalysisLevel } from '../../../common/dt-vocabulary.ts'
import type { AppContext } from '../../context.ts'
import { activeProjectIdsAfter, chainOfSingleton, jobKindState } from '../../data/analysis.ts'
import { findConfigProperty } from '../../data/config-properties.ts'
import type { Queryable } from '../../db/database.ts'
import { ANALYSIS_JOB, type AnalysisJobPayload } from './model.ts'

type Enqueue = AppContext['enqueue']

/** The job that walks the portfolio and queues one analysis per active project. */
export const PORTFOLIO_ANALYSIS_JOB = 'vulnerability.analysis.portfolio'

const projectKey = (projectId: number) => `${ANALYSIS_JOB}:project:${projectId}`
const componentKey = (componentId: number) => `${ANALYSIS_JOB}:component:${componentId}`

const ANALYSIS_ATTEMPTS = 3
const INITIAL_DELAY_MS = 6 * 3_600_000
const DEFAULT_CADENCE_HOURS = 24

/**
 * Queues the analysis of a whole project and answers its token. Requests for a project whose
 * analysis still waits or runs coalesce: they get that analysis's token. A request that brings
 * its own token (a BOM upload's) keeps it: when another analysis is pending it is queued on its
 * own, so its token stays "processing" until an analysis of the new inventory ended.
 */
export async function requestProjectAnalysis(
  db: Queryable,
  enqueue: Enqueue,
  projectId: number,
  level: AnalysisLevel,
  chainId?: string,
): Promise<string> {
  const payload: AnalysisJobPayload = { projectId, level }
  const key = projectKey(projectId)
  for (let tries = 0; tries < 3; tries++) {
    const job = await enqueue(db, ANALYSIS_JOB, payload, {
      chainId,
      singletonKey: key,
      maxAttempts: ANALYSIS_ATTEMPTS,
    })
    if (job) return job.chainId
    if (chainId) break
    const pending = await chainOfSingleton(db, key)
    if (pending) return pending
  }
  const job = await enqueue(db, ANALYSIS_JOB, payload, { chainId, maxAttempts: ANALYSIS_ATTEMPTS })
  return job!.chainId
}

/** ON_DEMAND analysis of one component (after it was created or changed through the API). */
export async function requestComponentAnalysis(
  db: Queryable,
  enqueue: Enqueue,
  projectId: number,
  componentId: number,
) {
  const payload: AnalysisJobPayload = { projectId, level: 'ON_DEMAND', componentIds: [componentId] }
  await enqueue(db, ANALYSIS_JOB, payload, {
    singletonKey: componentKey(componentId),
    maxAttempts: ANALYSIS_ATTEMPTS,
  })
}

/**
 * The scheduled portfolio analysis (4.13 §2.1, §8.3): six hours after start-up, then every
 * `task-scheduler/portfolio.vulnerability.analysis.cadence` hours after the last run ended.
 * Idempotent and safe with several processes: at most one portfolio run waits at a time.
 */
export async function schedulePortfolioAnalysis(
  db: Queryable,
  enqueue: Enqueue,
  options: { atStartup: boolean },
) {
  const state = await jobKindState(db, PORTFOLIO_ANALYSIS_JOB)
  if (state.pending) return
  const cadence = await findConfigProperty(
    db,
    'task-scheduler',
    'portfolio.vulnerability.analysis.cadence',
  )
  const hours = Number(cadence?.property_value) || DEFAULT_CADENCE_HOURS
  let runAt: Date
  if (options.atStartup || !state.last) runAt = new Date(Date.now() + INITIAL_DELAY_MS)
  else if (Date.now() - state.last.getTime() >= hours * 3_600_000) runAt = new Date()
  else return
  await enqueue(db, PORTFOLIO_ANALYSIS_JOB, {}, { singletonKey: PORTFOLIO_ANALYSIS_JOB, runAt })
}

const PROJECT_PAGE = 100

/** Queues a PERIODIC_ANALYSIS of every active project, in id order, 100 at a time. */
export async function queuePortfolioAnalysis(db: Queryable, enqueue: Enqueue): Promise<number> {
  let queued = 0
  for (let after = 0; ;) {
    const ids = await activeProjectIdsAfter(db, after, PROJECT_PAGE)
    for (const id of ids) {
      await requestProjectAnalysis(db, enqueue, id, 'PERIODIC_ANALYSIS')
      queued++
    }
    if (ids.length < PROJECT_PAGE) return queued
    after = ids.at(-1)!
  }
}
