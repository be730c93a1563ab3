import type { Database } from '../../../db/database.ts'
import {
  beginMirrorRun,
  finishMirrorRun,
  markMirrorIdle,
  markMirrorQueued,
  mirrorState,
  recordMirrorProgress,
} from '../../../data/mirror-state.ts'
import type { AppContext } from '../../../context.ts'
import type { Queryable } from '../../../db/database.ts'
import type { Logger } from '../../../logger.ts'
import { readConfigValue } from '../../config/properties.ts'
import { writeCatalogueBatch } from '../catalogue.ts'
import { mirrorSources } from './registry.ts'
import type { ConfigReader, MirrorRunContext, MirrorSourceName } from './source.ts'
import { MIRROR_SOURCES } from './source.ts'

export const MIRROR_JOB = 'vulnerability.mirror'

export interface MirrorJobPayload {
  source: MirrorSourceName
  /** An uploaded bulk file (under the data folder) to import instead of fetching. */
  bulkFile?: string
}

export const isMirrorSource = (value: unknown): value is MirrorSourceName =>
  typeof value === 'string' && (MIRROR_SOURCES as readonly string[]).includes(value)

export interface MirrorDeps {
  db: Database
  logger: Logger
  encryptionKey: Uint8Array
  workDir: string
  fetch?: typeof fetch
  /** Resolves early when the worker stops. */
  sleep?: (ms: number) => Promise<void>
}

export const configReader =
  (db: Queryable, encryptionKey: Uint8Array): ConfigReader =>
  (groupName, propertyName) =>
    readConfigValue(db, groupName, propertyName, encryptionKey)

/**
 * One run of one source's mirror: resumes from the stored position, commits batch by batch, and
 * records success or the error (then rethrows so the job is retried and, in the end, failed).
 */
export async function runMirror(
  deps: MirrorDeps,
  name: MirrorSourceName,
  /** A bulk file to import instead of fetching (runs even when the source's mirror is off). */
  bulkFile?: string,
): Promise<void> {
  const source = mirrorSources[name]
  const config = configReader(deps.db, deps.encryptionKey)
  if (bulkFile === undefined && !(await source.isEnabled(config))) {
    deps.logger.info({ source: name }, 'mirror skipped: source disabled')
    await markMirrorIdle(deps.db, name)
    return
  }
  const state = await beginMirrorRun(deps.db, name)
  const context: MirrorRunContext = {
    db: deps.db,
    config,
    logger: deps.logger,
    state,
    workDir: deps.workDir,
    fetch: deps.fetch ?? fetch,
    sleep: deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    async commit(batch) {
      await deps.db.transaction(async (tx) => {
        if (batch.records && batch.records.length > 0) {
          await writeCatalogueBatch(
            tx,
            batch.records,
            batch.writeOptions ?? { attributionSource: 'UNKNOWN', syncAliases: false },
          )
        }
        await batch.write?.(tx)
        await recordMirrorProgress(tx, name, {
          position: batch.position,
          recordsAdded: batch.recordCount ?? batch.records?.length ?? 0,
          recordsTotal: batch.recordsTotal,
          currentStep: batch.currentStep,
        })
      })
    },
    async step(currentStep, recordsTotal) {
      const current = await mirrorState(deps.db, name)
      await recordMirrorProgress(deps.db, name, {
        position: current?.position ?? null,
        recordsAdded: 0,
        recordsTotal,
        currentStep,
      })
    },
  }
  try {
    if (bulkFile === undefined) await source.run(context)
    else await source.importFile(context, bulkFile)
    await finishMirrorRun(deps.db, name, {})
    deps.logger.info({ source: name }, 'mirror finished')
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    await finishMirrorRun(deps.db, name, { error: message }).catch(() => undefined)
    throw error
  }
}

type Enqueue = AppContext['enqueue']

export const mirrorSingletonKey = (name: MirrorSourceName) => `mirror:${name}`

/**
 * Queues a run now ("Mirror now", a changed source); a run already waiting is brought forward.
 * Answers the job chain of the queued run, or undefined when a run of the source is under way.
 */
export async function requestMirror(
  db: Queryable,
  enqueue: Enqueue,
  name: MirrorSourceName,
): Promise<string | undefined> {
  await markMirrorQueued(db, name)
  const job = await enqueue(db, MIRROR_JOB, { source: name } satisfies MirrorJobPayload, {
    singletonKey: mirrorSingletonKey(name),
    maxAttempts: 3,
    hasten: true,
  })
  return job?.chainId
}

/**
 * Queues every enabled source whose cadence has passed since its last finished run (or that never
 * ran), after its start-up delay. Idempotent: at most one run per source waits at a time.
 */
export async function scheduleDueMirrors(
  deps: Pick<MirrorDeps, 'db' | 'encryptionKey'>,
  enqueue: Enqueue,
  options: { atStartup: boolean },
): Promise<void> {
  const config = configReader(deps.db, deps.encryptionKey)
  for (const name of MIRROR_SOURCES) {
    const source = mirrorSources[name]
    if (!(await source.isEnabled(config))) continue
    const state = await mirrorState(deps.db, name)
    const hours =
      Number(source.cadenceProperty && (await config('task-scheduler', source.cadenceProperty))) ||
      source.defaultCadenceHours
    const last = state?.finished_at ? new Date(state.finished_at).getTime() : 0
    const due = options.atStartup || Date.now() - last >= hours * 3_600_000
    if (!due) continue
    await enqueue(deps.db, MIRROR_JOB, { source: name } satisfies MirrorJobPayload, {
      singletonKey: mirrorSingletonKey(name),
      maxAttempts: 3,
      runAt: new Date(Date.now() + (options.atStartup ? source.initialDelayMs : 0)),
    })
  }
}
