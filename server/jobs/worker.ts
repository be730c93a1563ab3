import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Database, Queryable } from '../db/database.ts'
import { inBackground } from '../db/lane.ts'
import type { Logger } from '../logger.ts'
import {
  claimJob,
  completeJob,
  DEFAULT_LEASE_MS,
  deferJob,
  extendLease,
  failJob,
  releaseJobsOfEarlierIncarnations,
  type JobRow,
} from './queue.ts'

export interface JobContext {
  db: Database
  job: JobRow
  logger: Logger
  /** Enqueue follow-up work atomically with this job's completion, in the same chain. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  /** Aborted when the worker stops: long work ends early and the job is queued again. */
  signal: AbortSignal
}

export type JobHandler = (payload: unknown, context: JobContext) => Promise<void>

export interface WorkerOptions {
  db: Database
  handlers: Record<string, JobHandler>
  logger: Logger
  concurrency: number
  /**
   * At most `max` jobs of these kinds together at once in this worker (its other slots take
   * other kinds); kinds no limit names may fill every slot.
   */
  limits?: Array<{ kinds: string[]; max: number }>
  pollMs: number
  leaseMs?: number
  /**
   * Who this worker is across restarts (see persistedWorkerIdentity). Jobs its earlier
   * incarnations held are taken back at start. Without it, every start is a new worker.
   */
  identity?: string
}

export interface Worker {
  readonly id: string
  /** Wakes idle slots at once (after a local enqueue). */
  nudge(): void
  /** Stops claiming, tells running jobs to stop (their signal) and waits for them. */
  stop(): Promise<void>
  /** Resolves when no job is due (tests and benchmarks). */
  drain(): Promise<void>
}

export function startWorker(options: WorkerOptions): Worker {
  const identity = options.identity ?? `${os.hostname()}-${randomUUID().slice(0, 8)}`
  const id = `${identity}:${process.pid}-${randomUUID().slice(0, 8)}`
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS
  const { db, logger } = options
  let stopping = false
  const sleepers = new Set<() => void>()
  let busySlots = 0
  const runningKinds = new Map<string, number>()
  const kindsAtLimit = () =>
    (options.limits ?? [])
      .filter(
        ({ kinds, max }) => kinds.reduce((n, kind) => n + (runningKinds.get(kind) ?? 0), 0) >= max,
      )
      .flatMap(({ kinds }) => kinds)
  // Slots claim one at a time, so two cannot both take the last place a limit leaves.
  let claimTurn: Promise<unknown> = Promise.resolve()
  const claimNext = () => {
    const claimed = claimTurn.then(async () => {
      const job = await claimJob(db, id, leaseMs, kindsAtLimit())
      if (job) runningKinds.set(job.kind, (runningKinds.get(job.kind) ?? 0) + 1)
      return job
    })
    claimTurn = claimed.catch(() => undefined)
    return claimed
  }
  const stopSignal = new AbortController()

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        sleepers.delete(done)
        resolve()
      }
      sleepers.add(done)
    })

  async function runOne(job: JobRow) {
    const handler = options.handlers[job.kind]
    const heartbeat = setInterval(
      () => void extendLease(db, job.id, id, leaseMs).catch(() => undefined),
      Math.max(50, Math.floor(leaseMs / 3)),
    )
    try {
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`)
      await handler(job.payload, {
        db,
        job,
        logger,
        transaction: (fn) => db.transaction(fn),
        signal: stopSignal.signal,
      })
      await completeJob(db, job.id, id)
    } catch (error) {
      if (stopSignal.signal.aborted) {
        logger.info({ jobId: job.id, kind: job.kind }, 'job interrupted by shutdown; queued again')
        await deferJob(db, job.id, 0).catch(() => undefined)
        return
      }
      const message = error instanceof Error ? error.message : String(error)
      logger.warn(
        { jobId: job.id, kind: job.kind, attempt: job.attempts, err: message },
        'job failed',
      )
      await failJob(db, job, id, message).catch(() => undefined)
    } finally {
      clearInterval(heartbeat)
    }
  }

  const released = options.identity
    ? releaseJobsOfEarlierIncarnations(db, identity, id).then(
        (count) => {
          if (count > 0) logger.info({ worker: id, jobs: count }, 'jobs of a previous run resumed')
        },
        (error) => logger.error({ err: error }, 'could not resume jobs of a previous run'),
      )
    : Promise.resolve()

  async function slot() {
    await released
    while (!stopping) {
      let job: JobRow | undefined
      try {
        job = await claimNext()
      } catch (error) {
        if (stopping) return
        logger.error({ err: error instanceof Error ? error.message : error }, 'job claim failed')
      }
      if (!job) {
        await sleep(options.pollMs)
        continue
      }
      busySlots++
      try {
        await runOne(job)
      } finally {
        busySlots--
        runningKinds.set(job.kind, runningKinds.get(job.kind)! - 1)
      }
    }
  }

  // Job work travels in the database's background lane: requests pass it (decision 026).
  const slots = Array.from({ length: options.concurrency }, () => inBackground(slot))

  return {
    id,
    nudge() {
      for (const wake of [...sleepers]) wake()
    },
    async stop() {
      stopping = true
      stopSignal.abort()
      for (const wake of [...sleepers]) wake()
      await Promise.all(slots)
    },
    async drain() {
      for (;;) {
        for (const wake of [...sleepers]) wake()
        const [row] = await db.query<{ pending: boolean }>(
          `SELECT EXISTS (SELECT 1 FROM job WHERE (status = 'queued' AND run_at <= now())
             OR status = 'running') AS pending`,
        )
        if (!row?.pending && busySlots === 0) return
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    },
  }
}

/**
 * A worker identity kept in the data folder, so a restarted process recognises the jobs it held.
 * Worker processes must not share a data folder (each PGlite process has its own anyway).
 */
export function persistedWorkerIdentity(dataDir: string): string {
  const file = path.join(dataDir, 'worker.id')
  try {
    const stored = fs.readFileSync(file, 'utf8').trim()
    if (stored) return stored
  } catch {
    // first start with this folder
  }
  const identity = `${os.hostname()}-${randomUUID().slice(0, 8)}`
  fs.mkdirSync(dataDir, { recursive: true })
  fs.writeFileSync(file, `${identity}\n`)
  return identity
}
