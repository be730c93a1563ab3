import type { Lane } from './lane.ts'

/**
 * One queue in front of a single-connection database (PGlite), in two lanes (decision 026):
 * requests (foreground) and jobs (background). When both lanes wait, the one that has used less
 * of the connection's recent time (jobs' time counting double) goes next, so a request waits for
 * at most the task under way, and jobs still get a third of the time under a flood of requests.
 * Within a lane single statements pass queued transactions (decision 008), and after a run of
 * statements a transaction gets its turn, so writes are not starved.
 */
export interface Scheduler {
  statement<T>(run: () => Promise<T>): Promise<T>
  transaction<T>(run: () => Promise<T>): Promise<T>
  /** Runs once every statement and transaction queued (before or meanwhile) has run: closing. */
  last<T>(run: () => Promise<T>): Promise<T>
  /** True while some work holds the connection. */
  busy(): boolean
}

interface Task {
  run: () => Promise<unknown>
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

interface LaneQueue {
  statements: Task[]
  transactions: Task[]
  statementsInARow: number
  /** Connection time used lately (ms), decaying with USAGE_HALF_LIFE_MS since `usedAt`. */
  usage: number
  usedAt: number
}

const STATEMENTS_BEFORE_A_TRANSACTION = 16
// Long enough to remember a job's transaction across the gaps between its tasks, short enough
// that a lane idle for a few seconds starts afresh.
const USAGE_HALF_LIFE_MS = 1000
// Under contention a request's lane gets two thirds of the connection's time, jobs one third.
const BACKGROUND_WEIGHT = 2

const newLane = (): LaneQueue => ({
  statements: [],
  transactions: [],
  statementsInARow: 0,
  usage: 0,
  usedAt: 0,
})

const recentUsage = (lane: LaneQueue, now: number) =>
  lane.usage * 2 ** (-(now - lane.usedAt) / USAGE_HALF_LIFE_MS)

const waiting = (lane: LaneQueue) => lane.statements.length > 0 || lane.transactions.length > 0

function nextOf(lane: LaneQueue): Task | undefined {
  const transactionDue =
    lane.transactions.length > 0 &&
    (lane.statements.length === 0 || lane.statementsInARow >= STATEMENTS_BEFORE_A_TRANSACTION)
  if (transactionDue) {
    lane.statementsInARow = 0
    return lane.transactions.shift()
  }
  lane.statementsInARow++
  return lane.statements.shift()
}

export function createScheduler(laneOf: () => Lane = () => 'foreground'): Scheduler {
  const lanes: Record<Lane, LaneQueue> = { foreground: newLane(), background: newLane() }
  const finals: Task[] = []
  let running = false

  function pickLane(): LaneQueue | undefined {
    const { foreground, background } = lanes
    if (waiting(foreground) && waiting(background)) {
      const now = performance.now()
      return BACKGROUND_WEIGHT * recentUsage(background, now) < recentUsage(foreground, now)
        ? background
        : foreground
    }
    if (waiting(foreground)) return foreground
    return waiting(background) ? background : undefined
  }

  function pump() {
    if (running) return
    const lane = pickLane()
    const task = lane ? nextOf(lane) : finals.shift()
    if (!task) return
    running = true
    const started = performance.now()
    task
      .run()
      .then(task.resolve, task.reject)
      .finally(() => {
        if (lane) {
          const now = performance.now()
          lane.usage = recentUsage(lane, now) + (now - started)
          lane.usedAt = now
        }
        running = false
        // At once: the statements run in PGlite's thread, so requests that arrive meanwhile are
        // parsed and queued while it works; waiting a turn here would only leave it idle.
        pump()
      })
  }

  const enqueue = <T>(queue: Task[], run: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ run, resolve: resolve as (value: unknown) => void, reject })
      pump()
    })

  return {
    statement: (run) => enqueue(lanes[laneOf()].statements, run),
    transaction: (run) => enqueue(lanes[laneOf()].transactions, run),
    last: (run) => enqueue(finals, run),
    busy: () => running,
  }
}
