/**
 * Long synchronous work (checking, converting and planning a BOM of many thousand components)
 * holds the event loop: no request is answered and no timer fires until it ends. Such loops ask
 * a time slice whether their turn is up and, when it is, pause: the event loop gets a turn before
 * they go on.
 *
 * Paused work resumes one slice per event-loop turn, first paused first resumed. Were every
 * paused loop resumed in the same turn, ten uploads being converted at once would hold each turn
 * for ten slices, and a request that arrived meanwhile would wait for all of them.
 */
export const SLICE_MS = 10

/** Lets everything that is waiting (I/O callbacks, timers, other requests) run once. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}

const paused: (() => void)[] = []
let releasing = false

function releaseOne() {
  paused.shift()?.()
  // Scheduled from within this turn's immediates, the next release runs in the next turn.
  if (paused.length > 0) setImmediate(releaseOne)
  else releasing = false
}

/** Waits for a turn of the event loop in which no other paused slice resumes. */
export function waitForTurn(): Promise<void> {
  return new Promise((resolve) => {
    paused.push(resolve)
    if (!releasing) {
      releasing = true
      setImmediate(releaseOne)
    }
  })
}

export interface TimeSlice {
  /** Whether this slice has used up its time; then `pause()` before going on. */
  readonly due: boolean
  /** Waits for a turn of the event loop of its own (see waitForTurn), then starts a new slice. */
  pause(): Promise<void>
}

export function timeSlice(budgetMs = SLICE_MS): TimeSlice {
  let started = performance.now()
  return {
    get due() {
      return performance.now() - started >= budgetMs
    },
    async pause() {
      await waitForTurn()
      started = performance.now()
    },
  }
}
