import type { AppContext } from '../../context.ts'
import { jobKindState } from '../../data/analysis.ts'
import { findConfigProperty } from '../../data/config-properties.ts'
import {
  databaseNow,
  findVersionOf,
  projectOfComponent,
  projectsAuditedSince,
} from '../../data/metrics-triggers.ts'
import type { Queryable } from '../../db/database.ts'
import {
  AGGREGATE_METRICS_JOB,
  PORTFOLIO_METRICS_JOB,
  PROJECT_METRICS_JOB,
  VULNERABILITY_METRICS_JOB,
  type PortfolioMetricsPayload,
  type ProjectMetricsPayload,
} from './model.ts'
import { isRiskWeight } from './weights.ts'

type Enqueue = AppContext['enqueue']

const ATTEMPTS = 3
/** Project rows changing in a burst (a CI pipeline uploading) coalesce into one aggregate run. */
export const AGGREGATE_DELAY_MS = 5000
/** 4.13 measures the portfolio and the catalogue 10 s after start, then every cadence hours. */
const INITIAL_DELAY_MS = 10_000

const projectKey = (projectId: number) => `${PROJECT_METRICS_JOB}:${projectId}`

/**
 * Queues the measurement of a project. A request coalesces with one of the project's that still
 * waits (it reads the state when it starts); one that brings its chain (a BOM upload's token) is
 * queued in that chain anyway, so the token stays "processing" until the metrics are written.
 */
export async function requestProjectMetrics(
  db: Queryable,
  enqueue: Enqueue,
  projectId: number,
  chainId?: string,
) {
  const payload: ProjectMetricsPayload = { projectId }
  const options = { chainId, maxAttempts: ATTEMPTS }
  const job = await enqueue(db, PROJECT_METRICS_JOB, payload, {
    ...options,
    singletonKey: projectKey(projectId),
  })
  if (job || !chainId) return
  await enqueue(db, PROJECT_METRICS_JOB, payload, options)
}

export async function requestProjectsMetrics(
  db: Queryable,
  enqueue: Enqueue,
  projectIds: Iterable<number>,
) {
  for (const projectId of new Set(projectIds)) await requestProjectMetrics(db, enqueue, projectId)
}

/** Collections and the portfolio row, shortly (at once with delayMs 0). */
export async function requestAggregateMetrics(
  db: Queryable,
  enqueue: Enqueue,
  delayMs = AGGREGATE_DELAY_MS,
) {
  await enqueue(
    db,
    AGGREGATE_METRICS_JOB,
    {},
    {
      singletonKey: AGGREGATE_METRICS_JOB,
      runAt: new Date(Date.now() + delayMs),
      hasten: true,
      maxAttempts: ATTEMPTS,
    },
  )
}

/** The full run (every project, then the aggregates); a waiting one is brought forward. */
export async function requestPortfolioMetrics(
  db: Queryable,
  enqueue: Enqueue,
  payload: PortfolioMetricsPayload = {},
  runAt?: Date,
) {
  const key = payload.includeInactive ? `${PORTFOLIO_METRICS_JOB}:all` : PORTFOLIO_METRICS_JOB
  await enqueue(db, PORTFOLIO_METRICS_JOB, payload, {
    singletonKey: key,
    runAt,
    hasten: runAt === undefined,
    maxAttempts: ATTEMPTS,
  })
}

/** A changed risk weight rescores every row, inactive projects' too. */
export async function requestRescoreOnWeightChange(
  db: Queryable,
  enqueue: Enqueue,
  changed: ReadonlyArray<{ groupName: string; propertyName: string }>,
) {
  if (changed.some(isRiskWeight)) {
    await requestPortfolioMetrics(db, enqueue, { includeInactive: true })
  }
}

/** The database's clock before analyses are written (see requestMetricsOfAuditedProjects). */
export const auditClock = (db: Queryable) => databaseNow(db)

/** Measures every project whose analyses were written since `since` (a clock read before). */
export async function requestMetricsOfAuditedProjects(
  db: Queryable,
  enqueue: Enqueue,
  since: Date,
) {
  await requestProjectsMetrics(db, enqueue, await projectsAuditedSince(db, since))
}

/**
 * Runs audit decisions (PUT /analysis, its batch, decision rules), then measures every project
 * whose analyses they wrote: a decision beyond one finding reaches other projects.
 */
export async function measuringAudits<T>(
  ctx: Pick<AppContext, 'db' | 'enqueue'>,
  decide: () => Promise<T>,
): Promise<T> {
  const since = await auditClock(ctx.db)
  const result = await decide()
  await requestMetricsOfAuditedProjects(ctx.db, ctx.enqueue, since)
  return result
}

/** A violation decision changes the counters of the violating component's project. */
export async function requestMetricsAfterViolationAudit(
  ctx: Pick<AppContext, 'db' | 'enqueue'>,
  componentId: number | string,
) {
  const projectId = await projectOfComponent(ctx.db, Number(componentId))
  if (projectId !== undefined) await requestProjectMetrics(ctx.db, ctx.enqueue, projectId)
}

/** A clone is measured once it exists (its findings and violations came with it). */
export async function requestMetricsOfClone(
  db: Queryable,
  enqueue: Enqueue,
  source: { project: string; version: string | null },
) {
  const projectId = await findVersionOf(db, source.project, source.version)
  if (projectId !== undefined) await requestProjectMetrics(db, enqueue, projectId)
}

const SCHEDULES = [
  { kind: PORTFOLIO_METRICS_JOB, cadence: 'portfolio.metrics.update.cadence' },
  { kind: VULNERABILITY_METRICS_JOB, cadence: 'vulnerability.metrics.update.cadence' },
] as const

/**
 * §8.3: the portfolio and vulnerability metrics 10 s after start-up, then every
 * `task-scheduler/<cadence>` hours (1 by default) after the last run ended. Safe with several
 * processes: a kind with a run waiting or under way is left alone.
 */
export async function scheduleMetrics(
  db: Queryable,
  enqueue: Enqueue,
  options: { atStartup: boolean },
) {
  for (const { kind, cadence } of SCHEDULES) {
    const state = await jobKindState(db, kind)
    if (state.pending) continue
    const hours = Number((await findConfigProperty(db, 'task-scheduler', cadence))?.property_value)
    const every = (Number.isFinite(hours) && hours > 0 ? hours : 1) * 3_600_000
    let runAt: Date
    if (options.atStartup || !state.last) runAt = new Date(Date.now() + INITIAL_DELAY_MS)
    else if (Date.now() - state.last.getTime() >= every) runAt = new Date()
    else continue
    await enqueue(db, kind, {}, { singletonKey: kind, runAt, maxAttempts: ATTEMPTS })
  }
}
