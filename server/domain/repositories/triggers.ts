import type { AppContext } from '../../context.ts'
import { jobKindState } from '../../data/analysis.ts'
import { findConfigProperty } from '../../data/config-properties.ts'
import type { Queryable } from '../../db/database.ts'
import {
  PORTFOLIO_REPOSITORY_META_JOB,
  REPOSITORY_META_JOB,
  type RepositoryMetaPayload,
} from './jobs.ts'
import { packageOf } from './packages.ts'

type Enqueue = AppContext['enqueue']

const ATTEMPTS = 3
const INITIAL_DELAY_MS = 3_600_000
const DEFAULT_CADENCE_HOURS = 24

/**
 * The metadata of a project's components, after a BOM was processed. Its own job, not in the
 * upload's chain: 4.13 runs it beside the chain, so the token never waits for the repositories.
 * Requests for a project whose run still waits coalesce.
 */
export async function requestProjectMetadata(db: Queryable, enqueue: Enqueue, projectId: number) {
  const payload: RepositoryMetaPayload = { projectId }
  await enqueue(db, REPOSITORY_META_JOB, payload, {
    singletonKey: `${REPOSITORY_META_JOB}:project:${projectId}`,
    maxAttempts: ATTEMPTS,
  })
}

/** The metadata of one component created or changed through the API (when its purl has a type). */
export async function requestComponentMetadata(
  db: Queryable,
  enqueue: Enqueue,
  component: { id: number | string; purl: string | null },
) {
  if (!component.purl || !packageOf(component.purl)) return
  const payload: RepositoryMetaPayload = { componentIds: [Number(component.id)] }
  await enqueue(db, REPOSITORY_META_JOB, payload, {
    singletonKey: `${REPOSITORY_META_JOB}:component:${component.id}`,
    maxAttempts: ATTEMPTS,
  })
}

/**
 * The scheduled portfolio run (§8.2, §8.3): an hour after start-up, then every
 * `task-scheduler/repository.metadata.fetch.cadence` hours after the last run ended. At most
 * one waits at a time, however many processes schedule.
 */
export async function scheduleRepositoryMetadata(
  db: Queryable,
  enqueue: Enqueue,
  options: { atStartup: boolean },
) {
  const state = await jobKindState(db, PORTFOLIO_REPOSITORY_META_JOB)
  if (state.pending) return
  const cadence = await findConfigProperty(
    db,
    'task-scheduler',
    'repository.metadata.fetch.cadence',
  )
  const hours = Number(cadence?.property_value) || DEFAULT_CADENCE_HOURS
  let runAt: Date
  if (options.atStartup || !state.last) runAt = new Date(Date.now() + INITIAL_DELAY_MS)
  else if (Date.now() - state.last.getTime() >= hours * 3_600_000) runAt = new Date()
  else return
  await enqueue(
    db,
    PORTFOLIO_REPOSITORY_META_JOB,
    {},
    {
      singletonKey: PORTFOLIO_REPOSITORY_META_JOB,
      runAt,
      maxAttempts: ATTEMPTS,
    },
  )
}
