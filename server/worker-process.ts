import { fork, type ChildProcess } from 'node:child_process'
import type { Env } from './config/env.ts'
import { lowerProcessPriority } from './lib/thread-priority.ts'
import type { Logger } from './logger.ts'
import { createLookout, type Lookout } from './lookout.ts'

/** The argument a worker process is started with, after those of the program that starts it. */
export const WORKER_PROCESS_ARG = '--worker-process'

/**
 * On PostgreSQL, one process with the worker role and another runs its jobs in a process of its
 * own at a lower CPU priority (decision 028): on a busy machine the kernel then gives the cores to
 * the process answering requests first. PGlite's data folder has one owner, so it never splits.
 */
export function runsWorkerProcess(env: Env): boolean {
  return (
    env.LOOKOUT_WORKER_PROCESS &&
    env.DATABASE_URL !== undefined &&
    env.LOOKOUT_ROLES.has('worker') &&
    env.LOOKOUT_ROLES.size > 1
  )
}

function withoutWorkerRole(env: Env): Env {
  return { ...env, LOOKOUT_ROLES: new Set([...env.LOOKOUT_ROLES].filter((r) => r !== 'worker')) }
}

/** The worker process's environment: the parent's, with only the worker role and no public port. */
function workerProcessEnv(parentEnv: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...parentEnv,
    LOOKOUT_ROLES: 'worker',
    LOOKOUT_WORKER_PROCESS: 'false',
    PORT: '0',
    HOST: '127.0.0.1',
  }
}

interface Message {
  kind: 'ready' | 'nudge'
}

interface WorkerProcess {
  /** Wakes the worker's idle job slots (after the parent enqueued a job). */
  nudge(): void
  stop(): Promise<void>
}

/** How to start this program again: script, arguments, Node flags and environment. */
export interface Relaunch {
  script: string
  args: string[]
  execArgv: string[]
  env: NodeJS.ProcessEnv
}

interface WorkerProcessOptions extends Relaunch {
  nice: number
  logger: Logger
}

const RESTART_FIRST_MS = 1_000
const RESTART_MAX_MS = 30_000
// A worker process that ran this long before it ended is restarted after the shortest delay.
const HEALTHY_RUN_MS = 60_000
const STOP_GRACE_MS = 20_000

/** Starts the worker process and restarts it whenever it ends, until stop(). */
function startWorkerProcess(options: WorkerProcessOptions): WorkerProcess {
  const { logger } = options
  let child: ChildProcess | undefined
  let stopping = false
  let restartDelay = RESTART_FIRST_MS
  let restartTimer: NodeJS.Timeout | undefined

  const start = () => {
    const startedAt = Date.now()
    const current = fork(options.script, [...options.args, WORKER_PROCESS_ARG], {
      execArgv: options.execArgv,
      env: options.env,
      stdio: 'inherit',
    })
    child = current
    current.on('message', (message: Message) => {
      if (message?.kind !== 'ready') return
      const lowered = lowerProcessPriority(current.pid!, options.nice)
      logger.info({ pid: current.pid, nice: lowered ? options.nice : 0 }, 'worker process ready')
    })
    current.on('error', (error) => logger.error({ err: error }, 'worker process failed'))
    current.on('exit', (code, signal) => {
      if (child === current) child = undefined
      if (stopping) return
      if (Date.now() - startedAt >= HEALTHY_RUN_MS) restartDelay = RESTART_FIRST_MS
      logger.error(
        { pid: current.pid, code, signal, restartInMs: restartDelay },
        'worker process ended; restarting it',
      )
      restartTimer = setTimeout(start, restartDelay)
      restartDelay = Math.min(RESTART_MAX_MS, restartDelay * 2)
    })
  }
  start()

  return {
    nudge() {
      if (child?.connected) child.send({ kind: 'nudge' } satisfies Message, () => undefined)
    },
    async stop() {
      stopping = true
      clearTimeout(restartTimer)
      const current = child
      if (!current || current.exitCode !== null || current.signalCode !== null) return
      const exited = new Promise((resolve) => current.once('exit', resolve))
      current.kill('SIGTERM')
      const force = setTimeout(() => current.kill('SIGKILL'), STOP_GRACE_MS)
      await exited
      clearTimeout(force)
    },
  }
}

export interface Served {
  lookout: Lookout
  address: string
  close(): Promise<void>
}

/**
 * Starts Lookout with `env` and listens; on PostgreSQL its jobs go to a worker process started as
 * `relaunch` says (runsWorkerProcess). Started as that worker process (WORKER_PROCESS_ARG), it
 * follows its parent: says when it is ready, wakes its job slots when the parent enqueued work,
 * and calls `onParentGone` when the parent ended (even one killed outright).
 */
export async function serve(
  env: Env,
  options: { logger: Logger; relaunch: Relaunch; onParentGone: () => void },
): Promise<Served> {
  const { logger, relaunch } = options
  const separateWorker = runsWorkerProcess(env)
  let workerProcess: WorkerProcess | undefined
  const lookout = await createLookout(separateWorker ? withoutWorkerRole(env) : env, {
    logger,
    onEnqueue: () => workerProcess?.nudge(),
  })
  const address = await lookout.listen()
  // Started once this process has migrated the database and set up its keys.
  if (separateWorker) {
    workerProcess = startWorkerProcess({
      ...relaunch,
      env: workerProcessEnv(relaunch.env),
      nice: env.LOOKOUT_WORKER_NICE,
      logger,
    })
  }
  if (relaunch.args.includes(WORKER_PROCESS_ARG)) followParent(lookout, options.onParentGone)
  return {
    lookout,
    address,
    async close() {
      await Promise.all([lookout.close(), workerProcess?.stop()])
    },
  }
}

function followParent(lookout: Lookout, onParentGone: () => void) {
  if (!process.send) return
  process.on('message', (message: Message) => {
    if (message?.kind === 'nudge') lookout.worker?.nudge()
  })
  process.on('disconnect', onParentGone)
  process.send({ kind: 'ready' } satisfies Message)
}
