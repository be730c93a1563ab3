import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * Which lane a database call travels in (decision 026). Requests travel in the foreground; job
 * handlers run in the background, so on the one PGlite connection a request's statement waits
 * for at most the task under way, never for a queue of job work.
 */
export type Lane = 'foreground' | 'background'

const current = new AsyncLocalStorage<Lane>()

/** Runs fn, and everything it starts (awaits, timers), in the background lane. */
export function inBackground<T>(fn: () => T): T {
  return current.run('background', fn)
}

export function currentLane(): Lane {
  return current.getStore() ?? 'foreground'
}
